// Pages render in worker threads (piscina), so a slow page never blocks the event loop, and a
// render past the time budget is stopped by terminating its worker. The timer starts when the
// worker starts the task (it says so on a message port), so neither waiting in the queue nor a
// fresh worker loading its modules counts against the page.
import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import type { ComponentSet } from './components/index.js';
import { linkedDocSet, NEED_TABLE, renderJob, type LinkTable, type RenderJob, type WorkerTask } from './render-job.js';
import type { RenderedPage } from './render.js';

/** How a pool renders: its threads (0: on the calling thread, no time budget), budget, worker and components. */
export interface RenderPoolOptions {
  threads: number;
  timeoutMs: number;
  /** The worker module (a `.ts` file runs through tsx): its default export renders a WorkerTask. */
  workerFile: string;
  /** The components pages may use, for rendering on the calling thread. */
  components: ComponentSet;
  /** The most each thread's heap may grow to, in MiB: a page that needs more fails alone (unset: V8's default). */
  heapMb?: number;
}

/** Thrown when a render went over the time budget or its worker died; the page fails alone. */
export class RenderBudgetError extends Error {
  constructor(
    readonly reason: 'timeout' | 'crash',
    detail: string,
  ) {
    super(detail);
    this.name = 'RenderBudgetError';
  }
}

/** A pool of render threads with a time budget per page. */
export class RenderPool {
  private pool?: Piscina;

  constructor(private readonly options: RenderPoolOptions) {}

  /** How long one page may render, in milliseconds. */
  get timeoutMs(): number {
    return this.options.timeoutMs;
  }

  /** Renders a job in a worker; rejects with RenderBudgetError past the time budget. */
  async render(job: RenderJob, table: LinkTable): Promise<RenderedPage> {
    if (this.options.threads === 0) return renderJob(job, linkedDocSet(table), table.data, this.options.components);
    const first = (await this.run({ job, key: table.key })) as RenderedPage | typeof NEED_TABLE;
    return first === NEED_TABLE ? ((await this.run({ job, key: table.key, table })) as RenderedPage) : first;
  }

  /**
   * Runs another export of the worker module (`name`) on `input` with the same time budget, so
   * other work on untrusted content (a rendered diff) never blocks the event loop either; with no
   * threads, `inline` runs it here. The export must post on `started` first, as the renderer does.
   */
  async call<I extends object, O>(name: string, input: I, inline: (input: I) => O): Promise<O> {
    if (this.options.threads === 0) return inline(input);
    return (await this.run(input as never, name)) as O;
  }

  /**
   * Starts the threads now rather than at the first render: each loads the whole pipeline, a second
   * or more, which the first page after a start (or a push's first page on a replica behind a
   * cache, which had nothing to render until then) would otherwise wait for.
   */
  start(): void {
    if (this.options.threads > 0) this.workers();
  }

  /** Stops the worker threads. */
  async close(): Promise<void> {
    await this.pool?.destroy();
    this.pool = undefined;
  }

  private async run(task: Omit<WorkerTask, 'started'>, name?: string): Promise<RenderedPage | typeof NEED_TABLE> {
    const controller = new AbortController();
    const { port1, port2 } = new MessageChannel();
    let timer: NodeJS.Timeout | undefined;
    port1.once('message', () => {
      timer = setTimeout(() => controller.abort(), this.timeoutMs);
    });
    try {
      return await this.workers().run({ ...task, started: port2 }, { name, signal: controller.signal, transferList: [port2] });
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
      const { threads, workerFile } = this.options;
      const fromSource = workerFile.endsWith('.ts');
      this.pool = new Piscina({
        filename: workerFile,
        minThreads: threads,
        maxThreads: threads,
        execArgv: fromSource ? ['--import', 'tsx'] : [],
        idleTimeout: Number.POSITIVE_INFINITY,
        resourceLimits: this.options.heapMb ? { maxOldGenerationSizeMb: this.options.heapMb } : undefined,
      });
    }
    return this.pool;
  }
}
