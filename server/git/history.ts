import type { Repository } from './repository.js';

/** When a file last changed, and who changed it. */
export interface LastUpdate {
  /** Milliseconds since the epoch (author date). */
  time: number;
  author: string;
  /** The file's blob as of the commit asked about (it is the same from its last change on). */
  oid: string;
}

/** Enough history for any real docs folder; a bound so a huge repository cannot stall a request. */
const MAX_COMMITS = 5000;

/**
 * The last change of every file under `folder` as of `commit`, from ONE walk back along first
 * parents (a merge counts as the change it brings), diffing only subtrees whose ids differ, and
 * stopping once every file is dated or after MAX_COMMITS. History never changes, so callers cache
 * the result by commit.
 */
export async function lastUpdates(repository: Pick<Repository, 'readCommitObject' | 'readTreeEntries'>, head: string, folder: string): Promise<Map<string, LastUpdate>> {
  folder = folder.replace(/\/+$/, '');
  const readCommit = (oid: string) => repository.readCommitObject(oid);
  const readTree = (oid: string) => repository.readTreeEntries(oid);
  const subtree = async (treeOid: string): Promise<string | undefined> => {
    let oid: string | undefined = treeOid;
    for (const segment of folder.split('/').filter(Boolean)) {
      const entry: { path: string; oid: string; type: string } | undefined = (await readTree(oid)).find((e) => e.path === segment && e.type === 'tree');
      oid = entry?.oid;
      if (!oid) return undefined;
    }
    return oid;
  };
  // Paths and ids of blobs that differ between two trees (or exist only in the first).
  const changedPaths = async (a: string, b: string | undefined, prefix: string, out: { path: string; oid: string }[]) => {
    const [left, right] = await Promise.all([readTree(a), b ? readTree(b) : Promise.resolve([])]);
    const rightByName = new Map(right.map((entry) => [entry.path, entry]));
    for (const entry of left) {
      const other = rightByName.get(entry.path);
      if (other?.oid === entry.oid) continue;
      if (entry.type === 'tree') await changedPaths(entry.oid, other?.type === 'tree' ? other.oid : undefined, `${prefix}${entry.path}/`, out);
      else if (entry.type === 'blob') out.push({ path: `${prefix}${entry.path}`, oid: entry.oid });
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
      for (const { path, oid } of await changedPaths(tree, parentTree, prefix, [])) {
        if (dated.has(path)) continue;
        dated.add(path);
        updates.set(path, { time: current.author.timestamp * 1000, author: current.author.name, oid });
      }
    }
    if (!parent) break;
    current = parent;
    tree = parentTree;
  }
  return updates;
}
