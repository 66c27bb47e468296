// The docs as Markdown for agents and tools (server/site/views/markdown.ts): `{page}.md`, a page
// asked for with `Accept: text/markdown`, and each ref's llms.txt and llms-full.txt; a blog's posts
// as `{post}.md`, its llms.txt, feeds and sitemap (views/blog-text.ts). They are answered here,
// beside Remix, because they are text documents under the docs' and blogs' own URLs, which
// Remix's route table cannot tell apart from pages.
import type { Request, Response } from 'express';
import { blogTextView, isHttpError, llmsView, markdownView, problemDocument, siteLlmsView, type RequestContext, type Route } from '../server/site/index.js';
import { requestOrigin, type Render } from './page-cache.js';

/** A docs page's route as its Markdown when the client prefers `text/markdown` to HTML (`Vary: Accept`). */
export function negotiateMarkdown(route: Route, req: Request): Route {
  if (route.kind !== 'doc' || route.data) return route;
  if (req.accepts(['text/html', 'text/markdown']) !== 'text/markdown') return route;
  return { kind: 'markdown', base: route.base, selector: route.selector, folder: route.folder, slug: route.slug, prefix: route.prefix };
}

/** True for a route answered as text beside Remix: a page as Markdown, an llms.txt (the site's too), a blog's `.md`, feeds and sitemap. */
export function isText(route: Route): boolean {
  return route.kind === 'markdown' || route.kind === 'llms' || route.kind === 'site-llms' || (route.kind === 'blog' && route.text !== undefined);
}

/** Renders a `markdown` or `llms` route: the text, a redirect, or the error as a problem document. */
export function markdownRender(context: (req: Request, res: Response) => RequestContext): Render {
  return async (req, res) => {
    const request = context(req, res);
    const { route } = request;
    const origin = requestOrigin(req);
    try {
      const { body, contentType } =
        route.kind === 'blog'
          ? await blogTextView(request, origin)
          : route.kind === 'llms'
            ? { body: await llmsView(request, origin, route.full), contentType: 'text/plain; charset=utf-8' }
            : route.kind === 'site-llms'
              ? { body: siteLlmsView(request, origin), contentType: 'text/plain; charset=utf-8' }
              : { body: await markdownView(request, origin), contentType: 'text/markdown; charset=utf-8' };
      return { status: 200, headers: [['Content-Type', contentType]], body: Buffer.from(body) };
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
