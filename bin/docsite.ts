// The production HTTP server: opens the content repository, then serves the Remix app with one
// content snapshot and one parsed URL pinned per request, compressed responses and immutable
// built assets. Everything it knows of server/ comes through the façade.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import { fileURLToPath } from 'node:url';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import compression from 'compression';
import fresh from 'fresh';
import { createRequestHandler } from '@remix-run/express';
import type { AppLoadContext, ServerBuild } from '@remix-run/node';
import { readServerConfig } from '../server/site/env.js';
import {
  cachePolicy,
  grammarOf,
  LITE_HEADERS,
  liteRequested,
  parseUrl,
  routeLabel,
  Site,
  type CachePolicy,
  type RequestContext,
  type Route,
  type Snapshot,
} from '../server/site/index.js';
import { Sync } from '../server/site/sync.js';
import { verifyWebhook } from '../server/site/webhook.js';
import { notifyPeers, PEER_HEADER, peerWebhooks, verifyPeerMessage } from '../server/site/peers.js';
import { sendPurges } from '../server/site/purge.js';
import { createMetrics } from '../server/site/metrics.js';
import { createLogger, type Logger } from '../server/site/log.js';
import { LiveReload } from './live-reload.js';
import { precompressed } from './precompressed.js';
import { markdownRender, negotiateMarkdown } from './markdown.js';
import { pageCacheMiddleware, remixRender, sendBuffered } from './page-cache.js';
import { checkLinksCommand } from './check-links.js';
import { costModel } from './cost-model.js';
import { allowedMethods } from './methods.js';
import { admitted, admittedHandler, retryAfter } from './request-work.js';
import { isWorkStop } from '../server/work-context.js';
import type { RequestBudget } from '../server/site/admission.js';

const buildDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'build');
const log = createLogger();

/** What every middleware of one request shares (`res.locals`). */
interface Locals {
  snapshot: Snapshot;
  route: Route;
  log: Logger;
  /** The caching headers of the answer, once known (undefined: nothing to cache). */
  policy?: CachePolicy;
  /** The client and its signal (bin/request-work.ts). */
  budget?: RequestBudget;
  /** The Host the answer depends on when none is configured (bin/trusted-host.ts). */
  hostVariant?: string;
}

