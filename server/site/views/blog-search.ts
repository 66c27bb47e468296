// The search page of a site with no docs (Docusaurus's `docs: false`, a blog alone): its posts,
// searched at the blog's ref, at `{blog root}/search` (`/search` for a blog at the site root), in
// the blog's frame. A site with docs searches posts from the docs' search page instead.
import { underPrefix } from '../../urls.js';
import type { RequestContext } from '../request.js';
import type { Located } from '../site.js';
import type { BlogShell } from './blog-list.js';
import { normalizeQuery, PAGE_SIZE, type SearchAnswer } from './search.js';
import { searchPostsAlone } from './search-posts.js';

/** The slug of a docs-less site's search page below its blog's root. */
export const BLOG_SEARCH_SLUG = 'search';

/** The last page of results shown, as on the docs' search page. */
const MAX_PAGE = 50;

/** The search page of a site's posts at a ref, as the docs' search page shows its results. */
export interface BlogSearchView extends SearchAnswer {
  action: string;
  section: string | null;
  page: number;
  filteredTotal: number;
  filters: { label: string; count: number; href: string; current: boolean }[];
  scopes: { label: string; href: string; current: boolean }[];
  previous: string | null;
  next: string | null;
  pageCount: number;
  api: string;
}

/** Where a docs-less site's search form sends the reader: the search page below the blog's root on its ref (`base`). */
export function blogSearchLinks(base: string): { action: string; api: string } {
  // No instant search: the JSON API searches docs (a reader of a blog alone gets the page).
  return { action: underPrefix(base, BLOG_SEARCH_SLUG), api: '' };
}

/** The posts a query finds at the blog's ref, a page of them, with the filters and page links of the search page. */
export async function blogSearchView(
  context: RequestContext,
  shell: BlogShell,
  place: Pick<Located, 'kind' | 'commit' | 'branch'>,
): Promise<BlogShell & BlogSearchView & { kind: 'blog-search' }> {
  const { query, truncated } = normalizeQuery(context.search.get('q'));
  const section = context.search.get('section') || undefined;
  const page = Math.min(MAX_PAGE, Math.max(1, Math.floor(Number(context.search.get('page')) || 1)));
  const answer = query
    ? await searchPostsAlone(context, place, { query, truncated, section, offset: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE, budget: context.budget })
    : { query, truncated, scope: 'the blog', commit: place.commit, stale: false, building: false, total: 0, sections: [], results: [] };
  const action = blogSearchLinks(shell.home).action;
  const filteredTotal = section ? (answer.sections.find((candidate) => candidate.name === section)?.count ?? 0) : answer.total;
  const pages = Math.min(MAX_PAGE, Math.ceil(filteredTotal / PAGE_SIZE));
  const link = (params: { section?: string; page?: number }) => {
    const search = new URLSearchParams({ q: query });
    if (params.section) search.set('section', params.section);
    if (params.page && params.page > 1) search.set('page', String(params.page));
    return `${action}?${search}`;
  };
  return {
    ...shell,
    kind: 'blog-search',
    ...answer,
    action,
    section: section ?? null,
    page,
    filteredTotal,
    filters: [
      { label: 'All sections', count: answer.total, href: link({}), current: !section },
      ...answer.sections.map((candidate) => ({ label: candidate.label, count: candidate.count, href: link({ section: candidate.name }), current: candidate.name === section })),
    ],
    scopes: [],
    previous: page > 1 ? link({ section, page: page - 1 }) : null,
    next: page < pages ? link({ section, page: page + 1 }) : null,
    pageCount: pages,
    api: '',
  };
}
