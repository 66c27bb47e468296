// The host absolute URLs are built on (llms.txt, `.md` answers, canonical links, sitemaps): never a
// raw Host header, which anyone can forge into an answer a cache in front then serves to everyone
// (docs/decisions/030-cost-model.md). With docsite.yaml's `url`, its host; with TRUSTED_HOSTS, the
// request's Host when listed, else the first listed. The request is rewritten to that host before
// anything reads it, so every layer (and the page cache's key) sees the same one. With neither, the
// Host is used as sent, and the ETag varies on it (`hostVariant`).
import type { RequestHandler } from 'express';
import type { Snapshot } from '../server/site/index.js';

/** What this module keeps in `res.locals`. */
interface HostLocals {
  snapshot: Snapshot;
  /** The Host an answer depends on when no host is configured: part of its ETag. */
  hostVariant?: string;
}

/** Rewrites each request's Host to a trusted one, or marks the answer as depending on it. */
export function trustedHost(trustedHosts: readonly string[]): RequestHandler {
  return (req, res, next) => {
    const locals = res.locals as HostLocals;
    const configured = locals.snapshot.config.url;
    const sent = (req.headers.host ?? '').toLowerCase();
    const host = configured ? new URL(configured).host : trustedHosts.length ? (trustedHosts.includes(sent) ? sent : trustedHosts[0]) : undefined;
    // One host for every layer: Remix would otherwise prefer a proxy's X-Forwarded-Host.
    delete req.headers['x-forwarded-host'];
    if (host) req.headers.host = host;
    else locals.hostVariant = `|host=${sent}`;
    next();
  };
}
