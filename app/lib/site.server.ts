// The adapter between Remix and the server's façade: the load context's type, and the one place
// where façade errors become HTTP responses. Routes call a view inside `view()` or `apiJson()`.
import { redirect } from '@remix-run/node';
import { isHttpError, notFoundSuggestions, problemDocument, type Logger, type RequestContext } from '../../server/site/index.js';

declare module '@remix-run/node' {
  interface AppLoadContext extends RequestContext {
    /** The request's logger (its lines carry the request id). */
    log: Logger;
    /**
     * Set on document requests only: the page loader leaves its article HTML here for the server
     * entry, so the HTML is not sent a second time in the hydration data (app/lib/article-html.ts).
     */
    documentArticle?: { html?: string };
  }
}

/**
 * Runs a view; a façade HttpError becomes a redirect or an error response for the route's
 * ErrorBoundary. Given the request's context, a 404 also carries the best search results for the
 * words of the missing URL (`{detail, suggestions}` as JSON).
 */
export async function view<T>(load: () => Promise<T>, context?: RequestContext): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (!isHttpError(error)) throw error;
    if (error.location) throw redirect(error.location, error.status);
    const suggestions = context && error.status === 404 ? await notFoundSuggestions(context) : null;
    if (suggestions) throw Response.json({ detail: error.detail, suggestions }, { status: 404, headers: { 'Cache-Control': 'no-store' } });
    throw new Response(error.detail, { status: error.status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } });
  }
}

/** Runs an API view: its JSON, or its HttpError as an RFC 9457 problem document. */
export async function apiJson(load: () => unknown): Promise<Response> {
  try {
    return Response.json(await load());
  } catch (error) {
    if (!isHttpError(error)) throw error;
    return new Response(JSON.stringify(problemDocument(error)), { status: error.status, headers: { 'Content-Type': 'application/problem+json' } });
  }
}

/**
 * On a document request, moves the page's article HTML out of the loader data (the server entry
 * writes it into the page once); client navigations keep it in the data.
 */
export function articleOnce<T extends { html?: string }>(context: { documentArticle?: { html?: string } }, page: T): T {
  if (!context.documentArticle) return page;
  context.documentArticle.html = page.html;
  return { ...page, html: undefined };
}

// The façade's views, for route loaders (a `.server` module, so none of it reaches the browser).
export {
  apiPage,
  apiPages,
  apiSearch,
  apiSidebar,
  apiVersions,
  assetView,
  categoryView,
  homeView,
  HttpError,
  notFoundSuggestions,
  openSearchView,
  pageView,
  searchAnswerJsonSchema,
  searchView,
  shellView,
  siteConfigJsonSchema,
  tagsView,
} from '../../server/site/index.js';
