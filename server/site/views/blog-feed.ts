// A blog's feeds at Docusaurus's paths (`/blog/rss.xml`, `/blog/atom.xml`, `/blog/feed.json`), of
// any ref (`/blog/~branch/rss.xml`), for the types its `feedOptions.type` asks for; posts rendered by the page renderer.
import { blogFeed, defaultFeedItems, FEED_TYPES, feedPosts } from '../../blog/feeds.js';
import { createdFeedItems } from '../blog-code.js';
import { FEED_FILES } from '../../urls.js';
import { feedTypes } from '../../blog/blog-options.js';
import { blogAt, blogRoot, docOf, openBlog } from '../blogs.js';
import { blogRef } from '../blog-ref.js';
import { notFound } from '../http-error.js';
import type { RequestContext } from '../request.js';
import { siteOrigin } from './sitemap.js';
import { feedStylesheetOf } from '../../blog/feed-stylesheet.js';
import { currentLocaleOf } from '../../config/locales.js';

/** The feed a `blog` route names, as text and its media type; a 404 for a feed the blog does not publish. */
export async function blogFeedView(context: RequestContext, requestOrigin: string): Promise<{ body: string; contentType: string }> {
  const { route, snapshot, site } = context;
  const file = route.kind === 'blog' && route.path.length === 1 ? route.path[0] : '';
  const kind = Object.hasOwn(FEED_FILES, file) ? FEED_FILES[file as keyof typeof FEED_FILES] : undefined;
  const options = route.kind === 'blog' ? blogAt(snapshot.config, route.blog) : undefined;
  if (!kind || !options || !feedTypes(options).includes(kind)) throw notFound('This blog publishes no such feed.');
  const { commit, base } = await blogRef(context, blogRoot(options), route.kind === 'blog' ? route.selector : { kind: 'default' });
  const opened = await openBlog(site, commit, options, base);
  const { blog, docSet } = opened;
  const posts = feedPosts(blog.listed, options);
  const rendered = await Promise.all(posts.map(async (post) => ({ post, html: (await site.render.renderDoc(docOf(post, options), docSet, { prefix: blog.base })).html })));
  const feedSite = {
    title: snapshot.config.title,
    origin: siteOrigin(context, requestOrigin),
    base: blog.base,
    favicon: snapshot.config.favicon,
    locale: currentLocaleOf(snapshot.config),
  };
  // The config's createFeedItems, if it has one, makes the items of Docusaurus's defaults.
  const { items, problem } = await createdFeedItems(site, commit, docSet.tree, blog, posts, defaultFeedItems(rendered, feedSite));
  if (problem) site.log.warn({ problem }, 'the blog feed has its default items');
  // Browsers apply a feed's XSLT stylesheet to XML they display, and show RSS and Atom's own types as text.
  const styled = kind !== 'json' && feedStylesheetOf(options, kind) !== undefined;
  return { body: blogFeed(kind, items, options, feedSite, posts[0]?.date), contentType: styled ? 'application/xml; charset=utf-8' : FEED_TYPES[kind] };
}
