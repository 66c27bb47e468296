// A blog for agents and tools, as the docs are (views/markdown.ts): each post as Markdown at
// `{post}.md`, and the blog's `llms.txt`, its listed posts newest first, each linked to its Markdown.
import { encodedPermalink } from '../../blog/blog-url.js';
import { pageMarkdown } from '../../markdown/to-markdown.js';
import { postAt } from '../../blog/blog.js';
import { blogAt, docOf, openBlog } from '../blogs.js';
import { blogRef } from '../blog-ref.js';
import { notFound } from '../http-error.js';
import type { RequestContext } from '../request.js';
import { siteOrigin } from './sitemap.js';

/** A `blog` route with `text`: the post as Markdown, or the blog's llms.txt. */
export async function blogMarkdownView(context: RequestContext, requestOrigin: string): Promise<string> {
  const { route, snapshot, site } = context;
  const options = route.kind === 'blog' ? blogAt(snapshot.config, route.blog) : undefined;
  if (route.kind !== 'blog' || !route.text || !options) throw notFound('There is no such blog document.');
  const { commit, base } = await blogRef(context, route.blog, route.selector);
  const { blog, docSet } = await openBlog(site, commit, options, base);
  const origin = siteOrigin(context, requestOrigin);
  if (route.text === 'llms') {
    const title = `${snapshot.config.title}: ${options.blogTitle}`;
    const lines = [`# ${title}`, '', `> ${options.blogDescription}: every post below, newest first, links to its plain-Markdown form.`, ''];
    for (const post of blog.listed) {
      const description = post.description ? `: ${post.description.replace(/\s+/g, ' ').trim()}` : '';
      lines.push(`- [${post.title.replace(/[[\]]/g, '\\$&')}](${origin}${encodedPermalink(post.permalink)}.md) (${post.date.toISOString().slice(0, 10)})${description}`);
    }
    return `${lines.join('\n')}\n`;
  }
  const post = postAt(blog, route.path);
  if (!post) throw notFound('There is no blog post at this address.');
  const rendered = await site.render.renderDoc(docOf(post, options), docSet, { prefix: blog.base });
  return pageMarkdown({ title: post.title, html: rendered.html, url: origin + encodedPermalink(post.permalink) });
}
