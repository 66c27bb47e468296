// Who a piece of work is done for (docs/decisions/030-cost-model.md). The HTTP layer starts each
// request in a context, and a whole-site job runs in one of its own; code below the façade (the
// render pool, the caches) reads it to queue by priority, to stop work nobody waits for any more,
// and to charge pages to a job's cost cap. It is ambient (AsyncLocalStorage) because it must reach
// through every layer between a request and a render, none of which should have to pass it on.
import { AsyncLocalStorage } from 'node:async_hooks';
import { perProcess } from './per-process.js';

/**
 * Whose work it is, most urgent first: a reader of a published version, a reader of a preview or
 * commit permalink, the site's own background work (indexes and link reports of published versions),
 * and whole-site work a request asked for on a ref of its choosing.
 */
export const LANES = ['reader', 'preview', 'site', 'demand'] as const;
export type Lane = (typeof LANES)[number];

/** The context of one piece of work. */
export interface Work {
  lane: Lane;
  /** Aborted when nobody waits for the work any more: its queued steps are dropped. */
  signal?: AbortSignal;
  /** Pages a whole-site job may still render or read. */
  meter?: CostMeter;
  /**
   * May take every render thread, not all but one: the site's first index of a published version,
   * which every search of it waits for (a reader's page still goes first, behind one render at most).
   */
  allThreads?: boolean;
}

/** Thrown when a job would spend more pages than its cap. */
export class CostCapError extends Error {
  constructor(readonly pages: number) {
    super(`stopped after ${pages} pages, the most one answer may cost`);
    this.name = 'CostCapError';
  }
}

/** Counts the pages a job renders or reads, and stops it past its cap. */
export class CostMeter {
  pages = 0;
  constructor(readonly maxPages: number) {}

  /** Charges one page; throws CostCapError past the cap. */
  charge(): void {
    if (++this.pages > this.maxPages) throw new CostCapError(this.maxPages);
  }
}

/** One for the process: work started by the host's bundle is seen by code of the app's (per-process.ts). */
const storage = perProcess('work-context', () => new AsyncLocalStorage<Work>());

/** Work outside any request (start-up, sync, timers) is the site's own. */
const SITE_WORK: Work = { lane: 'site' };

/** The work the caller is part of. */
export function currentWork(): Work {
  return storage.getStore() ?? SITE_WORK;
}

/** Runs `fn` (and everything it starts) as `work`. */
export function runAs<T>(work: Work, fn: () => T): T {
  return storage.run(work, fn);
}

/** The error a step of abandoned work rejects with (a DOMException named AbortError). */
export function abandoned(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('nobody waits for this work any more', 'AbortError');
}

/** True for the error of abandoned work. */
export function isAbandoned(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

/**
 * True when a step failed only because of the work that started it (abandoned, or past its cost
 * cap): a caller that shared the step for work of its own may start it again.
 */
export function isWorkStop(error: unknown): boolean {
  return isAbandoned(error) || (error instanceof Error && error.name === 'CostCapError');
}

/** Throws when the caller's work was abandoned: checked before starting a new step. */
export function throwIfAbandoned(): void {
  const { signal } = currentWork();
  if (signal?.aborted) throw abandoned(signal);
}

/**
 * The load of `key` under way in `loading`, joined, or started with `start()` and shared until it
 * settles. A caller that joined a load stopped only because the work that started it was abandoned
 * (or over its cost cap) starts it again for itself.
 */
export async function sharedLoad<V>(loading: Map<string, Promise<V>>, key: string, start: () => Promise<V>): Promise<V> {
  for (;;) {
    let pending = loading.get(key);
    const shared = pending !== undefined;
    if (!pending) {
      pending = start();
      const settled = () => loading.get(key) === pending && loading.delete(key);
      pending.then(settled, settled);
      loading.set(key, pending);
    }
    try {
      return await pending;
    } catch (error) {
      if (!shared || !isWorkStop(error) || currentWork().signal?.aborted) throw error;
    }
  }
}
