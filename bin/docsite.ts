// The production HTTP server, as a composition of small parts: the site (server/site's façade), its
// sync, metrics and purges, then the HTTP layers in the order a request meets them. Everything it
// knows of server/ comes through the façade.
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import v8 from 'node:v8';
import { fileURLToPath } from 'node:url';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import compression from 'compression';
import { createRequestHandler } from '@remix-run/express';
import type { ServerBuild } from '@remix-run/node';
import { componentProblemsAt, isHttpError, problemsAt, Site } from '../server/site/index.js';
import { BUILD_DIR, loadBuild, loadContext, openApp, type App } from './app.js';
import { cacheHeaders } from './cache-headers.js';
import { checkLinksCommand } from './check-links.js';
import { configCommand } from './config-print.js';
import { front, requestEnded } from './front.js';
import { HitPath } from './hit-path.js';
import { LiveReload } from './live-reload.js';
import { localsOf, problem } from './locals.js';
import { isText, markdownRender } from './markdown.js';
import { mcpRoute } from './mcp.js';
import { operatorRoutes } from './operator-routes.js';
import { pageCacheMiddleware, remixRender, sendBuffered } from './page-cache.js';
import { precompressed } from './precompressed.js';
import { purger } from './purge.js';
import { siteRoot } from './site-root.js';
import { warmUp } from './warm-up.js';
import { webhookRoute } from './webhook.js';
import { costModel } from './cost-model.js';
import { admitted, admittedHandler } from './request-work.js';
import { readServerConfig, type ServerConfig, Sync, createMetrics, accessLogOf, createLogger, isWorkStop, collectWhenIdle } from '../server/host.js';
import { readReportConfig, siteReports, type SiteReports } from '../server/host.js';

const log = loggerOrExit();
const accessLog = accessLogOf(log);

async function main(): Promise<void> {
  const config = readServerConfig();
  // Before any content is loaded: a mistake in the report settings stops start-up at once.
  const reportConfig = readReportConfig(process.env);
  warnIfHeapOutgrowsMemory(config);
  // The port first: a port in use stops start-up before any content is loaded. Until the site is
  // ready, requests are told to come back.
  const starting: http.RequestListener = (_req, res) => void res.writeHead(503, { 'Retry-After': '5', 'Content-Type': 'text/plain' }).end('starting\n');
  const server = http.createServer(starting);
  await listenOrFail(server, config);
  const started = Date.now();
  const loading = loadBuild();
  const site = await Site.open(config, log, { codeVersion: codeVersion() });
  log.info({ ref: site.snapshot().defaultRef, commit: site.snapshot().defaultCommit, ms: Date.now() - started }, 'content ready');
  // What /readyz reports and the first page shows is worked out meanwhile; the component check (every page read) after the search indexes.
  const indexesQueued = site.background.hold();
  void problemsAt(site, site.snapshot().defaultCommit).catch(() => undefined);
  componentProblemsAt(site, site.snapshot().defaultCommit);
  const purge = purger(site, config, log);
  // Preview reports to the forge (decision 038): after each sync, never on its path.
  const reports = siteReports(site, reportConfig, config.limits.trustedHosts, log);
  const sync = new Sync(
    site,
    config,
    (level, msg, fields) => log[level](fields ?? {}, msg),
    (before, after) => {
      void purge(before, after).catch((error) => log.warn({ err: error }, 'could not work out what to purge'));
      reports.refreshed(before, after);
    },
  );
  sync.start();
  // A preview branch pushed a moment ago opens on the first request: a miss fetches once.
  site.onUnknownRef(() => sync.trigger());
  let hitPath: HitPath | undefined;
  const metrics = createMetrics({
    caches: () => site.caches.stats(),
    sync: () => sync.status,
    hitPathAnswers: () => hitPath?.answers ?? 0,
    renders: () => site.render.renders,
    diskCache: () => site.diskCache?.stats(),
    siteCode: () => site.docs.code?.stats() ?? { evaluations: 0, failures: 0, restarts: 0, reused: 0 },
    islands: () => site.render.islands.counts,
  });
  reports.registerMetrics(metrics.registry);
  const cost = costModel(site, config, metrics.registry);
  const app = await openApp(loading);
  const live = new LiveReload();
  // Answers a page the page cache answered before ahead of Express (bin/hit-path.ts); not under Vite, which serves its own.
  if (site.pageCache && !app.vite) hitPath = new HitPath(site, (req, res, id, route, started) => requestEnded(metrics, accessLog, id, req, res, route, res.statusCode, started));
  const fullStack = httpApp(site, sync, metrics, cost, app, live, config, purge, hitPath, reports);
  server.off('request', starting).on('request', (req, res) => hitPath?.serve(req, res) || fullStack(req, res));
  giveHeapBackWhenIdle(server, site);
  // Listening since before the content was loaded; "listening" is logged once requests are served.
  {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    log.info({ url: `http://${config.host}:${port}` }, 'listening');
    // After listening, so that start to ready does not wait for them: the threads load the pipeline
    // while the first request is on its way, and a replica behind a cache renders a push at once.
    site.render.pool.start();
    // Every published version's search index, read back from disk or built in the background, before its first search.
    void site.search.warm(site.snapshot()).finally(indexesQueued);
    const host = typeof address === 'object' && address ? address.address : config.host;
    warmUp(site, host, port).catch((error) => log.warn({ err: error }, 'warm-up failed; the first pages will be slower'));
  }
  stopOnSignals(server, site, sync, live);
}

