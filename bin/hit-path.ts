// The hit path (docs/decisions/016-page-cache.md): a GET or HEAD that the page cache answered
// before, under the same snapshot and day, for the same URL, Host and varying request headers, is
// answered again on Node's own `http` server, ahead of Express: one map lookup, the headers the full
// stack sent then, and the cached bytes. The full stack records each answer it sends from the page
// cache (and each 304 it sends for one); anything not recorded falls through to it unchanged.
import type { IncomingMessage, ServerResponse } from 'node:http';
import fresh from 'fresh';
import { LRUCache } from 'lru-cache';
import { bodyOf, chooseEncoding, type PageCache, type Snapshot } from '../server/site/index.js';
import { requestId } from './locals.js';

/** Headers that differ per request or per encoding: filled in on each answer, never recorded. */
const PER_ANSWER = new Set(['x-request-id', 'content-encoding', 'content-length']);

/** The PER_ANSWER headers after the others, in the order the hit path writes them (none on a 304). */
const ORDERED_TAILS = new Set(['content-encoding,content-length', 'content-length', '']);

/** Request shapes remembered: each holds its response headers (about 1 KiB), not the page. */
const MAX_SHAPES = 2000;

/** What the full stack answered for one request shape: a page, a 304, or both. */
interface Recorded {
  etag: string;
  /** The day its ETag names. */
  day: string;
  /** The route's metrics label. */
  route: string;
  /** The 200 from the page cache: its key there and the headers sent, flat (name, value, ...), in order, without the PER_ANSWER ones. */
  page?: { key: string; headers: string[] };
  /** The 304's headers, the same way. */
  notModified?: string[];
}

/** How a request ended, for the access log and the metrics (the same line the full stack writes). */
export type OnAnswered = (req: IncomingMessage, res: ServerResponse, id: string, route: string, started: number) => void;

/** Where a request met the hit path: its shape's key and the snapshot and day it was read under. */
interface Seen {
  key: string;
  snapshot: Snapshot;
  day: string;
}

const SEEN = Symbol('hit-path');

/** The hit path: serves recorded answers and records what the full stack sends. */
export class HitPath {
  private readonly shapes = new LRUCache<string, Recorded>({ max: MAX_SHAPES });
  private snapshot: Snapshot | undefined;
  /** Answers given here, for the metrics. */
  answers = 0;

  constructor(
    private readonly site: { snapshot(): Snapshot; day(): string; pageCache: PageCache | undefined },
    private readonly answered: OnAnswered,
  ) {}

  /** Answers `req` when its shape was recorded under the current snapshot and day; false to fall through. */
  serve(req: IncomingMessage, res: ServerResponse): boolean {
    const started = performance.now();
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const snapshot = this.site.snapshot();
    // A push (a new snapshot) forgets every shape at once: their ETags named the old commits.
    if (snapshot !== this.snapshot) {
      this.shapes.clear();
      this.snapshot = snapshot;
    }
    const key = shapeOf(req);
    const day = this.site.day();
    (req as IncomingMessage & { [SEEN]?: Seen })[SEEN] = { key, snapshot, day };
    const recorded = this.shapes.get(key);
    if (!recorded || recorded.day !== day) return false;
    const id = requestId(req.headers['x-request-id']);
    if (req.headers['if-none-match'] !== undefined && fresh({ 'if-none-match': req.headers['if-none-match'] }, { etag: recorded.etag })) {
      if (!recorded.notModified) return false;
      res.writeHead(304, ['X-Request-Id', id, ...recorded.notModified]);
      res.end();
    } else {
      const page = recorded.page && this.site.pageCache?.cached(recorded.page.key);
      if (!page || !recorded.page) return false;
      const encoding = chooseEncoding(req.headers['accept-encoding']);
      const body = bodyOf(page, encoding);
      const encoded = encoding === 'identity' ? [] : ['Content-Encoding', encoding];
      res.writeHead(200, ['X-Request-Id', id, ...recorded.page.headers, ...encoded, 'Content-Length', String(body.length)]);
      res.end(req.method === 'HEAD' ? undefined : body);
    }
    this.answers++;
    this.answered(req, res, id, recorded.route, started);
    return true;
  }

  /** Records a 200 the full stack has just sent from the page cache (`key` there), with the headers it sent. */
  record(req: IncomingMessage, res: ServerResponse, key: string, etag: string, route: string): void {
    const headers = headersOf(res);
    const cacheHeader = headers?.indexOf('X-Page-Cache') ?? -1;
    if (!headers || cacheHeader < 0) return;
    headers[cacheHeader + 1] = 'hit';
    this.update(req, etag, route, { page: { key, headers } });
  }

  /** Records a 304 the full stack has just sent, with the headers it sent. */
  recordNotModified(req: IncomingMessage, res: ServerResponse, etag: string, route: string): void {
    const headers = headersOf(res);
    if (headers) this.update(req, etag, route, { notModified: headers });
  }

  /** Adds what was sent to its shape's record (a new record when the ETag changed). */
  private update(req: IncomingMessage, etag: string, route: string, sent: Pick<Recorded, 'page' | 'notModified'>): void {
    const seen = this.seenUnchanged(req);
    if (!seen) return;
    const previous = this.shapes.get(seen.key);
    const kept = previous?.etag === etag && previous.day === seen.day ? previous : undefined;
    this.shapes.set(seen.key, { etag, day: seen.day, route, page: kept?.page, notModified: kept?.notModified, ...sent });
  }

  /** Where `req` met the hit path, if the snapshot and day are still the ones it was read under. */
  private seenUnchanged(req: IncomingMessage): Seen | undefined {
    const seen = (req as IncomingMessage & { [SEEN]?: Seen })[SEEN];
    return seen && seen.snapshot === this.site.snapshot() && seen.day === this.site.day() ? seen : undefined;
  }
}

/**
 * The request inputs an answer from the page cache depends on, besides the snapshot and the day:
 * the method, the URL, the Host (trusted-host rewrites and the page cache's key read it) and every
 * header a page varies on (Cookie for the theme and lite mode, Save-Data and ECT, Accept for
 * Markdown). Accept-Encoding only picks which cached body is sent.
 */
function shapeOf(req: IncomingMessage): string {
  const { host = '', cookie = '', accept = '', ect = '' } = req.headers;
  return `${req.method} ${host} ${req.url}\n${cookie}\n${accept}\n${req.headers['save-data'] ?? ''}\n${ect}`;
}

/**
 * The headers set on `res`, flat, in the order they were sent, without the PER_ANSWER ones; or
 * undefined unless those came where the hit path puts them: the request id first, and the
 * encoding and length last.
 */
function headersOf(res: ServerResponse): string[] | undefined {
  // On every OutgoingMessage since Node 15 (@types/node declares it on ClientRequest only).
  const names = (res as ServerResponse & { getRawHeaderNames(): string[] }).getRawHeaderNames();
  const lower = names.map((name) => name.toLowerCase());
  const tail = lower.slice(1).filter((name) => PER_ANSWER.has(name));
  if (lower[0] !== 'x-request-id' || lower.slice(lower.length - tail.length).join() !== tail.join() || !ORDERED_TAILS.has(tail.join())) return undefined;
  const flat: string[] = [];
  for (const name of names) {
    if (PER_ANSWER.has(name.toLowerCase())) continue;
    const value = res.getHeader(name);
    for (const one of Array.isArray(value) ? value : [value]) flat.push(name, String(one));
  }
  return flat;
}
