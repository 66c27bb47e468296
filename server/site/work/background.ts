// The site's own whole-site work (docs/decisions/030-cost-model.md): the search indexes and link
// reports of published versions. It is worth finishing whoever asked first, so it goes on when its
// client leaves; it runs one job at a time in the `site` lane (behind every reader's page), each
// job once however many ask, and the queue is bounded: the site has only so many published versions.
import { runAs } from '../../work-context.js';
import { HttpError } from '../http-error.js';

/** One job at a time, each key once; a job a reader waits for may start before its turn (`hurry`). */
export class Background {
  private readonly jobs = new Map<string, Promise<unknown>>();
  /** Starts a queued job now, by key (a no-op once it has started). */
  private readonly starters = new Map<string, () => void>();
  private tail: Promise<unknown> = Promise.resolve();

  constructor(readonly maxQueued: number) {}

  /** Jobs queued or running. */
  get size(): number {
    return this.jobs.size;
  }

  /** The job of `key`: joined when queued or running, else queued after the others (a 503 when too many are). */
  run<T>(key: string, job: () => Promise<T>): Promise<T> {
    const queued = this.jobs.get(key);
    if (queued) return queued as Promise<T>;
    if (this.jobs.size >= this.maxQueued) throw new HttpError(503, 'Busy', 'The server is busy with its own work; ask again in a minute.');
    let start!: () => void;
    const turn = new Promise<void>((resolve) => {
      start = resolve;
    });
    this.tail.then(start);
    const result = turn.then(() => {
      this.starters.delete(key);
      return runAs({ lane: 'site' }, job);
    });
    const settled = () => {
      this.jobs.delete(key);
      this.starters.delete(key);
    };
    result.then(settled, settled);
    this.jobs.set(key, result);
    this.starters.set(key, start);
    this.tail = result.catch(() => undefined);
    return result;
  }

  /**
   * Starts the queued job of `key` now, beside the one running: a reader waits for it and would
   * otherwise wait for every job queued before it (the first search of a version after a start).
   */
  hurry(key: string): void {
    this.starters.get(key)?.();
  }
}

/** Waits for `promise` while `signal` holds: a client that leaves stops waiting, the work goes on. */
export function waitWhile<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
