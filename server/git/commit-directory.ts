import fs from 'node:fs';
import path from 'node:path';
import ignore, { type Ignore } from 'ignore';
import git from 'isomorphic-git';

type TreeObject = Parameters<typeof git.writeTree>[0]['tree'];

/** A file's blob id as of its last modification time and size. */
interface KnownBlob {
  mtimeMs: number;
  size: number;
  oid: string;
}

/** Options of commitDirectory. */
export interface CommitDirectoryOptions {
  branch?: string;
  /** The commit message (the embedded content's by default). */
  message?: string;
  /**
   * Blob ids of files seen by an earlier call, by path: a file whose time and size have not
   * changed is not read or hashed again. Pass the same map on every call to make them cheap.
   */
  known?: Map<string, KnownBlob>;
  /** Leaves out what the folder's `.gitignore` files exclude, as `git add` would (a working tree). */
  gitignore?: boolean;
}

/** The rules of one `.gitignore`, and the folder (relative to the root) they apply under. */
interface IgnoreRules {
  base: string;
  rules: Ignore;
}

/**
 * Commits the files of `sourceDir` to `branch` of the bare repository `gitdir` (created if
 * missing), so the embedded default content (and `docsite preview`'s working tree) is served
 * through the same git code as any remote. A new commit is made only when the tree differs from
 * the branch's current one, so restarts with unchanged content keep the same commit id (and every
 * cache keyed by it). Dotfiles and `node_modules` are skipped. Returns the branch's commit oid.
 */
export async function commitDirectory(sourceDir: string, gitdir: string, options: CommitDirectoryOptions = {}): Promise<string> {
  const branch = options.branch ?? 'main';
  if (!fs.existsSync(path.join(gitdir, 'HEAD'))) {
    await git.init({ fs, dir: gitdir, gitdir, bare: true, defaultBranch: branch });
  }
  const treeOid = await writeTreeOf(sourceDir, '', gitdir, options, []);
  const ref = `refs/heads/${branch}`;
  let parent: string | undefined;
  try {
    parent = await git.resolveRef({ fs, gitdir, ref });
    const { commit } = await git.readCommit({ fs, gitdir, oid: parent });
    if (commit.tree === treeOid) return parent;
  } catch {
    // no commit yet on this branch
  }
  const now = Math.floor(Date.now() / 1000);
  const author = { name: 'docsite', email: 'docsite@localhost', timestamp: now, timezoneOffset: 0 };
  const oid = await git.writeCommit({
    fs,
    gitdir,
    commit: { message: options.message ?? 'Embedded content\n', tree: treeOid, parent: parent ? [parent] : [], author, committer: author },
  });
  await git.writeRef({ fs, gitdir, ref, value: oid, force: true });
  return oid;
}

/** Writes the blobs and trees of a folder and returns its tree oid. */
async function writeTreeOf(root: string, relative: string, gitdir: string, options: CommitDirectoryOptions, ignores: IgnoreRules[]): Promise<string> {
  const tree: TreeObject = [];
  const dir = path.join(root, relative);
  const entries = fs.readdirSync(dir, { withFileTypes: true });
  if (options.gitignore && entries.some((entry) => entry.name === '.gitignore' && entry.isFile())) {
    ignores = [...ignores, { base: relative, rules: ignore().add(fs.readFileSync(path.join(dir, '.gitignore'), 'utf8')) }];
  }
  for (const entry of entries) {
    if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
    const child = relative ? `${relative}/${entry.name}` : entry.name;
    const asMatched = entry.isDirectory() ? `${child}/` : child;
    if (ignores.some(({ base, rules }) => rules.ignores(base ? asMatched.slice(base.length + 1) : asMatched))) continue;
    if (entry.isDirectory()) {
      tree.push({ mode: '040000', path: entry.name, oid: await writeTreeOf(root, child, gitdir, options, ignores), type: 'tree' });
    } else if (entry.isFile()) {
      tree.push({ mode: '100644', path: entry.name, oid: await blobOf(path.join(root, child), child, gitdir, options.known), type: 'blob' });
    }
  }
  return git.writeTree({ fs, gitdir, tree });
}

/** A file's blob id: from `known` when its time and size are unchanged, else written and remembered. */
async function blobOf(file: string, relative: string, gitdir: string, known: Map<string, KnownBlob> | undefined): Promise<string> {
  const { mtimeMs, size } = fs.statSync(file);
  const seen = known?.get(relative);
  if (seen && seen.mtimeMs === mtimeMs && seen.size === size) return seen.oid;
  const oid = await git.writeBlob({ fs, gitdir, blob: fs.readFileSync(file) });
  known?.set(relative, { mtimeMs, size, oid });
  return oid;
}
