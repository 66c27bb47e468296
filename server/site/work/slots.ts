// A counted resource with a bounded line (docs/decisions/030-cost-model.md): so many slots, or so many
// bytes of the work budget. Taking waits in a line of bounded length for a bounded time, and only
// while the caller still waits for its answer; past either bound, the caller is refused.
import { abandoned } from '../../work-context.js';

/** Why a take was refused. */
export type Refusal = 'full' | 'timeout';

interface Waiter {
  units: number;
  grant(): void;
}

/** Gives back what was taken; calling it twice gives back once. */
export type Release = () => void;

/** Slots (or bytes) handed out first come, first served. */
export class Slots {
  private used = 0;
  private readonly line: Waiter[] = [];

  constructor(
    readonly capacity: number,
    /** How many may wait at once. */
    readonly maxWaiting: number,
  ) {}

  /** Units in use. */
  get inUse(): number {
    return this.used;
  }

  /** Callers waiting. */
  get waiting(): number {
    return this.line.length;
  }

  /** Takes `units` now if they are free and nobody waits ahead; more than the capacity counts as all of it. */
  tryTake(units = 1): Release | undefined {
    const wanted = Math.min(units, this.capacity);
    if (this.line.length || this.used + wanted > this.capacity) return undefined;
    this.used += wanted;
    return this.releaser(wanted);
  }

  /**
   * Takes `units`, waiting in line for at most `maxWaitMs` while `signal` holds. Rejects with the
   * abort error when the caller leaves; resolves a Refusal when the line is full or the wait too long.
   */
  take(units: number, opts: { signal?: AbortSignal; maxWaitMs: number }): Promise<Release | Refusal> {
    const now = this.tryTake(units);
    if (now) return Promise.resolve(now);
    if (this.line.length >= this.maxWaiting || opts.maxWaitMs <= 0) return Promise.resolve('full');
    const wanted = Math.min(units, this.capacity);
    return new Promise((resolve, reject) => {
      const leave = () => {
        const at = this.line.indexOf(waiter);
        if (at >= 0) this.line.splice(at, 1);
        clearTimeout(timer);
        opts.signal?.removeEventListener('abort', onAbort);
        // Someone behind may fit now that this one has left the line.
        this.grantWaiting();
      };
      const onAbort = () => {
        leave();
        reject(abandoned(opts.signal!));
      };
      const waiter: Waiter = {
        units: wanted,
        grant: () => {
          clearTimeout(timer);
          opts.signal?.removeEventListener('abort', onAbort);
          this.used += wanted;
          resolve(this.releaser(wanted));
        },
      };
      const timer = setTimeout(() => {
        leave();
        resolve('timeout');
      }, opts.maxWaitMs);
      if (opts.signal?.aborted) return onAbort();
      opts.signal?.addEventListener('abort', onAbort, { once: true });
      this.line.push(waiter);
    });
  }

  /** A release that gives `units` back once, and lets the line move. */
  private releaser(units: number): Release {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.used -= units;
      this.grantWaiting();
    };
  }

  /** Grants waiters in order while the first one fits. */
  private grantWaiting(): void {
    while (this.line.length && this.used + this.line[0].units <= this.capacity) this.line.shift()!.grant();
  }
}
