// Prometheus metrics through prom-client: request durations by route kind and status, the caches,
// synchronisation with the remote, and the process (memory, event loop).
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { CacheStats } from './caches/caches.js';
import type { DiskCacheStats } from './caches/disk-cache.js';
import type { SyncStatus } from './sync.js';

/** What the metrics read at scrape time. */
export interface MetricSources {
  caches(): CacheStats[];
  sync(): SyncStatus;
  /** Requests the HTTP adapter's hit path answered from the page cache, ahead of the full stack. */
  hitPathAnswers?(): number;
  /** Pages rendered since start, as opposed to read from a cache in memory or on disk. */
  renders?(): number;
  /** What is kept on disk (undefined: nothing is). */
  diskCache?(): DiskCacheStats | undefined;
  /** The site's own code run in the sandbox (decision 034). */
  siteCode?(): SiteCodeStats;
  /** The site's own components in pages, rendered in the sandbox (decision 036). */
  islands?(): { evaluated: number; kept: number };
}

/** Counts of the site's own code run in the sandbox. */
export interface SiteCodeStats {
  evaluations: number;
  failures: number;
  restarts: number;
  reused: number;
}

/** The server's registry and the one metric written per request. */
export interface Metrics {
  registry: Registry;
  /** Records one answered request under its route kind (a bounded label, never the URL). */
  observeRequest(route: string, status: number, seconds: number): void;
}

/** Creates the registry with every metric the server exposes at /metrics. */
export function createMetrics(sources: MetricSources): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Histogram({
    name: 'docsite_http_request_duration_seconds',
    help: 'Time to answer a request, by route kind and status.',
    labelNames: ['route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const cacheGauge = (name: string, help: string, read: (stats: CacheStats) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['cache'],
      registers: [registry],
      collect() {
        for (const stats of sources.caches()) this.set({ cache: stats.name }, read(stats));
      },
    });
  cacheGauge('docsite_cache_bytes', 'Approximate bytes held by each cache.', (stats) => stats.bytes);
  cacheGauge('docsite_cache_max_bytes', 'The byte budget of each cache.', (stats) => stats.maxBytes);
  cacheGauge('docsite_cache_entries', 'Entries held by each cache.', (stats) => stats.entries);
  const cacheCounter = (name: string, help: string, read: (stats: CacheStats) => number) =>
    new Counter({
      name,
      help,
      labelNames: ['cache'],
      registers: [registry],
      collect() {
        this.reset();
        for (const stats of sources.caches()) this.inc({ cache: stats.name }, read(stats));
      },
    });
  cacheCounter('docsite_cache_hits_total', 'Cache lookups that hit.', (stats) => stats.hits);
  cacheCounter('docsite_cache_misses_total', 'Cache lookups that missed.', (stats) => stats.misses);
  cacheGauge('docsite_cache_hit_ratio', 'Hits over lookups since start-up.', (stats) => (stats.hits + stats.misses ? stats.hits / (stats.hits + stats.misses) : 0));
  const syncCounter = (name: string, help: string, read: (status: SyncStatus) => number) =>
    new Counter({
      name,
      help,
      registers: [registry],
      collect() {
        this.reset();
        this.inc(read(sources.sync()));
      },
    });
  syncCounter('docsite_sync_total', 'Successful syncs with the remote.', (status) => status.count);
  syncCounter('docsite_sync_failures_total', 'Failed syncs with the remote.', (status) => status.failures);
  syncCounter('docsite_sync_duration_seconds_total', 'Seconds spent syncing.', (status) => status.totalSeconds);
  syncCounter('docsite_reclones_total', 'Re-clones because packs piled up.', (status) => status.reclones);
  syncCounter('docsite_hit_path_answers_total', 'Requests answered from the page cache by the hit path, ahead of the full stack.', () => sources.hitPathAnswers?.() ?? 0);
  syncCounter('docsite_renders_total', 'Pages rendered, as opposed to read from a cache in memory or on disk.', () => sources.renders?.() ?? 0);
  syncCounter('docsite_sandbox_evaluations_total', "Evaluations of a site's own code (config, sidebars) in the sandbox.", () => sources.siteCode?.().evaluations ?? 0);
  syncCounter('docsite_sandbox_failures_total', "Evaluations of a site's own code that failed (an error, a limit).", () => sources.siteCode?.().failures ?? 0);
  syncCounter('docsite_sandbox_restarts_total', "Sandbox threads ended because the site's code would not stop.", () => sources.siteCode?.().restarts ?? 0);
  syncCounter('docsite_sandbox_reused_total', "Results of a site's code reused at a commit where everything it read is the same.", () => sources.siteCode?.().reused ?? 0);
  syncCounter('docsite_islands_rendered_total', "The site's own components in pages rendered in the sandbox.", () => sources.islands?.().evaluated ?? 0);
  syncCounter('docsite_islands_reused_total', "The site's own components in pages reused at a commit where everything they read is the same.", () => sources.islands?.().kept ?? 0);
  const storeGauge = (name: string, help: string, read: (stats: DiskCacheStats) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        const stats = sources.diskCache?.();
        if (stats) this.set(read(stats));
      },
    });
  const storeCounter = (name: string, help: string, read: (stats: DiskCacheStats) => number) =>
    new Counter({
      name,
      help,
      registers: [registry],
      collect() {
        const stats = sources.diskCache?.();
        this.reset();
        if (stats) this.inc(read(stats));
      },
    });
  storeGauge('docsite_disk_cache_bytes', 'Bytes of rendered articles and pages kept on disk.', (stats) => stats.bytes);
  storeGauge('docsite_disk_cache_max_bytes', 'The disk budget of what is rendered (DISK_CACHE_MB).', (stats) => stats.maxBytes);
  storeGauge('docsite_disk_cache_entries', 'Rendered articles and pages kept on disk.', (stats) => stats.entries);
  storeCounter('docsite_disk_cache_hits_total', 'Rendered articles and pages read back from disk.', (stats) => stats.hits);
  storeCounter('docsite_disk_cache_misses_total', 'Rendered articles and pages looked for on disk and not found.', (stats) => stats.misses);
  storeCounter('docsite_disk_cache_corrupt_total', 'Damaged files of the disk cache, removed and rendered again.', (stats) => stats.corrupt);
  storeCounter('docsite_disk_cache_write_failures_total', 'Writes to the disk cache that failed (a full disk).', (stats) => stats.writeFailures);
  new Gauge({
    name: 'docsite_sync_last_success_timestamp_seconds',
    help: 'When the last sync succeeded.',
    registers: [registry],
    collect() {
      this.set((sources.sync().lastSuccessAt?.getTime() ?? 0) / 1000);
    },
  });
  return {
    registry,
    observeRequest: (route, status, seconds) => requests.observe({ route, status: String(status) }, seconds),
  };
}
