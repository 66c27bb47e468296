// Search (README "Search"): the search page of a ref, the JSON API, the OpenSearch description and
// the 404 page's suggestions (docs only); the page and the API also find blog posts (search-posts.ts). All of them read one commit's index (server/search/) through the
// Site, and answer in the reader's scope: the version, branch or commit they are in.
import { lastFolderOf, lastPrefixOn, lastVersionOf } from '../../docs/docs-instance.js';
import { docSetKey, type DocSet } from '../../content/doc-set.js';
import { breadcrumbsOf } from '../../content/sidebars/navigation.js';
import type { Snippet } from '../../search/snippet.js';
import { apiSearchUrl, docsPrefix, openSearchUrl, permalinkOnRef, searchUrl } from '../../urls.js';
import { HttpError } from '../http-error.js';
import { addressOf } from '../locate.js';
import { openDocs, openParam, type RequestContext } from '../request.js';
import type { Located } from '../site.js';
import type { RequestBudget } from '../work/admission.js';
import { searchIndexFor } from '../work/whole-site.js';
import { withPosts } from './search-posts.js';

/** Longer queries are cut here: no one types more, and a 10 KB query must cost no more than this. */
export const MAX_QUERY_CHARS = 200;
/** Results per page of the search page. */
export const PAGE_SIZE = 10;
/** The most results one API call returns. */
export const MAX_LIMIT = 50;
/** The last page the search page shows (10 results each): past it, a better query helps more. */
const MAX_PAGE = 50;

/** One result as the page, the dialog and the API show it. */
export interface SearchResult {
  title: string;
  /** The page on the reader's ref, with `#anchor` when the best match is in a section. */
  url: string;
  anchor: string | null;
  /** The matched section's heading, when it is not the page's top. */
  heading: string | null;
  /** Where the page sits in its sidebar: category labels, outermost first. */
  breadcrumb: string[];
  /** The sidebar the page belongs to. */
  section: { name: string; label: string } | null;
  snippet: Snippet;
  score: number;
}

/** What one search found, and where. */
export interface SearchAnswer {
  query: string;
  /** True when the query was longer than MAX_QUERY_CHARS and was cut. */
  truncated: boolean;
  /** What was searched, in words: `version 4.5`, `branch feature/x`, `commit abc1234`. */
  scope: string;
  /** The commit whose index answered. */
  commit: string;
  /** True when the ref's newest commit is still being indexed and an older commit of the ref answered. */
  stale: boolean;
  /** True when no index of the ref is ready yet: ask again in a moment. */
  building: boolean;
  total: number;
  /** Each sidebar with results, and how many, for the section filters. */
  sections: { name: string; label: string; count: number }[];
  results: SearchResult[];
}

