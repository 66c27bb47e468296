// ETag and Cache-Control by what the URL names (server/site/caches/http-cache.ts); a matching
// If-None-Match is answered before anything is rendered.
import type { RequestHandler } from 'express';
import fresh from 'fresh';
import { cachePolicy, LITE_HEADERS, liteRequested, routeLabel } from '../server/site/index.js';
import type { HitPath } from './hit-path.js';
import { localsOf } from './locals.js';

/** Routes whose pages render the reader's theme and lite mode. */
const THEMED = new Set(['home', 'doc', 'category', 'tags', 'search', 'links', 'changes', 'diff', 'blog', 'page']);

/** The middleware; `buildVersion` names the app build, which every ETag covers. The hit path records its 304s. */
export function cacheHeaders(buildVersion: string, hitPath?: HitPath): RequestHandler {
  return async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    try {
      const locals = localsOf(res);
      const { route } = locals;
      // Pages render the reader's theme (a cookie, so it works without JavaScript) and lite mode
      // (no scripts: a cookie, Save-Data or a slow ECT hint): both are part of the ETag, and `Vary`
      // keeps caches from reusing one variant's page for another.
      const theme = /(?:^|;\s*)theme=(light|dark)(?:;|$)/.exec(req.headers.cookie ?? '')?.[1] ?? '';
      // A blog's feeds, sitemap and Markdown are the same whatever the reader's theme.
      const rendersTheme = THEMED.has(route.kind) && !(route.kind === 'blog' && route.text);
      const variant = rendersTheme
        ? `${theme}${liteRequested(req.headers, new URL(req.url, 'http://x').searchParams) ? '|lite' : ''}`
        : route.kind === 'markdown'
          ? 'markdown'
          : '';
      // With no `url` configured, the Host an answer names is part of it (bin/trusted-host.ts).
      const policy = await cachePolicy(locals.request, req.url, buildVersion, variant + (locals.hostVariant ?? ''));
      if (!policy) return next();
      locals.policy = policy;
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
        if (fresh({ 'if-none-match': req.headers['if-none-match'] }, { etag: policy.etag })) {
          res.status(304).end();
          return void hitPath?.recordNotModified(req, res, policy.etag, routeLabel(route));
        }
      }
      next();
    } catch (error) {
      next(error);
    }
  };
}
