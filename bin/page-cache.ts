// The page cache in front of Remix (docs/decisions/016-page-cache.md): a GET whose answer has an
// ETag is rendered through Remix's Fetch handler with its whole body, kept by the site's
// PageCache, and sent in the encoding the client accepts. The key is the ETag, which names every
// commit, the URL and the variant, plus the Host (the one request input the ETag leaves out).
import { createRequestHandler, type AppLoadContext, type ServerBuild } from '@remix-run/node';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { bodyOf, chooseEncoding, routeLabel, type BufferedResponse, type CachedPage, type CachePolicy, type PageCache } from '../server/site/index.js';
import type { HitPath } from './hit-path.js';
import { localsOf } from './locals.js';

/** How a response is produced on a miss: its status, headers and whole body. */
export type Render = (req: Request, res: Response) => Promise<BufferedResponse>;

/**
 * The middleware; requests without an ETag (`res.locals.policy`) go on to the next handler. Each
 * page it sends is recorded by the hit path, which answers the same request shape next time.
 */
export function pageCacheMiddleware(pageCache: PageCache, render: Render, hitPath?: HitPath): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    const policy = res.locals.policy as CachePolicy | undefined;
    if (!policy?.etag) return next();
    try {
      const key = `${policy.etag} ${req.headers.host ?? ''}`;
      const answer = await pageCache.answer(key, policy.dependsOn, () => render(req, res));
      if ('response' in answer) return sendBuffered(req, res, answer.response);
      res.setHeader('X-Page-Cache', answer.hit ? 'hit' : 'miss');
      sendCached(req, res, answer.page);
      // Sent: its headers are now the ones on the wire (later layers, compression's Vary, have run).
      hitPath?.record(req, res, key, policy.etag, routeLabel(localsOf(res).route));
    } catch (error) {
      next(error);
    }
  };
}

/** Renders through Remix's Fetch handler, keeping the whole body. */
export function remixRender(build: ServerBuild, loadContext: (req: Request, res: Response) => AppLoadContext): Render {
  const handle = createRequestHandler(build, 'production');
  return async (req, res) => {
    const response = await handle(remixRequest(req), loadContext(req, res));
    return { status: response.status, headers: [...response.headers], body: Buffer.from(await response.arrayBuffer()) };
  };
}

/**
 * The Fetch request Remix renders for a GET (a HEAD renders as a GET: the page cache keeps the
 * body). No abort signal: concurrent requests share the render, so one client leaving must not
 * abort it for the others; the render budget bounds it.
 */
function remixRequest(req: Request): globalThis.Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, one);
  }
  return new globalThis.Request(requestOrigin(req) + req.originalUrl, { headers });
}

/** The origin a request was sent to (`http://localhost` for a Host header that names no host). */
export function requestOrigin(req: Request): string {
  try {
    return new URL(`${req.protocol}://${req.headers.host}`).origin;
  } catch {
    return 'http://localhost';
  }
}

/** Sends a cached page in the best encoding the client accepts. */
function sendCached(req: Request, res: Response, page: CachedPage): void {
  const encoding = chooseEncoding(req.headers['accept-encoding']);
  for (const [name, value] of page.headers) res.append(name, value);
  res.append('Vary', 'Accept-Encoding');
  if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding);
  const body = bodyOf(page, encoding);
  res.setHeader('Content-Length', body.length);
  res.status(200).end(req.method === 'HEAD' ? undefined : body);
}

/** Sends a response that was not cached (an error or a redirect); `compression()` encodes it. */
export function sendBuffered(req: Request, res: Response, response: BufferedResponse): void {
  res.status(response.status);
  for (const [name, value] of response.headers) {
    // The page's own Cache-Control (`no-store`: a page not shown whole this time) replaces the route's.
    if (name === 'cache-control') res.setHeader(name, value);
    else if (name !== 'content-length') res.append(name, value);
  }
  res.end(req.method === 'HEAD' ? undefined : response.body);
}
