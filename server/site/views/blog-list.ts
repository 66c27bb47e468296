// What every blog page is made of: the shell around it (navbar, recent posts) and the paginated
// lists of posts that the blog's home, its tag pages and its author pages share.
import type { BlogSearchView } from './blog-search.js';
import type { BlogPost, PostLink } from '../../blog/blog.js';
import { paginate } from '../../blog/paginate.js';
import type { OpenedBlog } from '../blogs.js';
import { notFound } from '../http-error.js';
import type { Site } from '../site.js';
import { type BlogPostView, postView } from './blog-post-view.js';
import type { NavSection } from './navbar.js';
import type { DiffView } from './diff.js';

/** What every blog page shows around its content. */
export interface BlogShell {
  siteTitle: string;
  navbar: NavSection[];
  blogTitle: string;
  blogDescription: string;
  /** The blog's URL root, `/blog`. */
  home: string;
  sidebar: { title: string; posts: PostLink[] };
  /** The blog's problems (a front matter, the authors or tags file, an unknown author or tag), for its authors: `file:line: message`. */
  problems: string[];
  /** The blog's feeds on this ref, for `<link rel="alternate">`. */
  feeds: { type: string; href: string; title: string }[];
  /** The navbar's search form: the docs' search on the blog's ref, which finds posts too (none without docs). */
  search?: { action: string; api: string };
}

/** What a list of a tag or an author says above its posts. */
export interface ListHeading {
  title: string;
  description?: string;
  imageURL?: string;
  /** The page of all tags or all authors. */
  back?: { label: string; href: string };
}

/** A page of a blog. */
export type BlogPageView =
  | (BlogShell & { kind: 'blog-list'; heading?: ListHeading; posts: BlogPostView[]; page: number; totalPages: number; previousPage?: string; nextPage?: string })
  | (BlogShell & { kind: 'blog-post'; post: BlogPostView; newer?: PostLink; older?: PostLink; lastUpdated?: { date?: string; author?: string } })
  | (BlogShell & { kind: 'blog-tags'; tags: { label: string; permalink: string; count: number }[] })
  | (BlogShell & { kind: 'blog-authors'; authors: { name?: string; title?: string; imageURL?: string; permalink: string; count: number }[] })
  | (BlogShell & { kind: 'blog-archive'; years: { year: string; posts: { title: string; permalink: string; dateLabel: string }[] }[] })
  | (BlogShell & { kind: 'blog-changes'; title: string; pages: { status: string; title: string; url?: string; diffUrl?: string; path: string }[] })
  | (BlogShell & Omit<DiffView, 'kind'> & { kind: 'blog-diff' })
  | (BlogShell & BlogSearchView & { kind: 'blog-search' });

/**
 * The list page `rest` names (nothing: the first; `page/N`: the Nth) of some posts listed at
 * `basePageUrl`, each cut at its truncation marker; a 404 for a page past the last.
 */
export async function listView(
  site: Site,
  opened: OpenedBlog,
  shell: BlogShell,
  list: { posts: readonly BlogPost[]; basePageUrl: string; rest: readonly string[]; heading?: ListHeading },
): Promise<BlogPageView> {
  const { options } = opened.blog;
  const [segment, digits] = list.rest;
  const number = list.rest.length === 0 ? 1 : list.rest.length === 2 && segment === options.pageBasePath && /^[2-9]\d*$|^1\d+$/.test(digits) ? Number(digits) : 0;
  const pages = paginate({
    items: list.posts,
    basePageUrl: list.basePageUrl,
    blogTitle: options.blogTitle,
    blogDescription: options.blogDescription,
    postsPerPage: options.postsPerPage,
    pageBasePath: options.pageBasePath,
  });
  const page = pages[number - 1];
  if (!page) throw notFound(`There is no such page: the list has ${pages.length}.`);
  const posts = await Promise.all(page.items.map((post) => postView(site, opened, post, true)));
  const { totalPages, previousPage, nextPage } = page.metadata;
  return { ...shell, kind: 'blog-list', heading: list.heading, posts, page: number, totalPages, previousPage, nextPage };
}
