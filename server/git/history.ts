import fs from 'node:fs';
import git from 'isomorphic-git';

/** When a file last changed, and who changed it. */
export interface LastUpdate {
  /** Milliseconds since the epoch (author date). */
  time: number;
  author: string;
}

/** Enough history for any real docs folder; a bound so a huge repository cannot stall a request. */
const MAX_COMMITS = 5000;

// isomorphic-git memoizes pack indexes in this object: one per repository, shared by all passes.
const packCaches = new Map<string, object>();
const results = new Map<string, Promise<Map<string, LastUpdate>>>();
const MAX_RESULTS = 32;

/**
 * The last change of every file under `folder` as of `commit`, from ONE walk back along first
 * parents (a merge counts as the change it brings), diffing only subtrees whose ids differ, and
 * stopping once every file is dated or after MAX_COMMITS. Cached by commit: history never changes.
 */
export function lastUpdates(gitdir: string, commit: string, folder: string): Promise<Map<string, LastUpdate>> {
  const key = `${gitdir}\0${commit}\0${folder}`;
  let result = results.get(key);
  if (!result) {
    result = walkHistory(gitdir, commit, folder.replace(/\/+$/, ''));
    results.set(key, result);
    result.catch(() => results.delete(key));
    if (results.size > MAX_RESULTS) results.delete(results.keys().next().value!);
  }
  return result;
}

async function walkHistory(gitdir: string, head: string, folder: string): Promise<Map<string, LastUpdate>> {
  let cache = packCaches.get(gitdir);
  if (!cache) packCaches.set(gitdir, (cache = {}));
  const readCommit = (oid: string) => git.readCommit({ fs, gitdir, oid, cache }).then((result) => result.commit);
  const readTree = (oid: string) => git.readTree({ fs, gitdir, oid, cache }).then((result) => result.tree);
  const subtree = async (treeOid: string): Promise<string | undefined> => {
    let oid: string | undefined = treeOid;
    for (const segment of folder.split('/').filter(Boolean)) {
      const entry: { path: string; oid: string; type: string } | undefined = (await readTree(oid)).find((e) => e.path === segment && e.type === 'tree');
      oid = entry?.oid;
      if (!oid) return undefined;
    }
    return oid;
  };
  // Paths of blobs that differ between two trees (or exist only in the first).
  const changedPaths = async (a: string, b: string | undefined, prefix: string, out: string[]) => {
    const [left, right] = await Promise.all([readTree(a), b ? readTree(b) : Promise.resolve([])]);
    const rightByName = new Map(right.map((entry) => [entry.path, entry]));
    for (const entry of left) {
      const other = rightByName.get(entry.path);
      if (other?.oid === entry.oid) continue;
      if (entry.type === 'tree') await changedPaths(entry.oid, other?.type === 'tree' ? other.oid : undefined, `${prefix}${entry.path}/`, out);
      else if (entry.type === 'blob') out.push(`${prefix}${entry.path}`);
    }
    return out;
  };

  const updates = new Map<string, LastUpdate>();
  const dated = new Set<string>();
  let current = await readCommit(head);
  let tree = await subtree(current.tree);
  const prefix = folder ? `${folder}/` : '';
  for (let count = 0; tree && count < MAX_COMMITS; count++) {
    const parentOid = current.parent[0];
    const parent = parentOid ? await readCommit(parentOid) : undefined;
    const parentTree = parent ? await subtree(parent.tree) : undefined;
    if (tree !== parentTree) {
      for (const path of await changedPaths(tree, parentTree, prefix, [])) {
        if (dated.has(path)) continue;
        dated.add(path);
        updates.set(path, { time: current.author.timestamp * 1000, author: current.author.name });
      }
    }
    if (!parent) break;
    current = parent;
    tree = parentTree;
  }
  return updates;
}
