// The site's own whole-site work (docs/decisions/030-cost-model.md): the search indexes and link
// reports of published versions. It is worth finishing whoever asked first, so it goes on when its
// client leaves; it runs one job at a time in the `site` lane (behind every reader's page), each
// job once however many ask, and the queue is bounded: the site has only so many published versions.
import { runAs } from '../../work-context.js';
import { HttpError } from '../http-error.js';

/** A job waiting for its turn. */
interface Queued {
  key: string;
  start: () => void;
  urgent: boolean;
}

/**
 * One job at a time, each key once; a job a reader waits for may start before its turn (`hurry`).
 * Urgent jobs (the search indexes every search waits for) go before queued jobs that are not (the
 * component check behind /readyz, link reports): after a first start, search is ready first.
 */
export class Background {
  private readonly jobs = new Map<string, Promise<unknown>>();
  private readonly queue: Queued[] = [];
  private running = 0;

  constructor(readonly maxQueued: number) {}

  /** While held, jobs that are not urgent wait (a first start queues its search indexes first). */
  private held: object | undefined;

  /** Jobs queued or running. */
  get size(): number {
    return this.jobs.size;
  }

  /** The job of `key`: joined when queued or running, else queued after the others (urgent: after the other urgent ones); a 503 when too many are. */
  run<T>(key: string, job: () => Promise<T>, opts: { urgent?: boolean } = {}): Promise<T> {
    const queued = this.jobs.get(key);
    if (queued) return queued as Promise<T>;
    if (this.jobs.size >= this.maxQueued) throw new HttpError(503, 'Busy', 'The server is busy with its own work; ask again in a minute.');
    let start!: () => void;
    const turn = new Promise<void>((resolve) => {
      start = resolve;
    });
    const urgent = opts.urgent === true;
    const entry: Queued = { key, start, urgent };
    const after = urgent ? this.queue.findIndex((other) => !other.urgent) : -1;
    if (after < 0) this.queue.push(entry);
    else this.queue.splice(after, 0, entry);
    const result = turn.then(() => runAs({ lane: 'site' }, job));
    const settled = () => {
      this.jobs.delete(key);
      this.running--;
      this.next();
    };
    result.then(settled, settled);
    this.jobs.set(key, result);
    this.next();
    return result;
  }

  /**
   * Starts the queued job of `key` now, beside the one running: a reader waits for it and would
   * otherwise wait for every job queued before it (the first search of a version after a start).
   */
  hurry(key: string): void {
    const at = this.queue.findIndex((entry) => entry.key === key);
    if (at < 0) return;
    const [entry] = this.queue.splice(at, 1);
    this.running++;
    entry.start();
  }

  /**
   * Holds jobs that are not urgent until the function returned is called: at start the search
   * indexes are queued a moment after the server's own checks, which would otherwise start first
   * and run for a minute.
   */
  hold(): () => void {
    const held = {};
    this.held = held;
    return () => {
      if (this.held !== held) return;
      this.held = undefined;
      this.next();
    };
  }

  /** Starts the next queued job when none runs (an urgent one only, while held). */
  private next(): void {
    if (this.running > 0) return;
    const entry = this.queue[0];
    if (!entry || (this.held && !entry.urgent)) return;
    this.queue.shift();
    this.running++;
    entry.start();
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
