// What every middleware of one request shares (`res.locals`), and the small answers they all give.
import crypto from 'node:crypto';
import type { Response } from 'express';
import type { CachePolicy, Logger, RequestContext, Route, Snapshot } from '../server/site/index.js';
import type { RequestBudget } from '../server/host.js';

/** The request as parsed once, at the front (bin/front.ts). */
export interface Locals {
  snapshot: Snapshot;
  route: Route;
  /** The façade's context of the request: every layer (cache headers, the site root, the loaders) reads the docs through it, once. */
  request: RequestContext;
  log: Logger;
  /** The caching headers of the answer, once known (undefined: nothing to cache). */
  policy?: CachePolicy;
  /** The client and its signal (bin/request-work.ts). */
  budget?: RequestBudget;
  /** The Host the answer depends on when none is configured (bin/trusted-host.ts). */
  hostVariant?: string;
}

/** The request's locals. */
export function localsOf(res: Response): Locals {
  return res.locals as Locals;
}

/** Answers an RFC 9457 problem document. */
export function problem(res: Response, status: number, title: string, detail: string): void {
  res
    .status(status)
    .type('application/problem+json')
    .send(JSON.stringify({ type: 'about:blank', title, status, detail }));
}

/** The caller's request id when it is a sane token (a proxy's), else a new one. */
export function requestId(header: string | string[] | undefined): string {
  const given = Array.isArray(header) ? header[0] : header;
  return given && /^[\w.:-]{1,64}$/.test(given) ? given : crypto.randomUUID();
}
