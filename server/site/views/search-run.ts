// One search of one commit's index, and of every docs instance at once (the search page's "All
// documentation", the agents' default): results on the reader's ref, with the section counts the
// page filters by and which commit answered.
import { lastFolderOf, lastVersionOf } from '../../docs/docs-instance.js';
import { docSetKey, type DocSet } from '../../content/doc-set.js';
import { breadcrumbsOf } from '../../content/sidebars/navigation.js';
import { permalinkOnRef, type Selector } from '../../urls.js';
import { HttpError } from '../http-error.js';
import { addressOf } from '../locate.js';
import type { RequestContext } from '../request.js';
import type { Located } from '../site.js';
import type { RequestBudget } from '../work/admission.js';
import { prepareSearch, searchIndexFor } from '../work/whole-site.js';
import type { SearchAnswer, SearchResult } from './search.js';

/** Searches the index of a located commit: results on the reader's ref, the section counts, and which commit answered. */
export async function runSearch(
  context: Pick<RequestContext, 'site' | 'snapshot' | 'reads'>,
  located: Located,
  docSet: DocSet,
  opts: { query: string; truncated: boolean; section?: string; offset: number; limit: number; waitMs?: number; budget?: RequestBudget },
): Promise<SearchAnswer> {
  const { site, snapshot } = context;
  const index = await searchIndexFor({ site, snapshot, budget: opts.budget }, located, docSet, opts.waitMs);
  if (index.status === 'too-big')
    throw new HttpError(
      503,
      'Search needs more memory',
      `The search index of ${scopeOf(located)} needs ${Math.ceil(index.bytes / 2 ** 20)} MiB, more than the search share of the cache budget: the operator should raise MEMORY_MB (see the README, "Memory").`,
    );
  if (index.status === 'building') return { ...emptyAnswer(located, docSet, opts.truncated), query: opts.query, building: true };
  // An older commit of the ref answered (the index's `commit` is its doc set's key): its pages are read from its own doc set.
  const answered = index.commit.split(':')[0];
  const indexed = index.commit === docSetKey(docSet.commit, docSet) ? docSet : await context.reads.docSet({ ...located, commit: answered });
  const { sidebars, groupOf } = await context.reads.sidebars(indexed);
  const labelOf = new Map(sidebars.map((sidebar) => [sidebar.name, sidebar.label]));
  const matches = index.index.search(opts.query).filter((match) => indexed.byId.has(match.docId));
  const counts = new Map<string, number>();
  for (const match of matches) {
    const group = groupOf.get(match.docId);
    if (group) counts.set(group, (counts.get(group) ?? 0) + 1);
  }
  const chosen = opts.section ? matches.filter((match) => groupOf.get(match.docId) === opts.section) : matches;
  const results = chosen.slice(opts.offset, opts.offset + opts.limit).map((match): SearchResult => {
    const hit = match.hit();
    const doc = indexed.byId.get(hit.docId)!;
    const group = groupOf.get(doc.id);
    const sidebar = sidebars.find((candidate) => candidate.name === group);
    const crumbs = sidebar ? breadcrumbsOf(sidebar.items, { docId: doc.id }, indexed).map((link) => link.label) : [];
    const url = permalinkOnRef(doc.permalink, indexed.location.base, located.prefix);
    return {
      title: doc.title,
      url: hit.anchor ? `${url}#${encodeURIComponent(hit.anchor)}` : url,
      anchor: hit.anchor || null,
      heading: hit.heading || null,
      // The page itself ends the trail: the breadcrumb is where it sits.
      breadcrumb: crumbs.slice(0, -1),
      section: group ? { name: group, label: labelOf.get(group) ?? group } : null,
      snippet: hit.snippet,
      score: Math.round(hit.score * 100) / 100,
    };
  });
  return {
    query: opts.query,
    truncated: opts.truncated,
    scope: scopeOf(located),
    commit: answered,
    stale: index.stale,
    building: false,
    // A first build under way answers as far as it has gone, and says what it leaves out.
    ...(index.partial && { notIndexed: [notYet(index.partial, scopeOf(located))] }),
    total: matches.length,
    sections: sidebars.flatMap((sidebar) => (counts.has(sidebar.name) ? [{ name: sidebar.name, label: sidebar.label, count: counts.get(sidebar.name)! }] : [])),
    results,
  };
}

