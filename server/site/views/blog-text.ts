// A blog's documents that are not pages, answered beside Remix (bin/markdown.ts): a post as
// Markdown and the blog's llms.txt (blog-markdown.ts), its feeds (blog-feed.ts) and their XSLT
// stylesheet (server/blog/feed-stylesheet.ts), and its sitemap (blog-sitemap.ts). They live under
// the blog's own URL root, whatever its routeBasePath, which Remix's route table, fixed at build
// time, cannot know.
import { feedTypes } from '../../blog/blog-options.js';
import { FEED_XSL, feedStylesheetOf } from '../../blog/feed-stylesheet.js';
import { FEED_STYLESHEETS } from '../../urls.js';
import { blogAt } from '../blogs.js';
import { notFound } from '../http-error.js';
import type { RequestContext } from '../request.js';
import { blogFeedView } from './blog-feed.js';
import { blogMarkdownView } from './blog-markdown.js';
import { blogSitemapView } from './blog-sitemap.js';

/** The text a `blog` route with `text` names, and its media type. */
export async function blogTextView(context: RequestContext, requestOrigin: string): Promise<{ body: string; contentType: string }> {
  const { route } = context;
  if (route.kind !== 'blog' || !route.text) throw notFound('There is no such blog document.');
  if (route.text === 'feed') return blogFeedView(context, requestOrigin);
  if (route.text === 'stylesheet') {
    const options = blogAt(context.snapshot.config, route.blog);
    const kind = route.path[0] === FEED_STYLESHEETS.atom ? 'atom' : 'rss';
    if (!options || !feedTypes(options).includes(kind) || !feedStylesheetOf(options, kind)) throw notFound('This blog has no such feed stylesheet.');
    return { body: FEED_XSL, contentType: 'text/xsl; charset=utf-8' };
  }
  if (route.text === 'sitemap') return { body: await blogSitemapView(context, requestOrigin), contentType: 'application/xml; charset=utf-8' };
  const body = await blogMarkdownView(context, requestOrigin);
  return { body, contentType: route.text === 'llms' ? 'text/plain; charset=utf-8' : 'text/markdown; charset=utf-8' };
}
