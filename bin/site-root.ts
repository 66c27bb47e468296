// The repository's redirects and static files (server/site/site-root.ts), answered before the app:
// a `_redirects` rule where no page exists (or a forced one anywhere), and the files of the static
// folders at the site root, with their blob id as ETag.
import type { RequestHandler } from 'express';
import fresh from 'fresh';
import { rootAnswer, staticFileBytes, staticHeaders, type Site } from '../server/site/index.js';
import { localsOf } from './locals.js';

/** Static files change with a push, like the current version: caches keep them a minute and revalidate. */
const STATIC_CACHE = 'public, max-age=60, stale-while-revalidate=600, stale-if-error=86400';

/** The middleware: a redirect, a static file, or on to the app. */
export function siteRoot(site: Site): RequestHandler {
  return async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    try {
      const answer = await rootAnswer(localsOf(res).request, req.path);
      if (!answer) return next();
      if (answer.kind === 'redirect') return void res.redirect(answer.status, answer.location);
      const bytes = await staticFileBytes(site.repository, answer.file);
      for (const [name, value] of Object.entries(staticHeaders(answer.file, bytes.byteLength))) res.setHeader(name, value);
      res.setHeader('Cache-Control', STATIC_CACHE);
      if (fresh({ 'if-none-match': req.headers['if-none-match'] }, { etag: res.getHeader('ETag') as string })) return void res.status(304).end();
      res.status(200).end(req.method === 'HEAD' ? undefined : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    } catch (error) {
      next(error);
    }
  };
}
