// When the server is saturated (docs/decisions/030-cost-model.md): /readyz then answers 503 `busy`,
// so a load balancer sends readers to another replica, and answers `ready` again on its own once it
// has caught up. Saturated means what readers feel, never what a queue of other clients' work holds:
// the event loop lags (every answer waits), readers' pages queue for the render threads, or the
// heap is nearly full.
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import type { LaneCounts } from '../../markdown/render-queue.js';

/** Mean event-loop delay over the last window past which the server is busy. */
const LAG_MS = 500;
/** The window the delay is measured over. */
const WINDOW_MS = 5000;
/** Readers' pages waiting for a thread, per thread, past which the server is busy. */
const READERS_QUEUED_PER_THREAD = 8;

/** What busyness is judged from. */
export interface BusySources {
  renderCounts(): LaneCounts;
  renderThreads: number;
  heapBusy(): boolean;
}

/** Judges busyness from the last full window of event-loop delay and the current queues. */
export class Busy {
  private readonly histogram: IntervalHistogram = monitorEventLoopDelay({ resolution: 20 });
  private lastMeanMs = 0;
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly sources: BusySources) {
    this.histogram.enable();
    this.timer = setInterval(() => {
      this.lastMeanMs = this.histogram.mean / 1e6;
      this.histogram.reset();
    }, WINDOW_MS);
    this.timer.unref();
  }

  /** Why the server is busy, or undefined when it is not. */
  reason(): string | undefined {
    if (this.lastMeanMs > LAG_MS) return `the event loop lags ${Math.round(this.lastMeanMs)} ms`;
    const { reader, preview } = this.sources.renderCounts();
    if (reader.queued + preview.queued > READERS_QUEUED_PER_THREAD * Math.max(1, this.sources.renderThreads)) return 'readers wait for the render threads';
    if (this.sources.heapBusy()) return 'the heap is nearly full';
    return undefined;
  }

  /** Stops measuring. */
  close(): void {
    clearInterval(this.timer);
    this.histogram.disable();
  }
}
