// Search (README "Search"): the search page of a ref, the JSON API, the OpenSearch description and
// the 404 page's suggestions (docs only); the page and the API also find blog posts (search-posts.ts). All of them read one commit's index (server/search/) through the
// Site, and answer in the reader's scope: the version, branch or commit they are in.
import { lastPrefixOn } from '../../docs/docs-instance.js';
import type { Snippet } from '../../search/snippet.js';
import { apiSearchUrl, docsPrefix, openSearchUrl, searchUrl } from '../../urls.js';
import { HttpError } from '../http-error.js';
import { openDocs, openParam, type RequestContext } from '../request.js';
import type { Located } from '../site.js';
import { withPosts } from './search-posts.js';
import { emptyAnswer, lastOf, runSearch, scopeOf, searchEverywhere } from './search-run.js';

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
  /** What is not searched yet because its index is still being built (an instance, a blog), in words: the results leave it out. */
  notIndexed?: string[];
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

/** Where the navbar's search form sends a reader on a ref, and the URL its instant search asks (with `q` set). */
export function searchLinks(located: Located): { action: string; api: string } {
  return { action: searchUrl(located.prefix), api: apiSearchUrl({ q: '', ref: refParam(located), instance: located.instance.id }) };
}

/** The API's `ref` for a located ref: what the dialog sends to search where the reader is. */
function refParam(located: Located): string {
  if (located.kind === 'version') return located.version!.name;
  if (located.kind === 'branch') return `~${located.branch}`;
  return `@${located.commit}`;
}
