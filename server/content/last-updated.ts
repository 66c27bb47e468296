import type { Repository } from '../git/repository.js';
import { lastUpdates, type LastUpdate } from '../git/history.js';
import type { DocSet } from './doc-set.js';

// Memoized per doc set, like sidebars and tags: history never changes for a commit, and the doc
// set's cache entry bounds how long the result is kept.
const memo = new WeakMap<DocSet, Promise<Map<string, LastUpdate>>>();

/** When each file of a commit's docs folder last changed, and by whom: one history pass per commit. */
export function lastUpdatedOf(source: { repository: Pick<Repository, 'readCommitObject' | 'readTreeEntries'> }, docSet: DocSet): Promise<Map<string, LastUpdate>> {
  let result = memo.get(docSet);
  if (!result) {
    result = lastUpdates(source.repository, docSet.commit, docSet.location.path);
    memo.set(docSet, result);
    result.catch(() => memo.delete(docSet));
  }
  return result;
}