/** A query as typed, made safe: control characters dropped, whitespace collapsed, cut at MAX_QUERY_CHARS. */
export function normalizeQuery(raw: string | null): { query: string; truncated: boolean } {
  const clean = (raw ?? '')
    .normalize('NFC')
    .replace(/[\u0000-\u001f\u007f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const truncated = clean.length > MAX_QUERY_CHARS;
  return { query: truncated ? clean.slice(0, MAX_QUERY_CHARS).trim() : clean, truncated };
}

/** The search page of a ref (`/{base}/{ref}/search?q=&section=&page=`): a page of results, filters and page links. */
export async function searchView(context: RequestContext) {
  const { docSet, located } = await openDocs(context, ['search']);
  const { query, truncated } = normalizeQuery(context.search.get('q'));
  const section = context.search.get('section') || undefined;
  const everywhere = context.search.get('scope') === 'all' && context.snapshot.instances.length > 1;
  const page = Math.min(MAX_PAGE, Math.max(1, Math.floor(Number(context.search.get('page')) || 1)));
  const options = { query, truncated, section, offset: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE, budget: context.budget };
  const answer = !query
    ? emptyAnswer(located, docSet, truncated)
    : await withPosts(context, located, docSet, options, (asked) => (everywhere ? searchEverywhere(context, located, asked) : runSearch(context, located, docSet, asked)));
  const filteredTotal = section ? (answer.sections.find((candidate) => candidate.name === section)?.count ?? 0) : answer.total;
  const pages = Math.min(MAX_PAGE, Math.ceil(filteredTotal / PAGE_SIZE));
  const link = (params: { section?: string; page?: number; all?: boolean }) =>
    `${searchUrl(located.prefix, { q: query, section: params.section, page: params.page })}${(params.all ?? everywhere) ? '&scope=all' : ''}`;
  return {
    ...answer,
    action: searchUrl(located.prefix),
    section: section ?? null,
    page,
    filteredTotal,
    filters: [
      { label: 'All sections', count: answer.total, href: link({}), current: !section },
      ...answer.sections.map((candidate) => ({ label: candidate.label, count: candidate.count, href: link({ section: candidate.name }), current: candidate.name === section })),
    ],
    /** Contextual search (as Docusaurus's): the docs being read first, and every docs instance on request. */
    scopes:
      context.snapshot.instances.length > 1
        ? [
            { label: scopeOf(located), href: link({ all: false }), current: !everywhere },
            { label: 'All documentation', href: link({ all: true }), current: everywhere },
          ]
        : [],
    previous: page > 1 ? link({ section, page: page - 1 }) : null,
    next: page < pages ? link({ section, page: page + 1 }) : null,
    pageCount: pages,
    /** Where the dialog asks for results as the reader types. */
    api: apiSearchUrl({ q: '', ref: refParam(located), instance: located.instance.id }),
  };
}

/** What the search page shows: a search's answer, with its filters and page links. */
export type SearchPageView = Awaited<ReturnType<typeof searchView>>;

/** `GET /api/search?q=&ref=&section=&limit=&offset=`: results as JSON; a missing query or a bad ref is a problem document. */
export async function apiSearch(context: RequestContext) {
  const { search, snapshot } = context;
  const { query, truncated } = normalizeQuery(search.get('q'));
  if (!query) throw new HttpError(400, 'Missing query', 'Give the words to search for in `q` (up to 200 characters).');
  const instanceId = search.get('instance');
  const instance = instanceId ? snapshot.instances.find((candidate) => candidate.config.id === instanceId) : snapshot.instances[0];
  if (!instance) throw new HttpError(404, 'No such docs', `No docs instance "${instanceId?.slice(0, 100)}"; see /api/versions.`);
  const { located, docSet } = await openParam({ ...context, route: { kind: 'not-found' } }, search.get('ref'), await lastOf(context, instance.config.base));
  const limit = Math.min(MAX_LIMIT, Math.max(1, Math.floor(Number(search.get('limit')) || 10)));
  // `offset` pages on (an agent's continuation, decision 037), no further than the search page goes.
  const offset = Math.min(MAX_PAGE * PAGE_SIZE, Math.max(0, Math.floor(Number(search.get('offset')) || 0)));
  const options = { query, truncated, section: search.get('section') || undefined, offset, limit, budget: context.budget };
  const everywhere = search.get('scope') === 'all';
  const answer = await withPosts(context, located, docSet, options, (asked) =>
    everywhere ? searchEverywhere(context, located, asked) : runSearch(context, located, docSet, asked),
  );
  if (answer.building) throw new HttpError(503, 'Index being built', `The search index of ${answer.scope} is being built; ask again in a moment.`);
  return answer;
}

/** The OpenSearch description (`/opensearch.xml`): the last version's search page, for a browser's search bar. */
export function openSearchView({ snapshot }: Pick<RequestContext, 'snapshot'>, origin: string): string {
  const xml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const title = snapshot.config.title;
  const [first] = snapshot.instances;
  const prefix = first ? lastPrefixOn(first, { kind: 'default' }) : docsPrefix('', { kind: 'default' });
  const template = `${origin}${searchUrl(prefix)}?q={searchTerms}`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<OpenSearchDescription xmlns="http://a9.com/-/spec/opensearch/1.1/" xmlns:moz="http://www.mozilla.org/2006/browser/search/">
  <ShortName>${xml(title.slice(0, 16))}</ShortName>
  <Description>${xml(`Search ${title}`)}</Description>
  <InputEncoding>UTF-8</InputEncoding>
  <Url type="text/html" method="get" template="${xml(template)}"/>
  <Url type="application/opensearchdescription+xml" rel="self" template="${xml(origin + openSearchUrl())}"/>
  <moz:SearchForm>${xml(template.replace('?q={searchTerms}', ''))}</moz:SearchForm>
</OpenSearchDescription>
`;
}

/**
 * The best pages for the words of a URL that found nothing (`/general/dev/codeing-style` ->
 * "dev codeing style"), on the ref the URL named (else the last version). Never throws and never
 * waits for an index: a 404 page must not fail or hang because of its suggestions.
 */
export async function notFoundSuggestions(context: RequestContext): Promise<{ query: string; results: SearchResult[]; more: string } | null> {
  try {
    const { route } = context;
    if (route.kind !== 'doc' && route.kind !== 'category' && route.kind !== 'tags') return null;
    const query = normalizeQuery(route.slug.replace(/\.(md|mdx|html?|php)$/i, '').replace(/[/_\-.]+/g, ' ')).query;
    if (!query) return null;
    const located = (await context.reads.locate(route).catch(() => undefined))?.located ?? (await lastOf(context, route.base));
    if (!located) return null;
    const docSet = await context.reads.docSet(located);
    const answer = await runSearch(context, located, docSet, { query, truncated: false, offset: 0, limit: 5, waitMs: 0 });
    return answer.results.length ? { query, results: answer.results, more: searchUrl(located.prefix, { q: query }) } : null;
  } catch {
    return null;
  }
}

/** Searches the index of a located commit: results on the reader's ref, the section counts, and which commit answered. */
async function runSearch(
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
    total: matches.length,
    sections: sidebars.flatMap((sidebar) => (counts.has(sidebar.name) ? [{ name: sidebar.name, label: sidebar.label, count: counts.get(sidebar.name)! }] : [])),
    results,
  };
}

/** The answer before anything was asked (or while nothing is indexed). */
function emptyAnswer(located: Located, docSet: DocSet, truncated: boolean): SearchAnswer {
  return { query: '', truncated, scope: scopeOf(located), commit: docSet.commit, stale: false, building: false, total: 0, sections: [], results: [] };
}

/** What a located ref is, in words: `version 5.0`, `Guides main (5.3)`, `branch feature/x`, `Guides 5.2 on commit abc1234`. */
function scopeOf(located: Located): string {
  const where = located.kind === 'branch' ? `branch ${located.branch}` : located.kind === 'commit' ? `commit ${located.commit.slice(0, 7)}` : undefined;
  const named = located.instance.label;
  const docs = named && located.version ? (located.version.badge ? `${named} ${located.version.label}` : named) : undefined;
  if (docs) return where ? `${docs} on ${where}` : docs;
  return where ?? `version ${located.version!.label}`;
}

/** Where the navbar's search form sends a reader on a ref, and the URL its instant search asks (with `q` set). */
export function searchLinks(located: Located): { action: string; api: string } {
  return { action: searchUrl(located.prefix), api: apiSearchUrl({ q: '', ref: refParam(located), instance: located.instance.id }) };
}

/**
 * Every docs instance searched at once, each in its latest version (or, for the instance being read,
 * the reader's version and ref); results merged by score, best first.
 */
async function searchEverywhere(
  context: RequestContext,
  reading: Located,
  opts: { query: string; truncated: boolean; section?: string; offset: number; limit: number; budget?: RequestBudget },
): Promise<SearchAnswer> {
  const { snapshot } = context;
  const places = await Promise.all(snapshot.instances.map((instance) => (instance.config.id === reading.instance.id ? reading : lastOf(context, instance.config.base))));
  const answers = await Promise.all(
    places
      .filter((place): place is Located => place !== undefined)
      .map(async (place) => runSearch(context, place, await context.reads.docSet(place), { ...opts, offset: 0, limit: opts.offset + opts.limit })),
  );
  const results = answers.flatMap((answer) => answer.results).sort((a, b) => b.score - a.score);
  return {
    ...answers[0],
    scope: 'all documentation',
    stale: answers.some((answer) => answer.stale),
    building: answers.every((answer) => answer.building),
    total: answers.reduce((sum, answer) => sum + answer.total, 0),
    sections: answers.flatMap((answer) => answer.sections),
    results: results.slice(opts.offset, opts.offset + opts.limit),
  };
}

/** The latest version of an instance, as published (undefined when it cannot be read). */
async function lastOf(context: Pick<RequestContext, 'snapshot' | 'reads'>, base: string): Promise<Located | undefined> {
  const instance = context.snapshot.instances.find((candidate) => candidate.config.base === base);
  if (!instance || !lastVersionOf(instance)) return undefined;
  const found = await context.reads.locate(addressOf(base, { kind: 'default' }, lastFolderOf(instance))).catch(() => undefined);
  return found?.located;
}

/** The API's `ref` for a located ref: what the dialog sends to search where the reader is. */
function refParam(located: Located): string {
  if (located.kind === 'version') return located.version!.name;
  if (located.kind === 'branch') return `~${located.branch}`;
  return `@${located.commit}`;
}
