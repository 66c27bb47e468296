// Whole-site jobs shared by every request that asks for the same answer meanwhile
// (docs/decisions/030-cost-model.md). A job runs while at least one of them still waits: when the last
// one leaves, its signal aborts and its queued steps are dropped. A job that runs past its time limit
// is stopped the same way, and its waiters are told why.
import { abandoned } from '../../work-context.js';

/** Why a job stopped before its end. */
export type StopReason = 'left' | 'timeout';

/** Thrown to the waiters of a job stopped at its time limit. */
export class JobTimeout extends Error {
  constructor(readonly ms: number) {
    super(`stopped after ${ms} ms`);
    this.name = 'JobTimeout';
  }
}

interface Job {
  promise: Promise<unknown>;
  controller: AbortController;
  waiters: number;
  stopped?: StopReason;
}

/** The jobs under way, by key. */
export class SharedJobs {
  private readonly jobs = new Map<string, Job>();

  /** Jobs under way. */
  get size(): number {
    return this.jobs.size;
  }

  /** True when a job for `key` is under way (a request may join it at no cost). */
  has(key: string): boolean {
    return this.jobs.has(key);
  }

  /**
   * Starts `run` as the job for `key` (given its own signal), stopped after `timeoutMs`; `done` is
   * called once it has settled. The caller waits as `wait` does.
   */
  start<T>(key: string, run: (signal: AbortSignal) => Promise<T>, opts: { timeoutMs: number; signal: AbortSignal; done: () => void }): Promise<T> {
    const controller = new AbortController();
    const job: Job = { promise: Promise.resolve(), controller, waiters: 0 };
    const timer = setTimeout(() => {
      job.stopped = 'timeout';
      controller.abort();
    }, opts.timeoutMs);
    job.promise = Promise.resolve()
      .then(() => run(controller.signal))
      .catch((error) => {
        throw job.stopped === 'timeout' ? new JobTimeout(opts.timeoutMs) : error;
      })
      .finally(() => {
        clearTimeout(timer);
        this.jobs.delete(key);
        opts.done();
      });
    // Nobody may be left to see a failure: it is handled here, and each waiter sees it through `wait`.
    job.promise.catch(() => undefined);
    this.jobs.set(key, job);
    return this.wait(key, opts.signal) as Promise<T>;
  }

  /** Waits for the job of `key` while `signal` holds; the last waiter to leave stops the job. */
  wait<T>(key: string, signal: AbortSignal): Promise<T> {
    const job = this.jobs.get(key);
    if (!job) return Promise.reject(new Error(`no job ${key}`));
    if (signal.aborted) return Promise.reject(abandoned(signal));
    job.waiters++;
    return new Promise<T>((resolve, reject) => {
      const leave = () => {
        if (--job.waiters > 0 || job.stopped) return;
        job.stopped = 'left';
        job.controller.abort();
      };
      const onAbort = () => {
        leave();
        reject(abandoned(signal));
      };
      signal.addEventListener('abort', onAbort, { once: true });
      job.promise.then(
        (value) => {
          signal.removeEventListener('abort', onAbort);
          job.waiters--;
          resolve(value as T);
        },
        (error) => {
          signal.removeEventListener('abort', onAbort);
          job.waiters--;
          reject(error);
        },
      );
    });
  }
}
