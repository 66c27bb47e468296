// The production HTTP server: opens the content repository, then serves the Remix app with one
// content snapshot pinned per request, compressed responses and immutable built assets.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import express from 'express';
import compression from 'compression';
import { createRequestHandler } from '@remix-run/express';
import type { ServerBuild } from '@remix-run/node';
import { readServerConfig } from '../server/site/env.js';
import { Site, type Snapshot } from '../server/site/site.js';
import { Sync } from '../server/site/sync.js';
import { verifyWebhook } from '../server/site/webhook.js';
import { cachePolicy, CACHE_CONTROL, matchesETag } from '../server/site/http-cache.js';
import { RequestMetrics, metricFamily } from '../server/site/metrics.js';

const buildDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'build');

async function main(): Promise<void> {
  const config = readServerConfig();
  const started = Date.now();
  const site = await Site.open(config);
  log('info', 'content ready', { ref: site.snapshot().defaultRef, commit: site.snapshot().defaultCommit, ms: Date.now() - started });

  const sync = new Sync(site, config, log);
  sync.start();
  const requests = new RequestMetrics();
  const build = (await import(path.join(buildDir, 'server/index.js'))) as ServerBuild;

  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');
  // One structured log line and one histogram sample per request; the snapshot is pinned here,
  // once, and every later step of the request (caching, loaders) reads this one.
  app.use((req, res, next) => {
    const started = performance.now();
    res.locals.snapshot = site.snapshot();
    res.on('finish', () => {
      const seconds = (performance.now() - started) / 1000;
      requests.observe(routeKind(req.path, res.locals.snapshot), res.statusCode, seconds);
      log('info', 'request', { method: req.method, path: req.originalUrl, status: res.statusCode, ms: Math.round(seconds * 1000), bytes: Number(res.getHeader('content-length')) || undefined });
    });
    // Errors are never cached, whoever answered.
    const writeHead = res.writeHead;
    res.writeHead = function (this: typeof res, status: number, ...rest: unknown[]) {
      if (status >= 300 && status !== 304) {
        this.removeHeader('ETag');
        this.setHeader('Cache-Control', CACHE_CONTROL.error);
      }
      return (writeHead as (...args: unknown[]) => typeof res).call(this, status, ...rest);
    } as typeof res.writeHead;
    next();
  });
  app.use(compression());
  // Vite fingerprints everything under /assets: safe to cache forever.
  app.use('/assets', express.static(path.join(buildDir, 'client/assets'), { immutable: true, maxAge: '1y', index: false }));
  app.use(express.static(path.join(buildDir, 'client'), { maxAge: '1h', index: false }));

  // Operator endpoints answer before the app, and are never cached.
  app.get('/healthz', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ status: 'alive' });
  });
  // Ready while content is served; a failed sync or a broken docsite.yaml does not take the
  // instance out of rotation (it still serves the last good snapshot) but is reported here.
  app.get('/readyz', (_req, res) => {
    const snapshot: Snapshot = res.locals.snapshot;
    const { status } = sync;
    res.set('Cache-Control', 'no-store').json({
      status: status.lastError || snapshot.configError ? 'degraded' : 'ready',
      ref: snapshot.defaultRef,
      commit: snapshot.defaultCommit,
      syncedAt: snapshot.takenAt,
      lastSyncAt: status.lastSuccessAt ?? null,
      lastError: status.lastError ?? null,
      configError: snapshot.configError ?? null,
      versions: Object.fromEntries(snapshot.versions.map((version) => [version.name, { ref: version.ref, commit: version.commit ?? null }])),
    });
  });

  app.get('/metrics', (_req, res) => {
    const caches = site.cacheStats();
    const counters = site.cacheCounters;
    const ratio = (c: { hits: number; misses: number }) => (c.hits + c.misses ? c.hits / (c.hits + c.misses) : 0);
    const { status } = sync;
    res
      .set('Cache-Control', 'no-store')
      .type('text/plain; version=0.0.4')
      .send(
        requests.render() +
          metricFamily('docsite_cache_hits_total', 'counter', 'Cache lookups that hit.', { 'cache="docsets"': counters.docSets.hits, 'cache="rendered"': counters.rendered.hits }) +
          metricFamily('docsite_cache_misses_total', 'counter', 'Cache lookups that missed.', { 'cache="docsets"': counters.docSets.misses, 'cache="rendered"': counters.rendered.misses }) +
          metricFamily('docsite_cache_hit_ratio', 'gauge', 'Hits over lookups since start-up.', { 'cache="docsets"': ratio(counters.docSets), 'cache="rendered"': ratio(counters.rendered) }) +
          metricFamily('docsite_cache_bytes', 'gauge', 'Approximate bytes held by each cache.', { 'cache="docsets"': caches.docSets.bytes, 'cache="rendered"': caches.rendered.bytes }) +
          metricFamily('docsite_cache_entries', 'gauge', 'Entries held by each cache.', { 'cache="docsets"': caches.docSets.entries, 'cache="rendered"': caches.rendered.entries }) +
          metricFamily('docsite_sync_total', 'counter', 'Successful syncs with the remote.', { '': status.count }) +
          metricFamily('docsite_sync_failures_total', 'counter', 'Failed syncs with the remote.', { '': status.failures }) +
          metricFamily('docsite_sync_duration_seconds_total', 'counter', 'Seconds spent syncing.', { '': status.totalSeconds }) +
          metricFamily('docsite_sync_last_success_timestamp_seconds', 'gauge', 'When the last sync succeeded.', { '': (status.lastSuccessAt?.getTime() ?? 0) / 1000 }) +
          metricFamily('docsite_reclones_total', 'counter', 'Re-clones because packs piled up.', { '': status.reclones }) +
          memoryMetrics(),
      );
  });

  // The webhook answers once the refresh it triggered has landed (or failed), so a forge's
  // delivery log shows the outcome and a caller can read the new content right after.
  app.post('/api/webhook', express.raw({ type: () => true, limit: '5mb' }), async (req, res) => {
    const problem = (status: number, title: string, detail: string) =>
      res.status(status).type('application/problem+json').send(JSON.stringify({ type: 'about:blank', title, status, detail }));
    if (!config.webhookSecret) return problem(404, 'Webhook disabled', 'Set WEBHOOK_SECRET to enable POST /api/webhook.');
    const verdict = verifyWebhook(req.headers, Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0), config.webhookSecret);
    if (!verdict.ok) {
      log('warn', 'webhook refused', { reason: verdict.reason });
      return problem(401, 'Invalid signature', verdict.reason);
    }
    const snapshot = await sync.trigger();
    if (!snapshot) return problem(502, 'Sync failed', sync.status.lastError?.message ?? 'unknown error');
    res.set('Cache-Control', 'no-store').json({ status: 'synced', forge: verdict.forge, commit: snapshot.defaultCommit, configError: snapshot.configError ?? null });
  });

  // ETag and Cache-Control by what the URL names; a matching If-None-Match is answered before
  // anything is rendered.
  app.use(async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    try {
      // Pages render the reader's theme (a cookie, so it works without JavaScript): it is part of
      // the ETag, and `Vary: Cookie` keeps browser caches from reusing one theme's page for another.
      const theme = /(?:^|;\s*)theme=(light|dark)(?:;|$)/.exec(req.headers.cookie ?? '')?.[1] ?? '';
      const policy = await cachePolicy(site, res.locals.snapshot, req.path, new URL(req.originalUrl, 'http://x').search, build.assets.version, theme);
      if (!policy) return next();
      res.setHeader('Cache-Control', policy.cacheControl);
      if (policy.etag && !req.path.startsWith('/api/')) res.setHeader('Vary', 'Cookie');
      if (policy.etag) {
        res.setHeader('ETag', policy.etag);
        if (matchesETag(req.headers['if-none-match'], policy.etag)) return void res.status(304).end();
      }
      next();
    } catch (error) {
      next(error);
    }
  });

  app.all(
    '*',
    createRequestHandler({
      build,
      mode: 'production',
      getLoadContext: (req, res) => ({
        site,
        snapshot: res.locals.snapshot,
        // A document (not a client navigation's `.data` request) gets its article HTML only once.
        documentArticle: req.path.endsWith('.data') ? undefined : {},
      }),
    }),
  );

  const server = app.listen(config.port, config.host, () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    log('info', 'listening', { url: `http://${config.host}:${port}` });
  });

  // Drain in-flight requests on SIGTERM/SIGINT, then exit; a second signal exits at once.
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) process.exit(1);
    stopping = true;
    sync.stop();
    log('info', 'shutting down', { signal });
    server.close(() => process.exit(0));
    server.closeIdleConnections();
    setTimeout(() => process.exit(0), 10_000).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