/** The answer before anything was asked (or while nothing is indexed). */
export function emptyAnswer(located: Located, docSet: DocSet, truncated: boolean): SearchAnswer {
  return { query: '', truncated, scope: scopeOf(located), commit: docSet.commit, stale: false, building: false, total: 0, sections: [], results: [] };
}

/** What a located ref is, in words: `version 5.0`, `Guides main (5.3)`, `branch feature/x`, `Guides 5.2 on commit abc1234`. */
export function scopeOf(located: Located): string {
  const where = located.kind === 'branch' ? `branch ${located.branch}` : located.kind === 'commit' ? `commit ${located.commit.slice(0, 7)}` : undefined;
  const named = located.instance.label;
  const docs = named && located.version ? (located.version.badge ? `${named} ${located.version.label}` : named) : undefined;
  if (docs) return where ? `${docs} on ${where}` : docs;
  return where ?? `version ${located.version!.label}`;
}

/**
 * Every docs instance searched at once, each in its latest version (or, for the instance being read,
 * the reader's version and ref; on a branch or commit, every instance there); results merged by
 * score, best first. Instances whose index is not built yet are left out and the answer says so
 * (`building` only when none is ready).
 */
export async function searchEverywhere(
  context: RequestContext,
  reading: Located,
  opts: { query: string; truncated: boolean; section?: string; offset: number; limit: number; budget?: RequestBudget },
): Promise<SearchAnswer> {
  const places = (await placesOf(context, reading)).filter((place): place is Located => place !== undefined);
  const docSets = await Promise.all(places.map((place) => context.reads.docSet(place)));
  // A branch's or commit's indexes not built yet are built as one job: one admission, one job slot.
  await prepareSearch(
    context,
    places.map((place, at) => ({
      docSet: docSets[at],
      ready: () => context.site.search.ready(docSets[at]),
      lookup: (waitMs) => context.site.search.index(context.snapshot, place, docSets[at], waitMs),
    })),
  );
  const answers = await Promise.all(places.map((place, at) => runSearch(context, place, docSets[at], { ...opts, offset: 0, limit: opts.offset + opts.limit })));
  const results = answers.flatMap((answer) => answer.results).sort((a, b) => b.score - a.score);
  return {
    ...answers[0],
    scope: 'all documentation',
    stale: answers.some((answer) => answer.stale),
    building: answers.every((answer) => answer.building),
    notIndexed: answers.flatMap((answer) => (answer.building ? [answer.scope] : (answer.notIndexed ?? []))),
    total: answers.reduce((sum, answer) => sum + answer.total, 0),
    sections: answers.flatMap((answer) => answer.sections),
    results: results.slice(opts.offset, opts.offset + opts.limit),
  };
}

/** The latest version of an instance, as published (undefined when it cannot be read). */
export async function lastOf(context: Pick<RequestContext, 'snapshot' | 'reads'>, base: string): Promise<Located | undefined> {
  const instance = context.snapshot.instances.find((candidate) => candidate.config.base === base);
  if (!instance || !lastVersionOf(instance)) return undefined;
  const found = await context.reads.locate(addressOf(base, { kind: 'default' }, lastFolderOf(instance))).catch(() => undefined);
  return found?.located;
}

/** Where each instance is searched with `reading`: itself; on a branch or commit the same ref (else its latest version); otherwise its latest version. */
function placesOf(context: Pick<RequestContext, 'snapshot' | 'reads'>, reading: Located): Promise<(Located | undefined)[]> {
  const selector: Selector | undefined =
    reading.kind === 'branch' ? { kind: 'branch', name: reading.branch! } : reading.kind === 'commit' ? { kind: 'commit', oid: reading.commit } : undefined;
  return Promise.all(
    context.snapshot.instances.map(async (instance) => {
      if (instance.config.id === reading.instance.id) return reading;
      const there = selector && (await context.reads.locate(addressOf(instance.config.base, selector, lastFolderOf(instance))).catch(() => undefined));
      return there?.located ?? lastOf(context, instance.config.base);
    }),
  );
}

/** What a first build's index leaves out so far: the text of some pages (their titles are found already), or the pages. */
function notYet(partial: { pages: number; of: number; outlines: boolean }, scope: string): string {
  const left = `${partial.of - partial.pages} of the ${partial.of} pages of ${scope}`;
  return partial.outlines ? `the text of ${left} (their titles are searched)` : left;
}
