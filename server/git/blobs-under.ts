import type { Repository } from './repository.js';

/**
 * Every blob under `folder` in the trees of the `tips` commits, by blob id (with one of its paths).
 * Subtrees that several commits share are read once, so many branches cost little more than one.
 */
export async function blobsUnder(repository: Pick<Repository, 'readCommitObject' | 'readTreeEntries'>, tips: readonly string[], folder: string): Promise<Map<string, string>> {
  const blobs = new Map<string, string>();
  const seenTrees = new Set<string>();
  const walk = async (treeOid: string, prefix: string): Promise<void> => {
    if (seenTrees.has(treeOid)) return;
    seenTrees.add(treeOid);
    for (const entry of await repository.readTreeEntries(treeOid)) {
      if (entry.type === 'tree') await walk(entry.oid, `${prefix}${entry.path}/`);
      else if (entry.type === 'blob' && !blobs.has(entry.oid)) blobs.set(entry.oid, prefix + entry.path);
    }
  };
  const segments = folder.split('/').filter(Boolean);
  for (const tip of tips) {
    let oid: string | undefined = (await repository.readCommitObject(tip)).tree;
    for (const segment of segments) {
      const entries: { path: string; oid: string; type: string }[] = await repository.readTreeEntries(oid!);
      oid = entries.find((entry) => entry.path === segment && entry.type === 'tree')?.oid;
      if (!oid) break;
    }
    if (oid) await walk(oid, segments.length ? `${segments.join('/')}/` : '');
  }
  return blobs;
}
