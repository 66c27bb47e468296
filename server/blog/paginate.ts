// The list pages of a blog, a tag or an author, as Docusaurus paginates them (`paginateBlogPosts`):
// `postsPerPage` posts a page, the first at the list's own URL, the others at `{url}/page/{n}`; an
// empty list still has its first page.
import { joinUrl } from './blog-url.js';

/** One list page: its posts and where it sits among the others. */
export interface ListPage<T> {
  items: T[];
  metadata: {
    permalink: string;
    page: number;
    postsPerPage: number;
    totalPages: number;
    totalCount: number;
    previousPage?: string;
    nextPage?: string;
    blogTitle: string;
    blogDescription: string;
  };
}

/** What to paginate, and how. */
export interface PaginateInput<T> {
  items: readonly T[];
  basePageUrl: string;
  blogTitle: string;
  blogDescription: string;
  postsPerPage: number | 'ALL';
  pageBasePath: string;
}

/** The list pages of some posts. */
export function paginate<T>(input: PaginateInput<T>): ListPage<T>[] {
  const totalCount = input.items.length;
  const postsPerPage = input.postsPerPage === 'ALL' ? Math.max(1, totalCount) : input.postsPerPage;
  const totalPages = Math.max(1, Math.ceil(totalCount / postsPerPage));
  const permalink = (page: number) => (page > 0 ? joinUrl(input.basePageUrl, input.pageBasePath, String(page + 1)) : input.basePageUrl);
  return Array.from({ length: totalPages }, (_, page) => ({
    items: input.items.slice(page * postsPerPage, (page + 1) * postsPerPage),
    metadata: {
      permalink: permalink(page),
      page: page + 1,
      postsPerPage,
      totalPages,
      totalCount,
      previousPage: page > 0 ? permalink(page - 1) : undefined,
      nextPage: page < totalPages - 1 ? permalink(page + 1) : undefined,
      blogTitle: input.blogTitle,
      blogDescription: input.blogDescription,
    },
  }));
}
