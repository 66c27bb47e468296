import type { Repository } from './repository.js';

/** A bound on the walk, so a huge history cannot stall a request; real docs repositories have a few thousand commits. */
const MAX_COMMITS = 200_000;

/**
 * Every commit reachable from `tips` (the tips included), by one walk over all parents. Costs one
 * commit-object read per commit in the history; callers cache the result by the set of tips.
 */
export async function reachableCommits(repository: Pick<Repository, 'readCommitObject'>, tips: readonly string[]): Promise<Set<string>> {
  const seen = new Set<string>();
  const queue = [...tips];
  while (queue.length && seen.size < MAX_COMMITS) {
    const oid = queue.pop()!;
    if (seen.has(oid)) continue;
    seen.add(oid);
    const commit = await repository.readCommitObject(oid).catch(() => undefined);
    // A shallow clone's boundary: its parents are not in the repository.
    for (const parent of commit?.parent ?? []) if (!seen.has(parent)) queue.push(parent);
  }
  return seen;
}
