// The production HTTP server: opens the content repository, then serves the Remix app with one
// content snapshot pinned per request, compressed responses and immutable built assets.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import express from 'express';
import compression from 'compression';
import { createRequestHandler } from '@remix-run/express';
import type { ServerBuild } from '@remix-run/node';
import { readServerConfig } from '../server/site/env.js';
import { Site } from '../server/site/site.js';

const buildDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'build');

async function main(): Promise<void> {
  const config = readServerConfig();
  const started = Date.now();
  const site = await Site.open(config);
  log('info', 'content ready', { ref: site.snapshot().defaultRef, commit: site.snapshot().defaultCommit, ms: Date.now() - started });

  const app = express();
  app.disable('x-powered-by');
  app.use(compression());
  // Vite fingerprints everything under /assets: safe to cache forever.
  app.use('/assets', express.static(path.join(buildDir, 'client/assets'), { immutable: true, maxAge: '1y', index: false }));
  app.use(express.static(path.join(buildDir, 'client'), { maxAge: '1h', index: false }));

  // Operator endpoints answer before the app, and are never cached.
  app.get('/healthz', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ status: 'alive' });
  });
  app.get('/readyz', (_req, res) => {
    const snapshot = site.snapshot();
    res.set('Cache-Control', 'no-store').json({ status: 'ready', ref: snapshot.defaultRef, commit: snapshot.defaultCommit, syncedAt: snapshot.takenAt });
  });

  const build = (await import(path.join(buildDir, 'server/index.js'))) as ServerBuild;
  app.all('*', createRequestHandler({ build, mode: 'production', getLoadContext: () => ({ site, snapshot: site.snapshot() }) }));

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
    log('info', 'shutting down', { signal });
    server.close(() => process.exit(0));
    server.closeIdleConnections();
    setTimeout(() => process.exit(0), 10_000).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

function log(level: string, msg: string, fields: Record<string, unknown> = {}): void {
  console.log(JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields }));
}

main().catch((error) => {
  log('error', 'could not start', { error: error instanceof Error ? error.message : String(error) });
  process.exit(1);
});