/** A bounded label for metrics: what kind of URL was asked for, never the URL itself. */
function routeKind(pathname: string, snapshot: Snapshot): string {
  const base = `/${snapshot.config.docs.base}`;
  if (pathname === '/') return 'home';
  if (['/healthz', '/readyz', '/metrics', '/api/webhook', '/api/versions'].includes(pathname)) return pathname.slice(1).replace('/', '_');
  if (pathname.startsWith('/assets/')) return 'assets';
  if (pathname.startsWith('/_assets/')) return 'repo_assets';
  const api = /^\/api\/versions\/[^/]+\/(pages|sidebars)(\/)?/.exec(pathname);
  if (api) return api[2] ? `api_${api[1].replace(/s$/, '')}` : `api_${api[1]}`;
  if (pathname.startsWith('/api/')) return 'api_other';
  if (pathname === base || pathname.startsWith(`${base}/`) || pathname.startsWith(`${base}.`)) {
    const next = pathname.slice(base.length + 1);
    return next.startsWith('@') ? 'docs_commit' : next.startsWith('~') ? 'docs_branch' : 'docs';
  }
  return 'other';
}

/** The process's memory, split the way V8 reports it: what grows when is the first question. */
function memoryMetrics(): string {
  const memory = process.memoryUsage();
  return (
    metricFamily('process_resident_memory_bytes', 'gauge', 'Resident set size.', { '': memory.rss }) +
    metricFamily('nodejs_heap_size_used_bytes', 'gauge', 'V8 heap in use.', { '': memory.heapUsed }) +
    metricFamily('nodejs_heap_size_total_bytes', 'gauge', 'V8 heap allocated.', { '': memory.heapTotal }) +
    metricFamily('nodejs_external_memory_bytes', 'gauge', 'Memory of C++ objects bound to JavaScript (buffers).', { '': memory.external })
  );
}

function log(level: string, msg: string, fields: Record<string, unknown> = {}): void {
  console.log(JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields }));
}

main().catch((error) => {
  log('error', 'could not start', { error: error instanceof Error ? error.message : String(error) });
  process.exit(1);
});
