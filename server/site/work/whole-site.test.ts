// The indexes one search reads on a commit no published version serves (decision 030, 039): a
// branch's docs and its blog's posts are built by one whole-site job, since the server runs one at
// a time and a client's tokens are few; a commit a published version serves is the site's own work.
import { describe, expect, it } from 'vitest';
import type { DocSet } from '../../content/doc-set.js';
import type { IndexAnswer } from '../../search/indexes.js';
import type { RequestContext } from '../request.js';
import { Admission } from './admission.js';
import { DEFAULT_LIMITS } from './limits.js';
import { prepareSearch, type SearchPart } from './whole-site.js';

/** A search part of `instance` at `commit` that counts its builds, ready once built. */
function part(commit: string, instance: string) {
  const built: number[] = [];
  let ready: IndexAnswer | undefined;
  const docSet = { commit, instance, version: 'current' } as DocSet;
  const searched: SearchPart & { built: number[] } = {
    docSet,
    built,
    ready: () => ready,
    lookup: async (waitMs) => {
      built.push(waitMs ?? 0);
      ready = { status: 'building', commit };
      return ready;
    },
  };
  return searched;
}

/** A request of one client on a site whose only published version is at commit `published`. */
function request(admission: Admission) {
  const snapshot = { instances: [{ versions: [{ commit: 'published' }] }] };
  const budget = { signal: new AbortController().signal, client: '10.0.0.1' };
  return { site: { admission }, snapshot, budget } as unknown as Pick<RequestContext, 'site' | 'snapshot' | 'budget'>;
}

describe('prepareSearch', () => {
  it("builds a branch's docs and posts indexes in one job, paid once, and nothing once they are ready", async () => {
    const admission = new Admission({ ...DEFAULT_LIMITS, wholeSitePerMinute: 1 }, 2 ** 30, { tooFull: () => false });
    const parts = [part('branch', 'default'), part('branch', 'blog:default'), part('branch', 'blog:releases')];
    await prepareSearch(request(admission), parts);
    expect(parts.map((searched) => searched.built)).toEqual([[Number.POSITIVE_INFINITY], [Number.POSITIVE_INFINITY], [Number.POSITIVE_INFINITY]]);
    // The client's one token a minute is spent; ready indexes need no other.
    await prepareSearch(request(admission), parts);
    expect(parts.map((searched) => searched.built.length)).toEqual([1, 1, 1]);
  });

  it("leaves a published commit's indexes and a single missing one to the search itself", async () => {
    const admission = new Admission(DEFAULT_LIMITS, 2 ** 30, { tooFull: () => false });
    const published = [part('published', 'default'), part('published', 'blog:default')];
    await prepareSearch(request(admission), published);
    const single = [part('published', 'default'), part('branch', 'blog:default')];
    await prepareSearch(request(admission), single);
    expect([...published, ...single].map((searched) => searched.built.length)).toEqual([0, 0, 0, 0]);
  });
});
