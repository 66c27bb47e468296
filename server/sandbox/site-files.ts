// A commit's files as the sandbox sees them: a read-only tree under `/site`, and a record of every
// file and folder an evaluation looked at, so that its result can be reused at any commit where all
// of them are the same (a push that changes no code file costs nothing).
import type { TreeIndex } from '../git/repository.js';

/** The folder a commit's files appear at inside the sandbox. */
export const SITE_ROOT = '/site';

/** An entry of a folder listing. */
export interface FolderEntry {
  name: string;
  type: 'file' | 'dir';
}

/** One commit's files, read-only, by repository path (no leading slash). */
export interface SiteFiles {
  /** The blob id of a file, undefined when there is none. */
  oid(path: string): string | undefined;
  /** A file's text, undefined when there is none. */
  read(path: string): Promise<string | undefined>;
  /** A file's size in bytes, read from its blob. */
  size(path: string): Promise<number | undefined>;
  /** A folder's entries, undefined when there is no such folder (`''` is the root). */
  list(path: string): FolderEntry[] | undefined;
}

/** Folder listings of a tree, made once per tree. */
const folders = new WeakMap<TreeIndex, Map<string, Map<string, 'file' | 'dir'>>>();

/** The folders of a tree with their entries. */
function foldersOf(tree: TreeIndex): Map<string, Map<string, 'file' | 'dir'>> {
  let index = folders.get(tree);
  if (index) return index;
  index = new Map([['', new Map()]]);
  for (const file of tree.keys()) {
    const parts = file.split('/');
    for (let depth = 0; depth < parts.length; depth++) {
      const folder = parts.slice(0, depth).join('/');
      const entries = index.get(folder) ?? new Map();
      index.set(folder, entries);
      entries.set(parts[depth], depth === parts.length - 1 ? 'file' : 'dir');
    }
  }
  folders.set(tree, index);
  return index;
}

/** A commit's files from its tree index, read through `readBlob`. */
export function treeFiles(tree: TreeIndex, readBlob: (oid: string) => Promise<Uint8Array>): SiteFiles {
  const decoder = new TextDecoder();
  return {
    oid: (path) => tree.get(path)?.oid,
    read: async (path) => {
      const entry = tree.get(path);
      return entry ? decoder.decode(await readBlob(entry.oid)) : undefined;
    },
    size: async (path) => {
      const entry = tree.get(path);
      return entry ? (await readBlob(entry.oid)).byteLength : undefined;
    },
    list: (path) => {
      const entries = foldersOf(tree).get(path);
      return entries && [...entries].map(([name, type]) => ({ name, type })).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    },
  };
}

/**
 * What an evaluation looked at: `f:path` to a blob id or `-` (a file read), `e:path` to `+` or `-`
 * (a file looked for: `require.resolve`, a module's candidates), `d:path` to the folder's names.
 */
export type ReadSet = Record<string, string>;

/** What one look at the files returns, for the read set. */
export function lookedAt(files: SiteFiles, key: string): string {
  const path = key.slice(2);
  if (key.startsWith('f:')) return files.oid(path) ?? '-';
  if (key.startsWith('e:')) return files.oid(path) === undefined ? '-' : '+';
  const entries = files.list(path);
  return entries ? entries.map((entry) => `${entry.name}${entry.type === 'dir' ? '/' : ''}`).join('\n') : '-';
}

/** True when every file and folder in `reads` is the same in `files`. */
export function sameReads(files: SiteFiles, reads: ReadSet): boolean {
  return Object.entries(reads).every(([key, value]) => lookedAt(files, key) === value);
}

/** The repository path of a sandbox path, undefined outside the site (`/etc/passwd`, `/site/../x`). */
export function repositoryPath(sandboxPath: string): string | undefined {
  if (sandboxPath === SITE_ROOT) return '';
  if (!sandboxPath.startsWith(`${SITE_ROOT}/`)) return undefined;
  const parts: string[] = [];
  for (const part of sandboxPath.slice(SITE_ROOT.length + 1).split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (!parts.pop()) return undefined;
    } else parts.push(part);
  }
  return parts.join('/');
}
