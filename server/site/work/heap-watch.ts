// How full the heap is (docs/decisions/030-cost-model.md): the last resort that keeps the process
// alive whatever the estimates of the work budget miss. The heap in use counts garbage until V8
// collects it, so what a full collection left is the measure of live data; the heap in use only
// counts when it is near the limit anyway.
import { constants, PerformanceObserver } from 'node:perf_hooks';
import v8 from 'node:v8';

/**
 * Live data over the heap limit past which no new work on a ref of a client's choosing starts. The
 * caches fill 30% of the heap and code and the rest take 50 MiB or so (over a third of the heap at
 * MEMORY_MB=256), so a full server at rest is at 50 to 75%.
 */
const REFUSE_LIVE = 0.8;
/** ... and past which the server says it is busy. */
const BUSY_LIVE = 0.85;
/** The heap in use, garbage included, past which both apply whatever the last collection left. */
const REFUSE_USED = 0.9;

/** Watches the heap: what each full collection left in use. */
export class HeapWatch {
  private live = 0;
  private readonly observer: PerformanceObserver;
  readonly limitBytes = v8.getHeapStatistics().heap_size_limit;

  constructor() {
    this.observer = new PerformanceObserver((list) => {
      const major = list.getEntries().some((entry) => (entry as { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR);
      if (major) this.live = v8.getHeapStatistics().used_heap_size;
    });
    this.observer.observe({ entryTypes: ['gc'] });
  }

  /** The heap in use after the last full collection (0 before the first). */
  get liveBytes(): number {
    return this.live;
  }

  /** The share of the heap limit in use now and after the last full collection. */
  shares(): { used: number; live: number } {
    return { used: v8.getHeapStatistics().used_heap_size / this.limitBytes, live: this.live / this.limitBytes };
  }

  /** True when no new work should start on a ref a client chose. */
  tooFull(): boolean {
    const { used, live } = this.shares();
    return live > REFUSE_LIVE || used > REFUSE_USED;
  }

  /** True when the server should leave the rotation for a while. */
  busy(): boolean {
    const { used, live } = this.shares();
    return live > BUSY_LIVE || used > REFUSE_USED;
  }

  /** Stops watching. */
  close(): void {
    this.observer.disconnect();
  }
}
