// `/blog/sitemap.xml`: every page of a blog at the default ref that Docusaurus's sitemap lists
// (its list pages, listed posts, tags, archive and authors; no unlisted post), listed in the
// site's sitemap index beside the docs versions'.
import type { Blog } from '../../blog/blog.js';
import { blogAuthors, blogTags } from '../../blog/blog-indexes.js';
import { encodedPermalink, joinUrl } from '../../blog/blog-url.js';
import { paginate } from '../../blog/paginate.js';
import { blogAt, openBlog } from '../blogs.js';
import { notFound } from '../http-error.js';
import type { RequestContext } from '../request.js';
import { siteOrigin } from './sitemap.js';

/** The sitemap of the blog a `blog` route names (at the default ref only: previews are not for search engines). */
export async function blogSitemapView(context: RequestContext, requestOrigin: string): Promise<string> {
  const { route, snapshot, site } = context;
  const options = route.kind === 'blog' && route.selector.kind === 'default' ? blogAt(snapshot.config, route.blog) : undefined;
  if (!options) throw notFound('Only a blog at its default ref has a sitemap.');
  const { blog } = await openBlog(site, snapshot.defaultCommit, options);
  const permalinks = blogPermalinks(blog);
  const origin = siteOrigin(context, requestOrigin);
  const urls = permalinks.map((permalink) => `<url><loc>${xml(origin + encodedPermalink(permalink))}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** The pages of a blog that its sitemap lists, in order: list pages, listed posts, tags, archive and authors (each with its pages). */
export function blogPermalinks(blog: Blog): string[] {
  const { options } = blog;
  /** The permalinks of the list pages of some posts. */
  const pages = (posts: readonly unknown[], basePageUrl: string) =>
    paginate({ items: posts, basePageUrl, blogTitle: '', blogDescription: '', postsPerPage: options.postsPerPage, pageBasePath: options.pageBasePath }).map(
      (page) => page.metadata.permalink,
    );
  const tags = [...blogTags(blog).values()];
  const authors = [...blogAuthors(blog).values()];
  return [
    ...pages(blog.listed, blog.base),
    ...blog.listed.map((post) => post.permalink),
    ...(tags.length ? [joinUrl(blog.base, options.tagsBasePath), ...tags.flatMap(({ tag, posts }) => pages(posts, tag.permalink))] : []),
    ...(options.archiveBasePath && blog.listed.length ? [joinUrl(blog.base, options.archiveBasePath)] : []),
    ...(authors.length ? [joinUrl(blog.base, options.authorsBasePath), ...authors.flatMap(({ permalink, posts }) => pages(posts, permalink))] : []),
  ];
}

/** Escapes text for XML. */
function xml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
