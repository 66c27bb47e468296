// Pages render in worker threads (piscina), so a slow page never blocks the event loop, and a
// render past the time budget is stopped by terminating its worker. The timer starts when the
// worker starts the task (it says so on a message port), so neither waiting in the queue nor a
// fresh worker loading its modules counts against the page.
import os from 'node:os';
import { MessageChannel } from 'node:worker_threads';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { linkedDocSet, renderJob, type LinkTable, type RenderJob } from './render-job.js';
import type { RenderedPage } from './render.js';
import { NEED_TABLE, type WorkerTask } from './render-worker.js';

/** How long one page may render (ms): RENDER_TIMEOUT_MS, default 10 s. */
export const RENDER_TIMEOUT_MS = positive(process.env.RENDER_TIMEOUT_MS) ?? 10_000;

/** Worker threads: RENDER_THREADS, default min(2, cores); 0 renders on the main thread (no time budget). */
export const RENDER_THREADS = nonNegative(process.env.RENDER_THREADS) ?? Math.min(2, os.availableParallelism());

/** Thrown when a render went over the time budget or its worker died; the page fails alone. */
export class RenderBudgetError extends Error {
  constructor(readonly reason: 'timeout' | 'crash', detail: string) {
    super(detail);
    this.name = 'RenderBudgetError';
  }
}

/** A pool of render threads with a time budget per page. */
export class RenderPool {
  private pool?: Piscina;

  constructor(
    readonly threads = RENDER_THREADS,
    readonly timeoutMs = RENDER_TIMEOUT_MS,
  ) {}

  /** Renders a job in a worker; rejects with RenderBudgetError past the time budget. */
  async render(job: RenderJob, table: LinkTable): Promise<RenderedPage> {
    if (this.threads === 0) return renderJob(job, linkedDocSet(table), table.data);
    const first = await this.run({ job, key: table.key });
    return first === NEED_TABLE ? ((await this.run({ job, key: table.key, table })) as RenderedPage) : first;
  }

  /** Stops the worker threads. */
  async close(): Promise<void> {
    await this.pool?.destroy();
    this.pool = undefined;
  }

  private async run(task: Omit<WorkerTask, 'started'>): Promise<RenderedPage | typeof NEED_TABLE> {
    const controller = new AbortController();
    const { port1, port2 } = new MessageChannel();
    let timer: NodeJS.Timeout | undefined;
    port1.once('message', () => {
      timer = setTimeout(() => controller.abort(), this.timeoutMs);
    });
    try {
      return await this.workers().run({ ...task, started: port2 }, { signal: controller.signal, transferList: [port2] });
    } catch (error) {
      // Aborting a running task terminates its worker; piscina starts a fresh one.
      if (controller.signal.aborted) throw new RenderBudgetError('timeout', `took longer than ${this.timeoutMs} ms`);
      throw new RenderBudgetError('crash', error instanceof Error ? error.message : String(error));
    } finally {
      clearTimeout(timer);
      port1.close();
    }
  }

  private workers(): Piscina {
    if (!this.pool) {
      // Built: build/render-worker.js beside build/docsite.js. From source (tsx, vitest): the .ts file.
      const here = path.dirname(fileURLToPath(import.meta.url));
      const fromSource = import.meta.url.endsWith('.ts');
      const filename = fromSource ? path.join(here, 'render-worker.ts') : path.join(here, 'render-worker.js');
      this.pool = new Piscina({ filename, minThreads: this.threads, maxThreads: this.threads, execArgv: fromSource ? ['--import', 'tsx'] : [], idleTimeout: Number.POSITIVE_INFINITY });
    }
    return this.pool;
  }

}

function positive(value: string | undefined): number | undefined {
  const n = Number(value);
  return value && Number.isFinite(n) && n > 0 ? n : undefined;
}

function nonNegative(value: string | undefined): number | undefined {
  const n = Number(value);
  return value && Number.isInteger(n) && n >= 0 ? n : undefined;
}
