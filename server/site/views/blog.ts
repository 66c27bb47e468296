// The pages of a blog at any ref (issue 48: the default ref, a ~branch preview, an @commit): its paginated list of posts (each cut at its
// truncation marker), each post with its newer and older neighbours, its tags, archive and authors,
// beside the recent-posts sidebar, in the site's navbar and footer.
import { feedTypes } from '../../blog/blog-options.js';
import { formatProblem } from '../../problem.js';
import { FEED_TYPES } from '../../blog/feeds.js';
import { postAt } from '../../blog/blog.js';
import { blogAt, openBlog } from '../blogs.js';
import { blogRef } from '../blog-ref.js';
import { notFound } from '../http-error.js';
import type { RequestContext } from '../request.js';
import { lastUpdateOf, postView } from './blog-post-view.js';
import { blogIndexView } from './blog-indexes.js';
import { blogChangesView } from './blog-changes.js';
import { blogDiffView } from './blog-diff.js';
import { BLOG_SEARCH_SLUG, blogSearchLinks, blogSearchView } from './blog-search.js';
import { type BlogPageView, type BlogShell, listView } from './blog-list.js';
import { navbarSections } from './navbar.js';
import { searchLinks } from './search.js';
import { addressOf } from '../locate.js';
import { lastFolderOf } from '../../docs/docs-instance.js';
import { DIFF_PARAM, FEED_FILES, type Selector } from '../../urls.js';

export type { BlogPageView } from './blog-list.js';

/** The blog page a `blog` route names; a 404 for an address the blog does not have. */
export async function blogView(context: RequestContext): Promise<BlogPageView> {
  const { route, snapshot, site } = context;
  if (route.kind !== 'blog') throw notFound('There is no blog page at this address.');
  const options = blogAt(snapshot.config, route.blog);
  if (!options) throw notFound('There is no blog at this address.');
  const { commit, base } = await blogRef(context, route.blog, route.selector);
  const opened = await openBlog(site, commit, options, base);
  const { blog } = opened;
  const count = options.blogSidebarCount === 'ALL' ? blog.listed.length : options.blogSidebarCount;
  const shell: BlogShell = {
    siteTitle: snapshot.config.title,
    navbar: (await navbarSections(context, { path: blog.base })) ?? [],
    search: await searchOnRef(context, route.selector, base),
    blogTitle: options.blogTitle,
    blogDescription: options.blogDescription,
    home: blog.base,
    sidebar: { title: options.blogSidebarTitle, posts: blog.listed.slice(0, count).map(({ title, permalink }) => ({ title, permalink })) },
    problems: blog.problems.map(formatProblem),
    feeds: Object.entries(FEED_FILES)
      .filter(([, kind]) => feedTypes(options).includes(kind))
      .map(([file, kind]) => ({
        type: FEED_TYPES[kind].split(';')[0],
        href: `${blog.base}/${file}`,
        title: `${options.feedOptions.title ?? `${snapshot.config.title} Blog`} (${kind})`,
      })),
  };
  // A post's rendered diff (`?diff`), as a doc's; a post removed on the ref has one too.
  if (context.search.has(DIFF_PARAM) && route.path.length) return blogDiffView(context, opened, shell, commit);
  // A post's own URL wins over a list page's, as each is a route of its own in Docusaurus.
  const post = postAt(blog, route.path);
  // A site with no docs searches its posts here (blog-search.ts).
  if (!post && !snapshot.instances.length && route.path.length === 1 && route.path[0] === BLOG_SEARCH_SLUG) {
    const kind = route.selector.kind === 'branch' ? 'branch' : route.selector.kind === 'commit' ? 'commit' : 'version';
    return blogSearchView(context, shell, { kind, commit, branch: route.selector.kind === 'branch' ? route.selector.name : undefined });
  }
  if (post) {
    const ref = route.selector.kind === 'branch' ? route.selector.name : route.selector.kind === 'commit' ? commit : snapshot.defaultRef;
    const [view, lastUpdated] = await Promise.all([postView(site, opened, post, false, ref), lastUpdateOf(context, opened, post)]);
    return { ...shell, kind: 'blog-post', post: view, newer: post.prevItem, older: post.nextItem, lastUpdated };
  }
  // A preview's changes: on the default ref, `changes` can only be a post.
  if (route.selector.kind !== 'default' && route.path.length === 1 && route.path[0] === 'changes') {
    const label = route.selector.kind === 'branch' ? `branch ${route.selector.name}` : `commit ${commit.slice(0, 12)}`;
    return blogChangesView(context, opened, options, shell, label);
  }
  const index = await blogIndexView(site, opened, shell, route.path);
  if (index) return index;
  if (route.path.length === 0 || route.path[0] === options.pageBasePath) return listView(site, opened, shell, { posts: blog.listed, basePageUrl: blog.base, rest: route.path });
  throw notFound('There is no blog post at this address.');
}

/** The search form's links on a blog's ref (`base` its root there): the first docs instance's search there (its last version at the default ref), else the posts' own. */
async function searchOnRef(context: RequestContext, selector: Selector, base: string): Promise<BlogShell['search']> {
  const [instance] = context.snapshot.instances;
  if (!instance) return blogSearchLinks(base);
  const address = addressOf(instance.config.base, selector, selector.kind === 'default' ? lastFolderOf(instance) : '');
  const found = await context.reads.locate(address).catch(() => undefined);
  return found && searchLinks(found.located);
}
