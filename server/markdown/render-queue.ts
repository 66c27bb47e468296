// Which render thread runs what next (docs/decisions/030-cost-model.md). Each thread runs one task
// at a time; a free thread takes the most urgent task waiting (a published page's reader first, a
// whole-site job asked for on a ref of a client's choosing last), so a reader's page waits behind at
// most the renders already running. Background and on-demand work together never hold more than
// all threads but one, so with two threads or more a reader always finds one free of them; the one
// exception is the site's first index of a published version (`allThreads`), which every search of
// it waits for: then a reader's page waits for one render in progress at most.
import { abandoned, LANES, type Lane } from '../work-context.js';

/** One task for a render thread. */
export interface RenderTask<T> {
  lane: Lane;
  /** Aborted when nobody waits for it: a task still queued is dropped (one already running finishes). */
  signal?: AbortSignal;
  /** The thread it prefers when that one is free (a page's thread keeps its parses and link tables). */
  prefer?: number;
  /** The one thread it must run on (the warm-up visits each in turn). */
  thread?: number;
  /** A background task that may take the last free thread too (work-context.ts's `allThreads`). */
  allThreads?: boolean;
  run(thread: number): Promise<T>;
}

/** What is queued and running in one lane, for /metrics. */
export type LaneCounts = Record<Lane, { queued: number; running: number }>;

interface Entry {
  task: RenderTask<unknown>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
  unlisten(): void;
}

/** Lanes that never take the last free thread. */
const BACKGROUND: ReadonlySet<Lane> = new Set(['site', 'demand']);

/** A priority queue in front of a fixed number of single-task threads. */
export class RenderQueue {
  private readonly running: (Lane | undefined)[];
  private readonly waiting = new Map<Lane, Entry[]>(LANES.map((lane) => [lane, []]));

  constructor(readonly threads: number) {
    this.running = Array.from({ length: threads }, () => undefined);
  }

  /** Queues a task; it runs when a thread is free and nothing more urgent waits. */
  submit<T>(task: RenderTask<T>): Promise<T> {
    if (task.signal?.aborted) return Promise.reject(abandoned(task.signal));
    return new Promise<T>((resolve, reject) => {
      const entry: Entry = { task, resolve: resolve as (value: unknown) => void, reject, unlisten: () => {} };
      const queue = this.waiting.get(task.lane)!;
      if (task.signal) {
        const signal = task.signal;
        const drop = () => {
          const at = queue.indexOf(entry);
          if (at < 0) return;
          queue.splice(at, 1);
          reject(abandoned(signal));
        };
        signal.addEventListener('abort', drop, { once: true });
        entry.unlisten = () => signal.removeEventListener('abort', drop);
      }
      queue.push(entry);
      this.dispatch();
    });
  }

  /** Rejects every queued task (the pool is closing). */
  clear(error: Error): void {
    for (const queue of this.waiting.values()) for (const entry of queue.splice(0)) entry.reject(error);
  }

  /** Tasks queued and running per lane. */
  counts(): LaneCounts {
    const counts = Object.fromEntries(LANES.map((lane) => [lane, { queued: this.waiting.get(lane)!.length, running: 0 }])) as LaneCounts;
    for (const lane of this.running) if (lane) counts[lane].running++;
    return counts;
  }

  /** Starts every task that can start now, most urgent lane first, first come first within a lane. */
  private dispatch(): void {
    for (const lane of LANES) {
      const queue = this.waiting.get(lane)!;
      for (let i = 0; i < queue.length; ) {
        const thread = this.threadFor(queue[i].task);
        if (thread === undefined) {
          i++;
          continue;
        }
        const [entry] = queue.splice(i, 1);
        this.start(entry, thread);
      }
    }
  }

  /** The free thread a task may take now, if any. */
  private threadFor(task: RenderTask<unknown>): number | undefined {
    if (BACKGROUND.has(task.lane) && !task.allThreads) {
      const background = this.running.filter((lane) => lane && BACKGROUND.has(lane)).length;
      if (background >= Math.max(1, this.threads - 1)) return undefined;
    }
    if (task.thread !== undefined) return this.running[task.thread] ? undefined : task.thread;
    if (task.prefer !== undefined && !this.running[task.prefer]) return task.prefer;
    const free = this.running.indexOf(undefined);
    return free < 0 ? undefined : free;
  }

  /** Runs a task on a thread, and hands the thread on (before its caller goes on) when it settles. */
  private start(entry: Entry, thread: number): void {
    entry.unlisten();
    this.running[thread] = entry.task.lane;
    const free = () => {
      this.running[thread] = undefined;
      this.dispatch();
    };
    entry.task.run(thread).then(
      (value) => {
        free();
        entry.resolve(value);
      },
      (error) => {
        free();
        entry.reject(error);
      },
    );
  }
}
