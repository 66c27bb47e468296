// The caches of the site under one byte budget (docs/decisions/009-cache-budget.md). Everything in
// them is keyed by immutable git object ids, so nothing is ever stale; the budget only decides how
// much is kept. Loads in flight are shared, so a burst of requests for a cold commit builds it
// once; they are held outside the LRU until they settle, so no eviction can fail a load under way.
import v8 from 'node:v8';
import { LRUCache } from 'lru-cache';
import { sharedLoad, throwIfAbandoned } from '../../work-context.js';
import { renderedEntryBytes, type RenderedEntry } from '../../markdown/page-renderer.js';
import type { SearchIndex } from '../../search/engine.js';
import { cachedPageBytes, type CachedPage } from './page-cache.js';

/**
 * How the budget is split between the caches. Rendered articles and pages get small shares: the disk
 * cache keeps them all (decision 032), so memory holds the hot ones and a page it let go is read back.
 */
const SHARES = { docSets: 0.2, rendered: 0.07, derived: 0.2, pages: 0.13, search: 0.4 } as const;

/** A cache's name, as /metrics labels it. */
export type CacheName = keyof typeof SHARES;

/** What /metrics reports for one cache. */
export interface CacheStats {
  name: CacheName;
  entries: number;
  bytes: number;
  maxBytes: number;
  hits: number;
  misses: number;
}

/** A value derived from a commit, with the bytes it holds. */
interface Sized {
  value: unknown;
  bytes: number;
}

/**
 * The byte budget of all caches: CACHE_MB when set, else 30% of the heap this process may use, and
 * never more than 60% of it, so a full cache cannot run the process out of memory.
 */
export function cacheBudgetBytes(cacheMb: number | undefined, heapLimitBytes = v8.getHeapStatistics().heap_size_limit): number {
  const ceiling = Math.floor(heapLimitBytes * 0.6);
  const wanted = cacheMb === undefined ? Math.floor(heapLimitBytes * 0.3) : cacheMb * 1024 * 1024;
  return Math.max(1024 * 1024, Math.min(wanted, ceiling));
}

/** A byte-bounded LRU with hit and miss counters. */
export class CountedCache<V extends {}> {
  readonly lru: LRUCache<string, V>;
  /** Loads under way, by key: never evicted (lru-cache's own fetch failed them with "evicted"). */
  private readonly loading = new Map<string, Promise<V>>();
  hits = 0;
  misses = 0;

  constructor(
    readonly name: CacheName,
    readonly maxBytes: number,
    sizeOf: (value: V) => number,
  ) {
    this.lru = new LRUCache<string, V>({
      maxSize: maxBytes,
      sizeCalculation: (value) => Math.max(1, Math.round(sizeOf(value))),
      // An entry bigger than the whole cache is computed and returned, just not kept.
      maxEntrySize: maxBytes,
    });
  }

  /**
   * The cached value of `key`, or `load()`'s, computed once even for concurrent callers. A caller
   * whose own work was abandoned starts no load; one that shared a load stopped only because the
   * work that started it was abandoned (or over its cost cap) starts it again for itself.
   */
  async fetch(key: string, load: () => Promise<V>): Promise<V> {
    const cached = this.lru.get(key);
    this.count(cached !== undefined);
    if (cached !== undefined) return cached;
    return sharedLoad(this.loading, key, () => {
      throwIfAbandoned();
      return load().then((value) => {
        this.lru.set(key, value);
        return value;
      });
    });
  }

  /** Loads under way (for /metrics: work in progress the budget does not count as cached). */
  get loads(): number {
    return this.loading.size;
  }

  /** The cached value of `key`, if any (no counting: see `count`). */
  get(key: string): V | undefined {
    return this.lru.get(key);
  }

  /** Counts one lookup made with `get`. */
  count(hit: boolean): void {
    if (hit) this.hits++;
    else this.misses++;
  }

  /** Stores a value computed elsewhere. */
  set(key: string, value: V): void {
    this.lru.set(key, value);
  }

  /** Drops a value (one that was handed on to another key, as a search index moves to its ref's new commit). */
  delete(key: string): void {
    this.lru.delete(key);
  }

  /** Counts and sizes, for /metrics. */
  stats(): CacheStats {
    return { name: this.name, entries: this.lru.size, bytes: this.lru.calculatedSize, maxBytes: this.maxBytes, hits: this.hits, misses: this.misses };
  }
}

/** The site's caches, sized from one budget. */
export class Caches {
  /** Doc models by commit id. */
  readonly docSets: CountedCache<{ size: number }>;
  /** What is derived from one commit (sidebars, tags, history, data files, reachability) or one file's blob, by `{oid}:{name}`. */
  readonly derived: CountedCache<Sized>;
  /** Rendered pages by blob, renderer version, link context and prefix. */
  readonly rendered: CountedCache<RenderedEntry>;
  /** Whole responses (pages, client-navigation data, API answers) by ETag, in every encoding. */
  readonly pages: CountedCache<CachedPage>;
  /** Search indexes by commit (server/search/indexes.ts). */
  readonly search: CountedCache<SearchIndex>;

  constructor(readonly budgetBytes: number) {
    this.docSets = new CountedCache('docSets', Math.floor(budgetBytes * SHARES.docSets), (set) => set.size);
    this.derived = new CountedCache('derived', Math.floor(budgetBytes * SHARES.derived), (entry) => entry.bytes);
    this.rendered = new CountedCache('rendered', Math.floor(budgetBytes * SHARES.rendered), renderedEntryBytes);
    this.pages = new CountedCache('pages', Math.floor(budgetBytes * SHARES.pages), cachedPageBytes);
    this.search = new CountedCache('search', Math.floor(budgetBytes * SHARES.search), (index) => index.bytes());
  }

  /** What each cache holds and how it is used, for /metrics and benchmarks. */
  stats(): CacheStats[] {
    return [this.docSets.stats(), this.rendered.stats(), this.derived.stats(), this.pages.stats(), this.search.stats()];
  }

  /** Every cache's name and loads under way, for /metrics. */
  loads(): { name: CacheName; loads: number }[] {
    return [this.docSets, this.rendered, this.derived, this.pages, this.search].map((cache) => ({ name: cache.name, loads: cache.loads }));
  }

  /**
   * A value derived from one commit (or one blob), computed once and kept while the budget allows. `bytes`
   * estimates what it holds, so the budget counts it.
   */
  async derive<T>(oid: string, name: string, compute: () => Promise<T>, bytes: (value: T) => number): Promise<T> {
    const entry = await this.derived.fetch(`${oid}:${name}`, async () => {
      const value = await compute();
      return { value, bytes: bytes(value) };
    });
    return entry.value as T;
  }
}