/** Listens on HOST:PORT, or throws one line saying why not and what would work. */
function listenOrFail(server: http.Server, config: ServerConfig): Promise<void> {
  return new Promise((resolve, reject) => {
    const failed = (error: NodeJS.ErrnoException) => {
      const notHere = 'HOST is not an address of this machine; use 0.0.0.0, 127.0.0.1 or one of its addresses';
      const why: Record<string, string> = {
        EADDRINUSE: 'the port is in use by another process; stop it or choose another PORT',
        EACCES: 'this user may not listen on that port; choose a PORT above 1023',
        EADDRNOTAVAIL: notHere,
        ENOTFOUND: notHere,
      };
      reject(new Error(`PORT=${config.port} on HOST=${config.host}: ${why[error.code ?? ''] ?? `cannot listen (${error.code ?? error.message})`}`));
    };
    server.once('error', failed);
    server.listen(config.port, config.host, () => {
      // Later errors are the running server's, not start-up's.
      server.off('error', failed);
      resolve();
    });
  });
}

/**
 * Collects the main heap's garbage once the server has been quiet for 5 s with no render or
 * background job under way and the heap has grown by 16 MiB since (server/idle-gc.ts): a quiet
 * replica then holds what it uses, not what it grew to. Needs node's --expose-gc (bin/start.sh).
 */
function giveHeapBackWhenIdle(server: http.Server, site: Site): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) return;
  const busy = () => site.background.size > 0 || Object.values(site.renderCounts()).some((lane) => lane.queued + lane.running > 0);
  const mib = (bytes: number) => Math.round(bytes / 2 ** 20);
  collectWhenIdle(server, {
    idleMs: 5000,
    growthBytes: 16 * 2 ** 20,
    checkMs: 1000,
    busy,
    gc,
    collected: ({ beforeBytes, afterBytes, ms }) => log.info({ heapMb: mib(afterBytes), beforeMb: mib(beforeBytes), ms: Math.round(ms) }, 'heap collected while idle'),
  });
}

/** The HTTP layers, in the order a request meets them. */
function httpApp(
  site: Site,
  sync: Sync,
  metrics: ReturnType<typeof createMetrics>,
  cost: ReturnType<typeof costModel>,
  { build, vite, version }: App,
  live: LiveReload,
  config: ServerConfig,
  purge: ReturnType<typeof purger>,
  hitPath: HitPath | undefined,
  reports: SiteReports,
): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');
  app.set('trust proxy', cost.trustProxy);
  app.use(front(site, metrics, log, accessLog));
  // The request's budget and lane, and the one host its absolute URLs use (decision 030).
  app.use(cost.trustedHost, cost.requestWork);
  // Before compression(): these are compressed already, at a level too slow to use per request.
  if (!vite) app.use('/assets', precompressed(path.join(BUILD_DIR, 'client/assets')));
  app.use(compression());
  if (vite) app.use(vite.middlewares);
  else {
    // Vite fingerprints everything under /assets: safe to cache forever.
    app.use('/assets', express.static(path.join(BUILD_DIR, 'client/assets'), { immutable: true, maxAge: '1y', index: false }));
    app.use(express.static(path.join(BUILD_DIR, 'client'), { maxAge: '1h', index: false }));
  }
  operatorRoutes(app, site, sync, metrics, cost.busy, reports);
  // Agents' tools (bin/mcp.ts, decision 037): each call read as a request for its URL would be.
  mcpRoute(app, site, metrics.registry, version);
  liveRoutes(app, site, sync, live);
  webhookRoute(app, site, sync, config, purge, reports);
  // The repository's own static files and redirects (decision 028), before any page.
  app.use(siteRoot(site));
  app.use(cacheHeaders(version, hitPath));
  const context = loadContext();
  // The docs as Markdown, for agents (bin/markdown.ts): through the page cache when it is on.
  const markdown = markdownRender(context);
  const onlyMarkdown =
    (handler: RequestHandler): RequestHandler =>
    (req, res, next) =>
      isText(localsOf(res).route) ? handler(req, res, next) : next();
  // Renders that start work on a commit nobody has read are admitted first (bin/request-work.ts, decision 030).
  if (site.pageCache) app.get('*', onlyMarkdown(pageCacheMiddleware(site.pageCache, admitted(site, markdown), hitPath)));
  app.get(
    '*',
    onlyMarkdown((req, res, next) => admitted(site, markdown)(req, res).then((answer) => sendBuffered(req, res, answer), next)),
  );
  // The page cache (docs/decisions/016-page-cache.md): answers by ETag, rendered and compressed once.
  if (site.pageCache && !vite) app.get('*', pageCacheMiddleware(site.pageCache, admitted(site, remixRender(build as ServerBuild, context)), hitPath));
  app.all('*', admittedHandler(site, createRequestHandler({ build, mode: vite ? 'development' : 'production', getLoadContext: context })));
  // Whatever failed below answers as a problem document and one log line, never a stack on stderr.
  app.use((error: Error & { status?: number }, _req: Request, res: Response, _next: NextFunction) => {
    const status = error.status && error.status >= 400 && error.status < 600 ? error.status : 500;
    const requestLog = (res.locals as { log?: typeof log }).log ?? log;
    if (status >= 500 && !isWorkStop(error)) requestLog.error({ err: error }, 'request failed');
    if (res.headersSent) return void res.end();
    problem(
      res,
      status,
      status === 413 ? 'Payload too large' : status >= 500 ? 'Server error' : isHttpError(error) ? error.title : 'Bad request',
      status >= 500 ? 'The server could not answer; the error has been logged.' : error.message,
    );
  });
  return app;
}

