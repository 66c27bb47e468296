// The adapter between Remix and the server's façade: the load context's type, and the one place
// where façade errors become HTTP responses. Routes call a view inside `view()` or `apiJson()`.
import { redirect, type AppLoadContext } from '@remix-run/node';
import {
  blogView as serverBlogView,
  docsPageView as serverDocsPageView,
  isHttpError,
  notFoundSuggestions,
  problemDocument,
  shellView as serverShellView,
  type Logger,
  type RequestContext,
} from '../../server/site/index.js';

declare module '@remix-run/node' {
  interface AppLoadContext extends RequestContext {
    /** The request's logger (its lines carry the request id). */
    log: Logger;
    /** Lite mode: the page is sent with no script at all (server/site/lite.ts). */
    lite: boolean;
    /**
     * Set on document requests only: the loaders leave the article and sidebar HTML here for the
     * server entry, so it is not sent a second time in the hydration data (app/lib/document-html.ts).
     */
    documentHtml?: { article?: string; sidebar?: string; incomplete?: boolean };
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
    // With pages to offer (pages at a similar address, search results for the URL's words), the
    // error page gets them as JSON (ErrorMessage in app/root.tsx reads both forms).
    const suggestions = context && error.status === 404 ? await notFoundSuggestions(context) : null;
    if (error.links?.length || suggestions) {
      throw Response.json({ detail: error.detail, links: error.links ?? [], suggestions }, { status: error.status, headers: { 'Cache-Control': 'no-store' } });
    }
    throw new Response(error.detail, { status: error.status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } });
  }
}

/** Runs a view that answers a text document (a sitemap, robots.txt); a façade HttpError becomes its error response. */
export async function textDocument(load: () => string | Promise<string>, contentType: string): Promise<Response> {
  return view(async () => new Response(await load(), { headers: { 'Content-Type': contentType } }));
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
export function articleOnce<T extends { html?: string; incomplete?: boolean }>(context: Pick<AppLoadContext, 'documentHtml'>, page: T): T {
  if (!context.documentHtml) return page;
  context.documentHtml.article = page.html;
  // A page that could not be shown whole this time is answered, not kept (app/entry.server.tsx).
  if (page.incomplete) context.documentHtml.incomplete = true;
  return { ...page, html: undefined };
}

/** The same for the shell's sidebar HTML (decision 013). */
export function sidebarOnce<T extends { sidebar?: { html?: string } }>(context: Pick<AppLoadContext, 'documentHtml'>, shell: T): T {
  if (!context.documentHtml || !shell.sidebar) return shell;
  context.documentHtml.sidebar = shell.sidebar.html;
  return { ...shell, sidebar: { ...shell.sidebar, html: undefined } };
}

// The façade's views, for route loaders (a `.server` module, so none of it reaches the browser).
/**
 * A docs or blog page with its docs shell, for a route other than the docs routes that an address of
 * the site's docs may reach (`/` for docs at the site root, `/api/…` for docs at `api`).
 */
export async function docsPageElsewhere(context: AppLoadContext, origin: string) {
  // A blog's page brings its own shell.
  if (context.route.kind === 'blog') {
    const blog = await serverBlogView(context);
    return { kind: 'docs-elsewhere' as const, shell: null, page: blog.kind === 'blog-post' ? { ...blog, post: articleOnce(context, blog.post) } : blog };
  }
  const page = await serverDocsPageView(context);
  return {
    kind: 'docs-elsewhere' as const,
    shell: { ...sidebarOnce(context, await serverShellView(context)), origin },
    page: page.kind === 'page' || page.kind === 'diff' ? articleOnce(context, page) : page,
  };
}

export {
  apiBlog,
  apiLinks,
  apiChanges,
  apiPage,
  apiPages,
  apiSearch,
  apiSidebar,
  apiVersions,
  assetView,
  blogView,
  requestSiteCss,
  requestColorMode,
  requestThemeStrings,
  siteCssByHash,
  blogAnswerJsonSchema,
  brandOf,
  initialTheme,
  categoryView,
  HISTORY_PARAM,
  historyView,
  changesAnswerJsonSchema,
  changesView,
  diffView,
  docsPageView,
  homeView,
  HttpError,
  linksAnswerJsonSchema,
  linksView,
  MCP_PATH,
  liteCookie,
  localeHead,
  notFoundSuggestions,
  openSearchView,
  pageView,
  robotsView,
  searchAnswerJsonSchema,
  searchView,
  shellView,
  siteOrigin,
  sitemapIndexView,
  sitemapView,
  siteConfigJsonSchema,
  sitePageView,
  tagsView,
} from '../../server/site/index.js';