async function main(): Promise<void> {
  const config = readServerConfig();
  // The heap can only be sized when node starts: bin/start.sh derives it from MEMORY_MB.
  const heapMb = Math.round(v8.getHeapStatistics().heap_size_limit / 1024 / 1024);
  if (process.env.NODE_ENV === 'production' && !config.watchContent && heapMb > config.memoryMb) {
    log.warn({ heapMb, memoryMb: config.memoryMb }, 'the heap may outgrow MEMORY_MB: start with bin/start.sh (npm start and the image do) or give node --max-old-space-size');
  }
  const started = Date.now();
  // Front matter is kept on disk per build (the same page gives other data when the code changes).
  const codeVersion =
    process.env.NODE_ENV === 'production'
      ? crypto
          .createHash('sha256')
          .update(fs.readFileSync(fileURLToPath(import.meta.url)))
          .digest('hex')
          .slice(0, 16)
      : undefined;
  // The app's build loads while the content opens (both take a few hundred milliseconds, and
  // opening waits on the disk); a failure surfaces where it is awaited below.
  const appBuild = process.env.NODE_ENV === 'production' ? import(path.join(buildDir, 'server/index.js')) : undefined;
  appBuild?.catch(() => undefined);
  const site = await Site.open(config, log, { codeVersion });
  log.info({ ref: site.snapshot().defaultRef, commit: site.snapshot().defaultCommit, ms: Date.now() - started }, 'content ready');
  // What /readyz reports and the first page shows (sidebars, data files) is worked out meanwhile.
  void site
    .docSet(site.snapshot().defaultCommit)
    .then((docSet) => site.problems(docSet))
    .catch(() => undefined);

  // Caches in front are told what a refresh made stale (docs/decisions/021-surrogate-keys.md).
  const purge = async (before: Snapshot, after: Snapshot) => {
    if (!config.purgeTargets.length) return;
    const keys = await site.purgeKeys(before, after);
    if (!keys.length) return;
    const credentials = { method: config.purgeMethod, cloudflareToken: config.cloudflareApiToken, fastlyToken: config.fastlyApiToken };
    const outcomes = await sendPurges(config.purgeTargets, keys, credentials);
    const failed = outcomes.filter((outcome) => !('status' in outcome) || outcome.status >= 300);
    if (failed.length) log.warn({ failed }, 'a cache in front did not take a purge');
    else log.info({ keys: keys.length, requests: outcomes.length }, 'caches in front purged');
  };
  const sync = new Sync(
    site,
    config,
    (level, msg, fields) => log[level](fields ?? {}, msg),
    (before, after) => void purge(before, after).catch((error) => log.warn({ err: error }, 'could not work out what to purge')),
  );
  sync.start();
  // A preview branch pushed a moment ago opens on the first request: a miss fetches once.
  site.onUnknownRef(() => sync.trigger());
  const metrics = createMetrics({ caches: () => site.cacheStats(), sync: () => sync.status });
  const cost = costModel(site, config, metrics.registry);
  // `npm run dev`: Vite serves the app from source with hot reload; otherwise the production build.
  const vite = process.env.NODE_ENV === 'production' ? undefined : await import('vite').then(({ createServer }) => createServer({ server: { middlewareMode: true } }));
  const build = vite ? () => vite.ssrLoadModule('virtual:remix/server-build') as Promise<ServerBuild> : ((await appBuild) as ServerBuild);
  const buildVersion = typeof build === 'function' ? 'dev' : build.assets.version;

  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');
  app.set('trust proxy', cost.trustProxy);
  // The request is parsed here, once: its id, its snapshot and its URL. Every later step (cache
  // headers, loaders, metrics, the log line) reads these.
  app.use((req, res, next) => {
    const started = performance.now();
    const id = requestId(req.headers['x-request-id']);
    const snapshot = site.snapshot();
    // A page asked for as Markdown (`Accept: text/markdown`) is answered as its `.md` URL would be.
    const route = negotiateMarkdown(parseUrl(req.url.split('?')[0], grammarOf(snapshot), new URLSearchParams(req.url.split('?')[1] ?? '')), req);
    const locals: Locals = { snapshot, route, log: log.child({ req: id }) };
    Object.assign(res.locals, locals);
    res.setHeader('X-Request-Id', id);
    const logRequest = (status: number) => {
      const seconds = (performance.now() - started) / 1000;
      metrics.observeRequest(routeLabel(route), status, seconds);
      locals.log.info(
        {
          method: req.method,
          path: req.originalUrl.slice(0, 2000),
          status,
          ms: Math.round(seconds * 1000),
          bytes: Number(res.getHeader('content-length')) || undefined,
        },
        'request',
      );
    };
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
    next();
  });
  // The request's budget and lane, and the one host its absolute URLs use (decision 030).
  app.use(cost.trustedHost, cost.requestWork);
  // Before compression(): these are compressed already, at a level too slow to use per request.
  if (!vite) app.use('/assets', precompressed(path.join(buildDir, 'client/assets')));
  app.use(compression());
  if (vite) app.use(vite.middlewares);
  else {
    // Vite fingerprints everything under /assets: safe to cache forever.
    app.use('/assets', express.static(path.join(buildDir, 'client/assets'), { immutable: true, maxAge: '1y', index: false }));
    app.use(express.static(path.join(buildDir, 'client'), { maxAge: '1h', index: false }));
  }

  // Operator endpoints answer before the app, and are never cached.
  app.get('/healthz', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ status: 'alive' });
  });
  // Ready while content is served; a failed sync or a broken docsite.yaml does not take the
  // instance out of rotation (it still serves the last good snapshot) but is reported here.
  app.get('/readyz', async (_req, res, next) => {
    const { snapshot } = res.locals as Locals;
    // Saturated (decision 030): out of the rotation until it has caught up.
    const busy = cost.busy.reason();
    if (busy) return void res.status(503).set('Cache-Control', 'no-store').json({ status: 'busy', reason: busy });
    const { status } = sync;
    // What content authors should fix at the default commit (front matter, sidebars, data files):
    // reported, but not a reason to leave the rotation.
    const problems = await site.problems(await site.docSet(snapshot.defaultCommit)).catch(next);
    if (!problems) return;
    res.set('Cache-Control', 'no-store').json({
      status: status.lastError || snapshot.configError ? 'degraded' : 'ready',
      ref: snapshot.defaultRef,
      commit: snapshot.defaultCommit,
      syncedAt: snapshot.takenAt,
      lastSyncAt: status.lastSuccessAt ?? null,
      lastError: status.lastError ?? null,
      configError: snapshot.configError ?? null,
      versions: Object.fromEntries(snapshot.versions.map((version) => [version.name, { ref: version.ref, commit: version.commit ?? null }])),
      problemCount: problems.length,
      problems: problems.slice(0, 50),
    });
  });
  app.get('/metrics', async (_req, res, next) => {
    try {
      res
        .set('Cache-Control', 'no-store')
        .type(metrics.registry.contentType)
        .send(await metrics.registry.metrics());
    } catch (error) {
      next(error);
    }
  });

  // `docsite preview`: a save commits the working tree, the site refreshes, open pages reload.
  const live = new LiveReload();
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

  // The webhook answers once the refresh it triggered has landed (or failed), so a forge's
  // delivery log shows the outcome and a caller can read the new content right after. A forge's
  // call is also passed on to the other replicas (server/site/peers.ts), and the answer says how
  // each of them fared; a peer's call only refreshes this replica.
  app.post('/api/webhook', express.raw({ type: () => true, limit: '5mb' }), async (req, res) => {
    const secret = config.webhookSecret;
    if (!secret) return problem(res, 404, 'Webhook disabled', 'Set WEBHOOK_SECRET to enable POST /api/webhook.');
    const requestLog = (res.locals as Locals).log;
    const peerHeader = req.headers[PEER_HEADER];
    const verdict =
      typeof peerHeader === 'string' ? verifyPeerMessage(peerHeader, secret) : verifyWebhook(req.headers, Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0), secret);
    if (!verdict.ok) {
      requestLog.warn({ reason: verdict.reason }, 'webhook refused');
      return problem(res, 401, 'Invalid signature', verdict.reason);
    }
    const fromPeer = typeof peerHeader === 'string';
    const before = site.snapshot();
    const [snapshot, peers] = await Promise.all([sync.trigger(), fromPeer ? undefined : tellPeers(requestLog)]);
    if (!snapshot) return problem(res, 502, 'Sync failed', sync.status.lastError?.message ?? 'unknown error');
    // Once every peer serves the push, purge again: a cache may have refilled from a peer that had
    // not refreshed yet when this replica's own purge went out.
    if (peers?.length) await purge(before, snapshot).catch((error) => requestLog.warn({ err: error }, 'could not work out what to purge'));
    res.set('Cache-Control', 'no-store').json({
      status: 'synced',
      forge: 'forge' in verdict ? verdict.forge : 'peer',
      commit: snapshot.defaultCommit,
      configError: snapshot.configError ?? null,
      ...(peers && { peers }),
    });
  });
  /** Passes a verified push on to every peer and waits for their refreshes; failures are logged (they poll anyway). */
  const tellPeers = async (requestLog: Logger) => {
    const { urls, error } = await peerWebhooks(config);
    if (error) requestLog.warn({ error }, 'some peers could not be found');
    const outcomes = await notifyPeers(urls, config.webhookSecret!);
    for (const outcome of outcomes) if (!('status' in outcome) || outcome.status !== 200) requestLog.warn(outcome, 'a peer did not refresh');
    return outcomes;
  };

  // ETag and Cache-Control by what the URL names; a matching If-None-Match is answered before
  // anything is rendered.
  app.use(async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    try {
      const { snapshot, route } = res.locals as Locals;
      // Pages render the reader's theme (a cookie, so it works without JavaScript) and lite mode
      // (no scripts: a cookie, Save-Data or a slow ECT hint): both are part of the ETag, and `Vary`
      // keeps caches from reusing one variant's page for another.
      const theme = /(?:^|;\s*)theme=(light|dark)(?:;|$)/.exec(req.headers.cookie ?? '')?.[1] ?? '';
      const rendersTheme = ['home', 'doc', 'category', 'tags', 'search', 'links', 'changes', 'diff'].includes(route.kind);
      const variant = rendersTheme
        ? `${theme}${liteRequested(req.headers, new URL(req.url, 'http://x').searchParams) ? '|lite' : ''}`
        : route.kind === 'markdown'
          ? 'markdown'
          : '';
      const policy = await cachePolicy(site, snapshot, route, req.url, buildVersion, variant + ((res.locals as Locals).hostVariant ?? ''));
      if (!policy) return next();
      (res.locals as Locals).policy = policy;
      res.setHeader('Cache-Control', policy.cacheControl);
      if (rendersTheme) {
        // A page's URL also answers Markdown to a client that prefers it.
        res.setHeader('Vary', ['Cookie', ...LITE_HEADERS, ...(route.kind === 'doc' ? ['Accept'] : [])].join(', '));
        res.setHeader('Accept-CH', 'ECT');
      } else if (route.kind === 'markdown') res.setHeader('Vary', 'Accept');
      if (policy.keys.length) {
        // Cache tags: Surrogate-Key (Varnish, Fastly; space-separated) and Cache-Tag (Cloudflare; commas).
        res.setHeader('Surrogate-Key', policy.keys.join(' '));
        res.setHeader('Cache-Tag', policy.keys.join(','));
      }
      if (policy.etag) {
        res.setHeader('ETag', policy.etag);
        // Only If-None-Match: a request's `Cache-Control: no-cache` (fetch adds it to conditional
        // requests) tells caches to revalidate, and answering this validation is what the origin does.
        if (fresh({ 'if-none-match': req.headers['if-none-match'] }, { etag: policy.etag })) return void res.status(304).end();
      }
      next();
    } catch (error) {
      next(error);
    }
  });

  const loadContext = (req: Request, res: Response): AppLoadContext => {
    const { snapshot, route, log: requestLog } = res.locals as Locals;
    const request: RequestContext = { site, snapshot, route, search: new URL(req.url, 'http://x').searchParams, budget: (res.locals as Locals).budget };
    return {
      ...request,
      log: requestLog,
      lite: liteRequested(req.headers, request.search),
      // A document (not a client navigation's `.data` request) gets its article and sidebar HTML only once.
      documentHtml: 'data' in route && route.data ? undefined : {},
    };
  };

  // The docs as Markdown, for agents (bin/markdown.ts): through the page cache when it is on.
  const markdown = markdownRender(loadContext);
  const onlyMarkdown =
    (handler: RequestHandler): RequestHandler =>
    (req, res, next) =>
      ['markdown', 'llms'].includes((res.locals as Locals).route.kind) ? handler(req, res, next) : next();
  if (site.pageCache) app.get('*', onlyMarkdown(pageCacheMiddleware(site.pageCache, admitted(site, markdown))));
  app.get(
    '*',
    onlyMarkdown((req, res, next) => admitted(site, markdown)(req, res).then((answer) => sendBuffered(req, res, answer), next)),
  );
  // The page cache (docs/decisions/016-page-cache.md): answers by ETag, rendered and compressed once.
  if (site.pageCache && !vite) app.get('*', pageCacheMiddleware(site.pageCache, admitted(site, remixRender(build as ServerBuild, loadContext))));
  app.all('*', admittedHandler(site, createRequestHandler({ build, mode: vite ? 'development' : 'production', getLoadContext: loadContext })));

  // Whatever failed below answers as a problem document and one log line, never a stack on stderr.
  app.use((error: Error & { status?: number; type?: string }, _req: Request, res: Response, _next: NextFunction) => {
    const status = error.status && error.status >= 400 && error.status < 600 ? error.status : 500;
    const requestLog = (res.locals as Partial<Locals>).log ?? log;
    if (status >= 500 && !isWorkStop(error)) requestLog.error({ err: error }, 'request failed');
    if (res.headersSent) return void res.end();
    problem(
      res,
      status,
      status === 413 ? 'Payload too large' : status >= 500 ? 'Server error' : 'Bad request',
      status >= 500 ? 'The server could not answer; the error has been logged.' : error.message,
    );
  });

  const server = app.listen(config.port, config.host, () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    log.info({ url: `http://${config.host}:${port}` }, 'listening');
    // After listening, so that start to ready does not wait for them: the threads load the pipeline
    // while the first request is on its way, and a replica behind a cache renders a push at once.
    site.startRenderThreads();
    warmUp(site, typeof address === 'object' && address ? address.address : config.host, port).catch((error) =>
      log.warn({ err: error }, 'warm-up failed; the first pages will be slower'),
    );
  });

  // Drain in-flight requests on SIGTERM/SIGINT, then exit; a second signal exits at once.
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