/** `docsite preview`: a save commits the working tree, the site refreshes, open pages reload (`/_live`). */
function liveRoutes(app: express.Express, site: Site, sync: Sync, live: LiveReload): void {
  app.get('/_live', (req, res) => {
    if (!site.workingTree) return problem(res, 404, 'Not found', 'Live reload is on only in `docsite preview` (WATCH_CONTENT=on).');
    live.listen(req, res, site.snapshot().defaultCommit);
  });
  site.workingTree?.watch(
    async (commit) => {
      const snapshot = await sync.trigger();
      if (snapshot) live.announce(snapshot.defaultCommit);
      log.info({ commit }, 'working tree committed');
    },
    (error) => log.warn({ err: error }, 'could not commit the working tree; serving the last good one'),
  );
}

/** Drains in-flight requests on SIGTERM/SIGINT (10 s at most), then exits; a second signal exits at once. */
function stopOnSignals(server: http.Server, site: Site, sync: Sync, live: LiveReload): void {
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) process.exit(1);
    stopping = true;
    sync.stop();
    site.workingTree?.close();
    live.close();
    log.info({ signal }, 'shutting down');
    // What the next start reads (front matter) is written while requests drain.
    const flushed = site.flush();
    server.close(() => void flushed.then(() => process.exit(0)));
    server.closeIdleConnections();
    setTimeout(() => process.exit(0), 10_000).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

/** The heap can only be sized when node starts: bin/start.sh derives it from MEMORY_MB. */
function warnIfHeapOutgrowsMemory(config: ServerConfig): void {
  const heapMb = Math.round(v8.getHeapStatistics().heap_size_limit / 1024 / 1024);
  if (process.env.NODE_ENV === 'production' && !config.watchContent && heapMb > config.memoryMb) {
    log.warn({ heapMb, memoryMb: config.memoryMb }, 'the heap may outgrow MEMORY_MB: start with bin/start.sh (npm start and the image do) or give node --max-old-space-size');
  }
}

/** The build's version: what is kept on disk is kept per build. Both bundles count: the app's (its views) may change alone. */
function codeVersion(): string | undefined {
  if (process.env.NODE_ENV !== 'production') return undefined;
  const hash = crypto.createHash('sha256').update(fs.readFileSync(fileURLToPath(import.meta.url)));
  return hash
    .update(fs.readFileSync(path.join(BUILD_DIR, 'server/index.js')))
    .digest('hex')
    .slice(0, 16);
}

// `docsite check-links ...` and `docsite config ...` are one-shot commands (bin/check-links.ts,
// bin/config-print.ts); anything else serves.
if (process.argv[2] === 'check-links') {
  checkLinksCommand(process.argv.slice(3)).then((code) => process.exit(code));
} else if (process.argv[2] === 'config') {
  configCommand(process.argv.slice(3)).then((code) => process.exit(code));
} else {
  main().catch(cannotStart);
}

/** The process's logger, or (LOG_LEVEL unknown) the end of start-up. */
function loggerOrExit(): ReturnType<typeof createLogger> {
  try {
    return createLogger();
  } catch (error) {
    return cannotStart(error);
  }
}

/**
 * Ends start-up with one line saying why (no stack trace) and exit 78 (EX_CONFIG), which
 * bin/start.sh does not restart: a server that could not start would fail the same way again.
 */
function cannotStart(error: unknown): never {
  const message = (error instanceof Error ? error.message : String(error)).replace(/\s*\n\s*/g, ' ');
  process.stderr.write(`${JSON.stringify({ level: 'error', time: new Date().toISOString(), error: message, msg: 'could not start' })}\n`);
  process.exit(78);
}
