// Pages render in worker threads (piscina), so a slow page never blocks the event loop, and a
// render past the time budget is stopped by terminating its worker. The timer starts when the
// worker starts the task (it says so on a message port), so neither waiting in the queue nor a
// fresh worker loading its modules counts against the page. Each thread is a piscina of its own,
// and a page goes to the same thread each time unless that one is busy and another is idle: a
// thread remembers its last parse of large pages (incremental-parse.ts) and its link tables.
// Tasks wait in a priority queue (render-queue.ts): readers' pages first (decision 030).
import v8 from 'node:v8';
import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { abandoned, currentWork } from '../work-context.js';
import type { ComponentSet } from './components/index.js';
import { linkedDocSet, NEED_TABLE, renderJob, type LinkTable, type RenderJob, type WorkerTask } from './render-job.js';
import { RenderQueue, type LaneCounts } from './render-queue.js';
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
  /** Each thread's young generation, in MiB: three semi-spaces' worth (unset: the process's --max-semi-space-size). */
  youngMb?: number;
  /**
   * A thread that has had nothing to do for this long exits, giving its memory back (about 70 MiB
   * warm); the next task starts it again. Unset or 0: threads live as long as the pool.
   */
  idleMs?: number;
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
  /** One single-thread piscina per render thread, made on first use (and again after it exited idle). */
  private threads: (Piscina | undefined)[];
  /** Each thread's idle timer: it ends the thread when it fires. */
  private readonly idle: (NodeJS.Timeout | undefined)[];
  /** Which task each thread runs next. */
  private readonly queue: RenderQueue;
  /** Doc set views of the link tables seen with no threads, for as long as the table lives. */
  private readonly linked = new WeakMap<LinkTable, ReturnType<typeof linkedDocSet>>();

  constructor(private readonly options: RenderPoolOptions) {
    this.queue = new RenderQueue(options.threads);
    this.threads = Array.from({ length: options.threads }, () => undefined);
    this.idle = Array.from({ length: options.threads }, () => undefined);
  }

  /** Tasks queued and running per lane, for /metrics. */
  counts(): LaneCounts {
    return this.queue.counts();
  }

  /** How long one page may render, in milliseconds. */
  get timeoutMs(): number {
    return this.options.timeoutMs;
  }

  /** Renders a job in a worker; rejects with RenderBudgetError past the time budget. */
  async render(job: RenderJob, table: LinkTable): Promise<RenderedPage> {
    if (this.options.threads === 0) {
      currentWork().meter?.charge();
      return renderJob(job, this.linkedDocSet(table), table.data, this.options.components);
    }
    const first = (await this.run({ job, key: table.key }, { affinity: job.file })) as RenderedPage | typeof NEED_TABLE;
    return first === NEED_TABLE ? ((await this.run({ job, key: table.key, table }, { affinity: job.file, again: true })) as RenderedPage) : first;
  }

  /** A link table's doc set view for rendering on this thread, made once per table as a worker does. */
  private linkedDocSet(table: LinkTable): ReturnType<typeof linkedDocSet> {
    let docSet = this.linked.get(table);
    if (!docSet) this.linked.set(table, (docSet = linkedDocSet(table)));
    return docSet;
  }

  /**
   * Runs another export of the worker module (`name`) on `input` with the same time budget, so
   * other work on untrusted content (a rendered diff) never blocks the event loop either; with no
   * threads, `inline` runs it here. The export must post on `started` first, as the renderer does.
   */
  async call<I extends object, O>(name: string, input: I, inline: (input: I) => O): Promise<O> {
    if (this.options.threads === 0) {
      currentWork().meter?.charge();
      return inline(input);
    }
    return (await this.run(input as never, { name })) as O;
  }

  /**
   * Starts the threads now rather than at the first render: each loads the whole pipeline, a second
   * or more, which the first page after a start (or a push's first page on a replica behind a
   * cache, which had nothing to render until then) would otherwise wait for.
   */
  start(): void {
    for (let thread = 0; thread < this.options.threads; thread++) this.worker(thread);
  }

  /**
   * Renders a job on every thread in turn and drops the answers: a thread's first page costs several
   * times a warm one, and affinity would otherwise leave the others cold. Stops at the first failure
   * (a RenderBudgetError), so a page that hits the time budget holds one thread, never all of them.
   */
  async warmUp(job: RenderJob, table: LinkTable): Promise<void> {
    if (this.options.threads === 0) return;
    for (let thread = 0; thread < this.options.threads; thread++) await this.run({ job, key: table.key, table }, { thread });
  }

  /** Render threads running now: idle ones exit (idleMs) and start again on the next task. */
  get live(): number {
    return this.threads.filter(Boolean).length;
  }

  /** Stops the worker threads. */
  async close(): Promise<void> {
    const threads = this.threads.filter((thread) => thread !== undefined);
    this.threads.fill(undefined);
    for (const timer of this.idle) clearTimeout(timer);
    this.queue.clear(new Error('the render pool is closed'));
    await Promise.all(threads.map((thread) => thread.destroy()));
  }

  /**
   * Queues a task in the caller's lane (work-context.ts): `affinity` (a page's file) names the thread
   * it prefers, `thread` the one it must take. A task of abandoned work is refused, and a whole-site
   * job is charged one page (`again`: the same page sent a second time with its link table is not).
   */
  private run(task: Omit<WorkerTask, 'started'>, opts: { name?: string; affinity?: string; thread?: number; again?: boolean }): Promise<RenderedPage | typeof NEED_TABLE> {
    const work = currentWork();
    if (work.signal?.aborted) return Promise.reject(abandoned(work.signal));
    if (!opts.again) work.meter?.charge();
    const count = this.options.threads;
    return this.queue.submit({
      lane: work.lane,
      allThreads: work.allThreads,
      signal: work.signal,
      prefer: opts.affinity === undefined ? undefined : hashOf(opts.affinity) % count,
      thread: opts.thread,
      run: (thread) => this.runOn(thread, task, opts.name),
    });
  }

  /** Runs a task on one thread under the time budget. */
  private async runOn(thread: number, task: Omit<WorkerTask, 'started'>, name?: string): Promise<RenderedPage | typeof NEED_TABLE> {
    const controller = new AbortController();
    const { port1, port2 } = new MessageChannel();
    let timer: NodeJS.Timeout | undefined;
    port1.once('message', () => {
      timer = setTimeout(() => controller.abort(), this.timeoutMs);
    });
    const worker = this.worker(thread);
    clearTimeout(this.idle[thread]);
    try {
      return await worker.run({ ...task, started: port2 }, { name, signal: controller.signal, transferList: [port2] });
    } catch (error) {
      // Aborting a running task terminates its worker; piscina starts a fresh one.
      if (controller.signal.aborted) throw new RenderBudgetError('timeout', `took longer than ${this.timeoutMs} ms`);
      throw new RenderBudgetError('crash', error instanceof Error ? error.message : String(error));
    } finally {
      clearTimeout(timer);
      port1.close();
      this.idleLater(thread);
    }
  }

  /**
   * Ends a thread once it has been idle for `idleMs`: a warm thread holds about 70 MiB (its code,
   * heap and young generation) that a server nobody reads has no use for. The queue runs one task
   * per thread, and each task clears the timer when it starts, so the timer only fires idle.
   */
  private idleLater(thread: number): void {
    const { idleMs } = this.options;
    if (!idleMs) return;
    clearTimeout(this.idle[thread]);
    this.idle[thread] = setTimeout(() => {
      const worker = this.threads[thread];
      this.threads[thread] = undefined;
      worker?.destroy().catch(() => {});
    }, idleMs).unref();
  }

  /** Thread `thread`'s piscina, started when it is not running (and ended if no task comes within the idle time). */
  private worker(thread: number): Piscina {
    let worker = this.threads[thread];
    if (!worker) {
      const { workerFile, heapMb, youngMb } = this.options;
      // node hands maxYoungGenerationSizeMb to V8, but V8 lets the process-wide
      // --max-semi-space-size (bin/start.sh sizes it for the main thread) override it. The main
      // isolate is made by now, so clearing the flag lets each thread's own limit apply.
      if (youngMb) v8.setFlagsFromString('--max-semi-space-size=0');
      worker = new Piscina({
        filename: workerFile,
        minThreads: 1,
        maxThreads: 1,
        execArgv: workerFile.endsWith('.ts') ? ['--import', 'tsx'] : [],
        idleTimeout: Number.POSITIVE_INFINITY,
        resourceLimits: { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: youngMb },
      });
      this.threads[thread] = worker;
      this.idleLater(thread);
    }
    return worker;
  }
}

/** A string's FNV-1a hash: spreads pages evenly over the threads. */
function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}
