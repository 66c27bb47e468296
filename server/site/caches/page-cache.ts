// The full-page output cache (docs/decisions/016-page-cache.md): a successful response, keyed by
// its ETag (which names every commit, the URL, the variant, the day and the build it depends on),
// kept as the bytes each client gets, compressed once. A request that hits it costs a lookup and a
// write; no React, no compression. Concurrent misses of one key render once.
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { sharedLoad } from '../../work-context.js';
import type { CountedCache } from './caches.js';
import type { DiskCache } from './disk-cache.js';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/**
 * Brotli quality 5: half gzip's size, and 13% above quality 11's at a sixtieth of its time, a cost
 * a first render can pay (figures in the decision record).
 */
const BROTLI_QUALITY = 5;

/** Headers of a rendered response that the cache sets itself, or must never replay. */
const NOT_REPLAYED = new Set(['content-length', 'content-encoding', 'transfer-encoding', 'set-cookie', 'date', 'connection', 'keep-alive']);

/** A rendered response, with its whole body. */
export interface BufferedResponse {
  status: number;
  headers: [string, string][];
  body: Buffer;
}

/**
 * A cached response: its headers and its body compressed both ways. The identity body is not
 * kept: it is five to eight times the size of both, and the rare client that accepts neither
 * encoding gets it gunzipped (well under a millisecond).
 */
export interface CachedPage {
  headers: [string, string][];
  bodies: Record<Exclude<Encoding, 'identity'>, Buffer>;
  /** The commits it was rendered from (none for a commit permalink, which never goes stale). */
  commits: string[];
}

/** The body encodings the cache keeps. */
export type Encoding = 'br' | 'gzip' | 'identity';

/** What a lookup answers: a cached page, or a response that could not be cached (an error). */
export type PageAnswer = { page: CachedPage; hit: boolean } | { response: BufferedResponse };

/** The bytes a cached page holds, for the budget. */
export function cachedPageBytes(page: CachedPage): number {
  return page.bodies.gzip.length + page.bodies.br.length + 64 * page.headers.length + 200;
}

/** The body of a cached page in `encoding`. */
export function bodyOf(page: CachedPage, encoding: Encoding): Buffer {
  return encoding === 'identity' ? zlib.gunzipSync(page.bodies.gzip) : page.bodies[encoding];
}

/** The best encoding a client accepts, from its Accept-Encoding header (`q=0` refuses one). */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
    if (name) accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const quality = (name: string) => accepted.get(name) ?? accepted.get('*') ?? 0;
  if (quality('br') > 0) return 'br';
  if (quality('gzip') > 0) return 'gzip';
  return 'identity';
}

/** Compresses a successful response once, in each encoding. */
async function compress(response: BufferedResponse, commits: string[]): Promise<CachedPage> {
  const [gzipped, brotlied] = await Promise.all([
    gzip(response.body, { level: 6 }),
    brotli(response.body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: response.body.length } }),
  ]);
  return {
    headers: response.headers.filter(([name]) => !NOT_REPLAYED.has(name.toLowerCase())),
    bodies: { gzip: ownBytes(gzipped), br: ownBytes(brotlied) },
    commits,
  };
}

/**
 * The bytes in a buffer of their own. zlib answers a body that fits in one output chunk with a
 * slice of that chunk (8 or 16 KiB), and keeping the slice keeps the whole chunk: on the corpus the
 * page cache held 44 MiB of buffers for 31 MiB of bodies.
 */
function ownBytes(bytes: Buffer): Buffer {
  if (bytes.byteOffset === 0 && bytes.buffer.byteLength === bytes.length) return bytes;
  const copy = Buffer.allocUnsafeSlow(bytes.length);
  bytes.copy(copy);
  return copy;
}

/** The page cache: byte-bounded (a share of the cache budget), shared between concurrent requests. */
export class PageCache {
  private readonly inFlight = new Map<string, Promise<PageAnswer>>();

  /** With `disk`, pages are also kept there, so a restart sends them without rendering or compressing them again. */
  constructor(
    private readonly cache: CountedCache<CachedPage>,
    private readonly disk?: DiskCache,
  ) {}

  /**
   * The cached page of `key`, or `render()`'s answer: a 200 without cookies is compressed and
   * kept; anything else (an error, a redirect) is handed back as it is and never kept.
   * `commits` are the moving commits the page depends on (see `retain`).
   */
  async answer(key: string, commits: string[], render: () => Promise<BufferedResponse>): Promise<PageAnswer> {
    const page = this.cache.get(key);
    this.cache.count(page !== undefined);
    if (page) {
      this.disk?.touch(`page:${key}`);
      return { page, hit: true };
    }
    return sharedLoad(this.inFlight, key, () => this.load(key, commits, render));
  }

  /** The cached page of `key`, counted as a hit, or undefined (not counted: the caller goes on to `answer`). */
  cached(key: string): CachedPage | undefined {
    const page = this.cache.lru.get(key);
    if (page) {
      this.cache.count(true);
      this.disk?.touch(`page:${key}`);
    }
    return page;
  }

  /** Reads a page back from disk, or renders, compresses and keeps it (`answer` shares it between the requests that ask meanwhile). */
  private async load(key: string, commits: string[], render: () => Promise<BufferedResponse>): Promise<PageAnswer> {
    const kept = (await this.disk?.read(`page:${key}`)) as CachedPage | undefined;
    if (kept) {
      this.cache.set(key, kept);
      return { page: kept, hit: true };
    }
    const response = await render();
    // Not kept: an error, a page that sets a cookie, a page not shown whole this time (`no-store`).
    const uncacheable = ([name, value]: [string, string]) => name.toLowerCase() === 'set-cookie' || (name.toLowerCase() === 'cache-control' && /no-store/i.test(value));
    if (response.status !== 200 || response.headers.some(uncacheable)) return { response };
    const page = await compress(response, commits);
    this.cache.set(key, page);
    // Already compressed: kept as it is.
    void this.disk?.write(`page:${key}`, page, { compress: false });
    return { page, hit: false };
  }

  /**
   * Drops the pages rendered from commits no served ref points at any more: the current version
   * and branches move with each push, and their old pages would only wait for eviction. Pages of
   * commit permalinks (no moving commits) stay.
   */
  retain(liveCommits: ReadonlySet<string>): number {
    let dropped = 0;
    for (const [key, page] of this.cache.lru.entries()) {
      if (page.commits.every((commit) => liveCommits.has(commit))) continue;
      this.cache.lru.delete(key);
      dropped++;
    }
    return dropped;
  }
}
