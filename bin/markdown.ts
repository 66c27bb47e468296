// The docs as Markdown for agents and tools (server/site/views/markdown.ts): `{page}.md`, a page
// asked for with `Accept: text/markdown`, and each ref's llms.txt and llms-full.txt; a blog's posts
// as `{post}.md` and its llms.txt (views/blog-markdown.ts). They are
// answered here, beside Remix, because they are text documents under the docs' own URLs, which
// Remix's route table cannot tell apart from pages.
import type { Request, Response } from 'express';
import { blogMarkdownView, isHttpError, llmsView, markdownView, problemDocument, type RequestContext, type Route } from '../server/site/index.js';
import { requestOrigin, type Render } from './page-cache.js';

/** A docs page's route as its Markdown when the client prefers `text/markdown` to HTML (`Vary: Accept`). */
export function negotiateMarkdown(route: Route, req: Request): Route {
  if (route.kind !== 'doc' || route.data) return route;
  if (req.accepts(['text/html', 'text/markdown']) !== 'text/markdown') return route;
  return { kind: 'markdown', base: route.base, selector: route.selector, folder: route.folder, slug: route.slug, prefix: route.prefix };
}

/** True for a route answered as text beside Remix: a page as Markdown, an llms.txt, a blog post's `.md`. */
export function isText(route: Route): boolean {
  return route.kind === 'markdown' || route.kind === 'llms' || (route.kind === 'blog' && route.text !== undefined);
}

/** Renders a `markdown` or `llms` route: the text, a redirect, or the error as a problem document. */
export function markdownRender(context: (req: Request, res: Response) => RequestContext): Render {
  return async (req, res) => {
    const request = context(req, res);
    const { route } = request;
    const origin = requestOrigin(req);
    try {
      const body =
        route.kind === 'blog' ? await blogMarkdownView(request, origin) : route.kind === 'llms' ? await llmsView(request, origin, route.full) : await markdownView(request, origin);
      const llms = route.kind === 'llms' || (route.kind === 'blog' && route.text === 'llms');
      const type = llms ? 'text/plain; charset=utf-8' : 'text/markdown; charset=utf-8';
      return { status: 200, headers: [['Content-Type', type]], body: Buffer.from(body) };
    } catch (error) {
      if (!isHttpError(error)) throw error;
      if (error.location)
        return {
          status: error.status,
          headers: [
            ['Location', error.location],
            ['Cache-Control', 'no-store'],
          ],
          body: Buffer.alloc(0),
        };
      return { status: error.status, headers: [['Content-Type', 'application/problem+json']], body: Buffer.from(JSON.stringify(problemDocument(error))) };
    }
  };
}
