// A blog post for agents (the MCP tool get_page, decision 037): its Markdown exactly as `{post}.md`
// serves it (blog-markdown.ts), with what an agent cites or follows: its URLs, date, authors, tags
// and table of contents, as agentPageView gives them for a doc.
import { postAt } from '../../blog/blog.js';
import { blogAt, openBlog } from '../blogs.js';
import { blogRef } from '../blog-ref.js';
import { notFound } from '../http-error.js';
import type { RequestContext } from '../request.js';
import { blogMarkdownView } from './blog-markdown.js';
import { postView } from './blog-post-view.js';
import { siteOrigin } from './sitemap.js';

/** The post a `{post}.md` route names, as Markdown with its title, URLs, date, authors, tags and table of contents. */
export async function agentPostView(context: RequestContext, requestOrigin: string) {
  const { route, snapshot, site } = context;
  const options = route.kind === 'blog' ? blogAt(snapshot.config, route.blog) : undefined;
  if (route.kind !== 'blog' || route.text !== 'markdown' || !options) throw notFound('There is no blog post at this address.');
  const markdown = await blogMarkdownView(context, requestOrigin);
  const { commit, base } = await blogRef(context, route.blog, route.selector);
  const opened = await openBlog(site, commit, options, base);
  const post = postAt(opened.blog, route.path);
  if (!post) throw notFound('There is no blog post at this address.');
  const view = await postView(site, opened, post, false);
  // The ref's part is already encoded (`/blog/~feature%2Fx`); the post's own path is not.
  const url = siteOrigin(context, requestOrigin) + base + encodeURI(post.permalink.slice(base.length));
  return {
    title: post.title,
    url,
    markdownUrl: `${url}.md`,
    commit,
    blog: options.blogTitle,
    date: view.date.slice(0, 10),
    authors: view.authors.flatMap((author) => (author.name ? [author.name] : [])),
    tags: view.tags.map((tag) => tag.label),
    toc: view.toc.map(({ id, text, depth }) => ({ level: depth, title: text, anchor: `#${id}` })),
    markdown,
  };
}
