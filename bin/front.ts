// The front of every request: its id, its snapshot and its URL, parsed once; the access log line and
// the metrics when it ends; errors and redirects never cached; methods the site does not answer.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import { grammarOf, pagePathOf, parseUrl, requestContext, routeLabel, snapshotForPath, type Logger, type Site } from '../server/site/index.js';
import { problem, requestId, type Locals } from './locals.js';
import { negotiateMarkdown } from './markdown.js';
import { allowedMethods } from './methods.js';
import { retryAfter } from './request-work.js';
import type { createMetrics } from '../server/host.js';

/** Writes a request's line in the access log and observes it in the metrics. */
export function requestEnded(
  metrics: ReturnType<typeof createMetrics>,
  accessLog: Logger,
  id: string,
  req: IncomingMessage,
  res: ServerResponse,
  route: string,
  status: number,
  started: number,
): void {
  const seconds = (performance.now() - started) / 1000;
  metrics.observeRequest(route, status, seconds);
  const path = ((req as { originalUrl?: string }).originalUrl ?? req.url ?? '').slice(0, 2000);
  accessLog.info({ req: id, method: req.method, path, status, ms: Math.round(seconds * 1000), bytes: Number(res.getHeader('content-length')) || undefined }, 'request');
}

/** The first middleware: every later step (cache headers, loaders, metrics, the log line) reads what it parses. */
export function front(site: Site, metrics: ReturnType<typeof createMetrics>, log: Logger, accessLog: Logger): RequestHandler {
  return (req, res, next) => {
    const started = performance.now();
    const id = requestId(req.headers['x-request-id']);
    const [pathname, query = ''] = req.url.split('?');
    // A locale other than the default is its own site below its base URL (`/zh/`): its snapshot reads the same refs as that site.
    const snapshot = snapshotForPath(site.snapshot(), pathname);
    // A page asked for as Markdown (`Accept: text/markdown`) is answered as its `.md` URL would be.
    const route = negotiateMarkdown(parseUrl(pathname, grammarOf(snapshot), new URLSearchParams(query)), req);
    const request = requestContext(site, { snapshot, route, search: new URLSearchParams(query), pathname: pagePathOf(pathname, snapshot.config.trailingSlash) });
    const locals: Locals = { snapshot, route, request, log: log.child({ req: id }) };
    Object.assign(res.locals, locals);
    res.setHeader('X-Request-Id', id);
    const logRequest = (status: number) => requestEnded(metrics, accessLog, id, req, res, routeLabel(route), status, started);
    res.on('finish', () => logRequest(res.statusCode));
    // A client that hung up before its answer: logged as nginx does (499), never as a server error.
    res.on('close', () => res.writableFinished || logRequest(499));
    // Errors and redirects are never cached, whoever answered: content in git can change, so a
    // redirect may stop being true (decision 019).
    const writeHead = res.writeHead;
    res.writeHead = function (this: typeof res, status: number, ...rest: unknown[]) {
      if (status >= 400 || (status >= 300 && status !== 304)) {
        this.removeHeader('ETag');
        this.setHeader('Cache-Control', 'no-store');
      }
      retryAfter(this, status);
      return (writeHead as (...args: unknown[]) => typeof res).call(this, status, ...rest);
    } as typeof res.writeHead;
    if (!allowedMethods(route).includes(req.method)) {
      res.setHeader('Allow', allowedMethods(route).join(', '));
      return void problem(res, 405, 'Method not allowed', `${req.method} is not supported.`);
    }
    if (route.kind === 'bad-url') return void problem(res, 400, 'Bad request', `This address cannot be read: ${route.reason}.`);
    // An address of the API that names no endpoint (and no page of a site's docs at /api): a problem
    // document, before the app, whose catch-all route under /api renders those docs' pages.
    if (route.kind === 'api-unknown') return void problem(res, 404, 'Not found', 'No API endpoint at this address; see /api/versions.');
    next();
  };
}