/**
 * Runs every code path of a page once: the page on every render thread, then the whole request
 * over loopback (the shell, compression, the page cache). A first run costs several times a warm
 * one, and would otherwise fall on the first reader, or on the first push of a replica that a
 * cache in front kept idle. The request is logged with the id `warm-up`.
 */
async function warmUp(site: Site, host: string, port: number): Promise<void> {
  const url = await site.warmUp();
  if (!url) return;
  const loopback = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '[::1]' : host.includes(':') ? `[${host}]` : host;
  const res = await fetch(`http://${loopback}:${port}${url}`, { headers: { 'Accept-Encoding': 'br, gzip', 'X-Request-Id': 'warm-up' } });
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
}

/** An RFC 9457 problem document. */
function problem(res: Response, status: number, title: string, detail: string): void {
  res
    .status(status)
    .type('application/problem+json')
    .send(JSON.stringify({ type: 'about:blank', title, status, detail }));
}

/** The caller's request id when it is a sane token (a proxy's), else a new one. */
function requestId(header: string | string[] | undefined): string {
  const given = Array.isArray(header) ? header[0] : header;
  return given && /^[\w.:-]{1,64}$/.test(given) ? given : crypto.randomUUID();
}

// `docsite check-links ...` is a one-shot command (bin/check-links.ts); anything else serves.
if (process.argv[2] === 'check-links') {
  checkLinksCommand(process.argv.slice(3)).then((code) => process.exit(code));
} else {
  main().catch((error) => {
    log.error({ error: error instanceof Error ? error.message : String(error) }, 'could not start');
    // 78 (EX_CONFIG): bin/start.sh does not restart a server that could not start.
    process.exit(78);
  });
}
