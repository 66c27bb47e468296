// The best common ancestor of two commits, as `git merge-base` finds it, read through our own
// object reader (isomorphic-git's findMergeBase would read whole packs into memory).
import type { CommitObject } from 'isomorphic-git';

type ReadCommit = (oid: string) => Promise<CommitObject>;

/**
 * The best common ancestor of `a` and `b`: a common ancestor that no other common ancestor
 * descends from (the newest by committer date when there are several), or undefined when the
 * two share no history.
 */
export async function mergeBase(readCommit: ReadCommit, a: string, b: string): Promise<string | undefined> {
  const ofA = await ancestors(readCommit, [a]);
  // Walk from b and stop at the first common commits on each path: no other can be better.
  const candidates = new Set<string>();
  const seen = new Set<string>();
  for (const queue = [b]; queue.length; ) {
    const oid = queue.pop()!;
    if (seen.has(oid)) continue;
    seen.add(oid);
    if (ofA.has(oid)) candidates.add(oid);
    else queue.push(...(await readCommit(oid)).parent);
  }
  if (candidates.size > 1) {
    // A candidate that another one descends from is not a best one.
    const parents = (await Promise.all([...candidates].map(async (oid) => (await readCommit(oid)).parent))).flat();
    for (const oid of await ancestors(readCommit, parents)) candidates.delete(oid);
  }
  let best: { oid: string; time: number } | undefined;
  for (const oid of candidates) {
    const time = (await readCommit(oid)).committer.timestamp;
    if (!best || time > best.time) best = { oid, time };
  }
  return best?.oid;
}

/** Every commit reachable from `tips`, the tips included. */
async function ancestors(readCommit: ReadCommit, tips: string[]): Promise<Set<string>> {
  const seen = new Set<string>();
  for (const queue = [...tips]; queue.length; ) {
    const oid = queue.pop()!;
    if (seen.has(oid)) continue;
    seen.add(oid);
    queue.push(...(await readCommit(oid)).parent);
  }
  return seen;
}
