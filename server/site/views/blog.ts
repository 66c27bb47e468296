// The pages of a blog at the default ref (issue 48): the paginated list of posts (each cut at its
// truncation marker) and each post with its newer and older neighbours, beside the recent-posts
// sidebar, in the site's navbar and footer.
import type { PostLink } from '../../blog/blog.js';
import { paginate } from '../../blog/paginate.js';
import { blogRoot, blogsOf, openBlog } from '../blogs.js';
import { notFound } from '../http-error.js';
import type { RequestContext } from '../request.js';
import { type BlogPostView, postView } from './blog-post-view.js';
import { type NavSection, navbarSections } from './navbar.js';

/** What every blog page shows around its content. */
interface BlogShell {
  siteTitle: string;
  navbar: NavSection[];
  blogTitle: string;
  blogDescription: string;
  /** The blog's URL root, `/blog`. */
  home: string;
  sidebar: { title: string; posts: PostLink[] };
}

/** A page of a blog: a list page or a post. */
export type BlogPageView =
  | (BlogShell & { kind: 'blog-list'; posts: BlogPostView[]; page: number; totalPages: number; previousPage?: string; nextPage?: string })
  | (BlogShell & { kind: 'blog-post'; post: BlogPostView; newer?: PostLink; older?: PostLink });

/** The blog page a `blog` route names; a 404 for an address the blog does not have. */
export async function blogView(context: RequestContext): Promise<BlogPageView> {
  const { route, snapshot, site } = context;
  if (route.kind !== 'blog') throw notFound('There is no blog page at this address.');
  const options = blogsOf(snapshot.config).find((candidate) => blogRoot(candidate) === route.blog);
  if (!options) throw notFound('There is no blog at this address.');
  const opened = await openBlog(site, snapshot.defaultCommit, options);
  const { blog } = opened;
  const sections = (await navbarSections(context, { path: blog.base })) ?? [];
  const count = options.blogSidebarCount === 'ALL' ? blog.listed.length : options.blogSidebarCount;
  const shell: BlogShell = {
    siteTitle: snapshot.config.title,
    navbar: sections,
    blogTitle: options.blogTitle,
    blogDescription: options.blogDescription,
    home: blog.base,
    sidebar: { title: options.blogSidebarTitle, posts: blog.listed.slice(0, count).map(({ title, permalink }) => ({ title, permalink })) },
  };
  const pages = paginate({
    items: blog.listed,
    basePageUrl: blog.base,
    blogTitle: options.blogTitle,
    blogDescription: options.blogDescription,
    postsPerPage: options.postsPerPage,
    pageBasePath: options.pageBasePath,
  });
  const [first, second] = route.path;
  const number = route.path.length === 2 && first === options.pageBasePath && /^[1-9]\d*$/.test(second) ? Number(second) : route.path.length === 0 ? 1 : undefined;
  if (number !== undefined) {
    const page = pages[number - 1];
    if (!page || (number === 1 && route.path.length)) throw notFound(`The blog has ${pages.length} pages.`);
    const posts = await Promise.all(page.items.map((post) => postView(site, opened, post, true)));
    const { totalPages, previousPage, nextPage } = page.metadata;
    return { ...shell, kind: 'blog-list', posts, page: number, totalPages, previousPage, nextPage };
  }
  const post = blog.byPermalink.get(`${blog.base === '/' ? '' : blog.base}/${route.path.join('/')}`);
  if (!post) throw notFound('There is no blog post at this address.');
  return { ...shell, kind: 'blog-post', post: await postView(site, opened, post, false), newer: post.prevItem, older: post.nextItem };
}
