// Each request's part in the cost model (docs/decisions/030-cost-model.md): who its client is, a
// signal that aborts when the client hangs up, the lane its renders queue in, and, for a request on
// a ref other than a published version that the page cache cannot answer, a cold slot held while it
// renders. A 429 or 503 always says when to come back (Retry-After).
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { isHttpError, problemDocument, type Route, type Site } from '../server/site/index.js';
import type { Render } from './page-cache.js';
import { asksWholeSite, namesOnlyPublished, abandoned, runAs, type Logger, type RequestBudget, type Work } from '../server/host.js';

/** What this module keeps in `res.locals`. */
interface WorkLocals {
  route: Route;
  log: Logger;
  budget: RequestBudget;
  /** True when the request names a ref other than a published version: its work is admitted. */
  cold: boolean;
  /** True when it also asks for a whole-site answer: refused before any work when that job could not start. */
  wholeSite: boolean;
}

/** Seconds to wait before asking again, when the answer does not say. */
const RETRY_AFTER = { 429: 60, 503: 5 } as const;

/** Starts each request's work: its budget (client address, abort signal) and its lane. */
export function requestWork(): RequestHandler {
  return (req, res, next) => {
    const locals = res.locals as WorkLocals;
    const controller = new AbortController();
    // Closed before the whole answer was written: the client hung up.
    res.on('close', () => res.writableFinished || controller.abort());
    locals.budget = { signal: controller.signal, client: req.ip ?? req.socket.remoteAddress ?? '-' };
    const search = new URL(req.url, 'http://x').searchParams;
    locals.cold = !namesOnlyPublished(locals.route, search);
    locals.wholeSite = locals.cold && asksWholeSite(locals.route, search);
    runAs(laneOf(locals.route, search, controller.signal), next);
  };
}

/**
 * The lane of a request on `route`. A reader of a published version has no signal: what its request
 * starts (a page render) is worth finishing for the next reader. A preview's or commit's request
 * stops with its client, and its git walks wait their turn behind readers (server/main-thread.ts).
 */
export function laneOf(route: Route, search: URLSearchParams, signal: AbortSignal): Work {
  return namesOnlyPublished(route, search) ? { lane: 'reader' } : { lane: 'preview', signal };
}

/** Sets Retry-After on a 429 or 503 (from the admission's estimate, else a default). */
export function retryAfter(res: Response, status: number): void {
  if (status !== 429 && status !== 503) return;
  const seconds = (res.locals as Partial<WorkLocals>).budget?.retryAfter ?? RETRY_AFTER[status];
  res.setHeader('Retry-After', String(seconds));
}

/**
 * Runs one piece of work on `route` (an MCP tool call's reading, decision 037) as a request for it
 * would run: a reader's at once, a preview's or commit's in the preview lane holding a cold slot,
 * a whole-site answer refused before any work when its job could not start.
 */
export function runWork<T>(site: Site, budget: RequestBudget, route: Route, search: URLSearchParams, fn: () => Promise<T>): Promise<T> {
  if (namesOnlyPublished(route, search)) return runAs({ lane: 'reader' }, fn);
  const refused = asksWholeSite(route, search) ? site.admission.precheck(budget) : undefined;
  if (refused) return Promise.reject(refused);
  return runAs({ lane: 'preview', signal: budget.signal }, () => site.admission.runCold(budget, fn));
}

/** A render that holds a cold slot when its request needs one (a 429 or 503 problem document when refused). */
export function admitted(site: Site, render: Render): Render {
  return async (req, res) => {
    const { cold, wholeSite, budget } = res.locals as WorkLocals;
    if (!cold) return render(req, res);
    try {
      const refused = wholeSite ? site.admission.precheck(budget) : undefined;
      if (refused) throw refused;
      const response = await site.admission.runCold(budget, () => render(req, res));
      // Failed because its client left: not an answer to keep or share (the page cache lets others render again).
      if (response.status >= 500 && budget.signal.aborted) throw abandoned(budget.signal);
      return response;
    } catch (error) {
      if (!isHttpError(error) || (error.status !== 429 && error.status !== 503)) throw error;
      return { status: error.status, headers: [['Content-Type', 'application/problem+json']], body: Buffer.from(JSON.stringify(problemDocument(error))) };
    }
  };
}

/** The same for a handler that answers by itself (Remix's, when the page cache is off or has no ETag). */
export function admittedHandler(site: Site, handler: RequestHandler): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const { cold, wholeSite, budget } = res.locals as WorkLocals;
    if (!cold) return handler(req, res, next);
    const refused = wholeSite ? site.admission.precheck(budget) : undefined;
    (refused ? Promise.reject(refused) : site.admission.runCold(budget, async () => handler(req, res, next))).catch((error) => {
      if (!isHttpError(error) || res.headersSent) return next(error);
      res
        .status(error.status)
        .type('application/problem+json')
        .send(JSON.stringify(problemDocument(error)));
    });
  };
}
