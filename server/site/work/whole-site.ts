// The answers that read a whole commit (docs/decisions/030-cost-model.md): a search index, the link
// report, llms-full.txt, a ref's changes, a page's history and diff. On the commits of published
// versions the work is the site's own (done once, in the background, kept); on any other commit it is
// a whole-site job the client pays for (admission.ts). A result already cached costs nothing.
import { docSetKey, type DocSet } from '../../content/doc-set.js';
import type { IndexAnswer } from '../../search/indexes.js';
import type { BlogAt } from '../site-search.js';
import { currentWork } from '../../work-context.js';
import { waitWhile } from './background.js';
import type { RequestContext } from '../request.js';
import type { Located, Snapshot } from '../site.js';
import { allVersions } from '../snapshot.js';

/** True when a commit is one a published version serves now (of any docs instance). */
export function isPublished(snapshot: Snapshot, commit: string): boolean {
  return allVersions(snapshot).some((version) => version.commit === commit);
}

/** A counted answer's work. */
export interface WholeSiteJob<T> {
  /** Names the answer: concurrent requests for it share one job. */
  key: string;
  /** The commits it reads: the site's own work only when all are published. */
  commits: readonly string[];
  /** The answer when it is cached already. */
  cached?: () => T | undefined;
  run: () => Promise<T>;
  /**
   * What work on published commits is: `background`, the site's own, queued and kept (index builds,
   * link reports); `inline`, the request's own (a history, a diff: bounded by the site's pages);
   * `counted`, a job like any other (llms-full.txt, which the page cache keeps anyway).
   */
  published: 'background' | 'inline' | 'counted';
}

/** The answer of a counted job, admitted as the cost model says. */
export async function wholeSite<T>(context: Pick<RequestContext, 'site' | 'snapshot' | 'budget'>, job: WholeSiteJob<T>): Promise<T> {
  const ready = job.cached?.();
  if (ready !== undefined) return ready;
  const { site, snapshot, budget } = context;
  // Part of a job already admitted (a diff's changes): paid for by that job.
  if (currentWork().meter) return job.run();
  if (job.published !== 'counted' && job.commits.every((commit) => isPublished(snapshot, commit))) {
    return job.published === 'background' ? waitWhile(site.background.run(job.key, job.run), budget?.signal) : job.run();
  }
  // No request (the check-links command, a test): the operator's own work, not limited.
  if (!budget) return job.run();
  return site.admission.wholeSite(job.key, budget, job.run);
}

/** The cached value of a derived entry (caches.ts's derive), if any. */
export function derivedValue<T>(context: Pick<RequestContext, 'site'>, oid: string, name: string): T | undefined {
  return context.site.caches.derived.get(`${oid}:${name}`)?.value as T | undefined;
}

/**
 * The search index a search of a located commit reads. A published version's index is built in
 * the background on its first search (answering from an older one, or `building`, meanwhile); any
 * other commit's is a whole-site job its client waits for. `waitMs` 0 (the 404 page's
 * suggestions) never starts a build on a commit that is not published.
 */
export function searchIndexFor(context: Pick<RequestContext, 'site' | 'snapshot' | 'budget'>, located: Located, docSet: DocSet, waitMs?: number): Promise<IndexAnswer> {
  const { site, snapshot } = context;
  return indexFor(context, docSet, site.search.ready(docSet), (wait) => site.search.index(snapshot, located, docSet, wait), waitMs);
}

/** The search index of a blog's posts at a ref, admitted as a docs index is (searchIndexFor). */
export function blogSearchIndexFor(context: Pick<RequestContext, 'site' | 'snapshot' | 'budget'>, at: BlogAt, posts: DocSet, waitMs?: number): Promise<IndexAnswer> {
  const { site, snapshot } = context;
  return indexFor(context, posts, site.search.blogReady(posts), (wait) => site.search.blogIndex(snapshot, at, posts, wait), waitMs);
}

/** A doc set's index: the site's own work on a published commit, else a whole-site job (unless it is ready, or `waitMs` is 0). */
async function indexFor(
  context: Pick<RequestContext, 'site' | 'snapshot' | 'budget'>,
  docSet: DocSet,
  ready: IndexAnswer | undefined,
  index: (waitMs?: number) => Promise<IndexAnswer>,
  waitMs?: number,
): Promise<IndexAnswer> {
  if (isPublished(context.snapshot, docSet.commit)) return index(waitMs);
  const key = docSetKey(docSet.commit, docSet);
  if (ready || waitMs === 0) return ready ?? { status: 'building', commit: key };
  return wholeSite(context, { key: `search-index:${key}`, commits: [docSet.commit], published: 'background', run: () => index(Number.POSITIVE_INFINITY) });
}

/** An index one search reads: its doc set, and how to look it up (built if need be, waiting up to `waitMs`). */
export interface SearchPart {
  docSet: DocSet;
  ready(): IndexAnswer | undefined;
  lookup(waitMs?: number): Promise<IndexAnswer>;
}

/**
 * Builds, as one whole-site job, every index a search of an unpublished commit reads that is not
 * ready (a branch's docs and its blog's posts): one search pays one admission, and the single job
 * slot is not asked for twice at once. The search then finds them in the cache.
 */
export async function prepareSearch(context: Pick<RequestContext, 'site' | 'snapshot' | 'budget'>, parts: SearchPart[]): Promise<void> {
  const missing = parts.filter((part) => !isPublished(context.snapshot, part.docSet.commit) && !part.ready());
  if (missing.length < 2) return;
  const keys = missing.map((part) => docSetKey(part.docSet.commit, part.docSet));
  await wholeSite(context, {
    key: `search-index:${keys.join('+')}`,
    commits: missing.map((part) => part.docSet.commit),
    published: 'background',
    run: () => Promise.all(missing.map((part) => part.lookup(Number.POSITIVE_INFINITY))),
  });
}
