// Who may start work, and how much of it may be under way (docs/decisions/030-cost-model.md). Two
// kinds of work are admitted here; readers of published versions never are:
// - cold work: a request on a ref other than a published version that the page cache cannot answer
//   holds one of a few slots (and a share of the work budget) while it runs, waiting in a short line;
// - whole-site jobs on such refs (a search index, a link report, llms-full.txt, a history...): each
//   costs its client a token, runs alone or nearly (a global limit), renders at most so many pages
//   and stops at a time limit, or as soon as nobody waits for it.
// Past a limit the answer is a 429 or a 503 with Retry-After: never minutes of CPU.
import { CostCapError, CostMeter, runAs } from '../../work-context.js';
import { ClientRates } from './client-rates.js';
import type { HeapWatch } from './heap-watch.js';
import { HttpError } from '../http-error.js';
import type { Limits } from './limits.js';
import { JobTimeout, SharedJobs } from './shared-jobs.js';
import { Slots } from './slots.js';

/** What the HTTP layer gives each request: when its client left, who the client is, and how to tell it to come back. */
export interface RequestBudget {
  /** Aborted when the client hangs up before its answer. */
  signal: AbortSignal;
  /** The client's address (behind trusted proxies only, their X-Forwarded-For). */
  client: string;
  /** Set with a 429 or 503: the seconds after which asking again is worthwhile (the Retry-After header). */
  retryAfter?: number;
  /** Gives back the cold slot the request holds, if any: waiting for a whole-site job, it does no work of its own. */
  releaseCold?: () => void;
}

/** What cold work is counted as against the work budget: a doc set, its sidebars and a page, with room. */
export const COLD_BYTES = 8 * 2 ** 20;
/** What a whole-site job is counted as: a search index of a site the corpus's size (~25 MiB) and the pages read for it. */
export const JOB_BYTES = 32 * 2 ** 20;

/** Counters for /metrics. */
export interface AdmissionStats {
  coldRunning: number;
  coldWaiting: number;
  jobsRunning: number;
  workBytes: number;
  workMaxBytes: number;
  refused: Record<RefusalReason, number>;
}

/** Every reason a request may be refused for: /metrics lists each from start, at 0, so a dashboard tells none from missing. */
export const REFUSAL_REASONS = ['memory', 'cold-full', 'cold-timeout', 'work-full', 'work-timeout', 'jobs', 'rate', 'work', 'timeout', 'cost'] as const;

/** Why a request was refused. */
export type RefusalReason = (typeof REFUSAL_REASONS)[number];

/** The gate of cold work and whole-site jobs. */
export class Admission {
  private readonly cold: Slots;
  private readonly jobSlots: Slots;
  private readonly work: Slots;
  private readonly rates: ClientRates;
  private readonly jobs = new SharedJobs();
  private readonly refused = Object.fromEntries(REFUSAL_REASONS.map((reason) => [reason, 0])) as Record<RefusalReason, number>;

  constructor(
    private readonly limits: Limits,
    workBytes: number,
    private readonly heap: Pick<HeapWatch, 'tooFull'>,
  ) {
    this.cold = new Slots(limits.coldSlots, limits.coldQueue);
    this.jobSlots = new Slots(limits.wholeSiteJobs, 0);
    this.work = new Slots(workBytes, limits.coldQueue);
    this.rates = new ClientRates(limits.wholeSitePerMinute);
  }

  /** Runs a request's cold work holding a slot and its share of the work budget, waiting in line for them. */
  async runCold<T>(budget: RequestBudget, fn: () => Promise<T>): Promise<T> {
    if (this.heap.tooFull()) throw this.refuse(budget, 'memory', 503, 10);
    const until = Date.now() + this.limits.queueWaitMs;
    const slot = await this.cold.take(1, { signal: budget.signal, maxWaitMs: this.limits.queueWaitMs });
    if (typeof slot === 'string') throw this.refuse(budget, `cold-${slot}`, 503, 5);
    try {
      const bytes = await this.work.take(COLD_BYTES, { signal: budget.signal, maxWaitMs: until - Date.now() });
      if (typeof bytes === 'string') throw this.refuse(budget, `work-${bytes}`, 503, 5);
      budget.releaseCold = () => {
        bytes();
        slot();
      };
      try {
        return await fn();
      } finally {
        budget.releaseCold = undefined;
        bytes();
      }
    } finally {
      slot();
    }
  }

  /**
   * The answer of the whole-site job `key`: joined when under way (at no cost), else started as a
   * job of the `demand` lane if the client has a token, a job slot and the work budget are free and
   * the heap has room. Its client waits for it; the job stops when every client waiting has left.
   */
  wholeSite<T>(key: string, budget: RequestBudget, run: () => Promise<T>): Promise<T> {
    if (this.jobs.has(key)) {
      budget.releaseCold?.();
      return this.answer(budget, this.jobs.wait<T>(key, budget.signal));
    }
    if (this.heap.tooFull()) throw this.refuse(budget, 'memory', 503, 10);
    if (this.jobSlots.inUse >= this.jobSlots.capacity) throw this.refuse(budget, 'jobs', 503, 10);
    const wait = this.rates.take(budget.client);
    if (wait > 0) throw this.refuse(budget, 'rate', 429, wait);
    const slot = this.jobSlots.tryTake(1)!;
    const bytes = this.work.tryTake(JOB_BYTES);
    if (!bytes) {
      slot();
      throw this.refuse(budget, 'work', 503, 10);
    }
    budget.releaseCold?.();
    const meter = new CostMeter(this.limits.wholeSiteMaxPages);
    const job = this.jobs.start(key, (signal) => runAs({ lane: 'demand', signal, meter }, run), {
      timeoutMs: this.limits.wholeSiteTimeoutMs,
      signal: budget.signal,
      done: () => {
        bytes();
        slot();
      },
    });
    return this.answer(budget, job);
  }

  /**
   * The refusal a whole-site request would get now, before it does any work of its own (opening
   * its commit): the heap is nearly full, or every job slot is taken. Undefined when it may go on.
   * A client's tokens are looked at only when a job would start: an answer already made costs none.
   */
  precheck(budget: RequestBudget): HttpError | undefined {
    if (this.heap.tooFull()) return this.refuse(budget, 'memory', 503, 10);
    if (this.jobSlots.inUse >= this.jobSlots.capacity) return this.refuse(budget, 'jobs', 503, 10);
    return undefined;
  }

  /** Counters for /metrics. */
  stats(): AdmissionStats {
    return {
      coldRunning: this.cold.inUse,
      coldWaiting: this.cold.waiting + this.work.waiting,
      jobsRunning: this.jobs.size,
      workBytes: this.work.inUse,
      workMaxBytes: this.work.capacity,
      refused: { ...this.refused },
    };
  }

  /** A job's answer, or the 503 saying why it stopped. */
  private async answer<T>(budget: RequestBudget, job: Promise<T>): Promise<T> {
    try {
      return await job;
    } catch (error) {
      if (error instanceof JobTimeout) throw this.refuse(budget, 'timeout', 503, 30, `It was stopped after ${Math.round(error.ms / 1000)} s.`);
      if (error instanceof CostCapError) throw this.refuse(budget, 'cost', 503, 60, `It was stopped after ${error.pages} pages, the most one answer may cost.`);
      throw error;
    }
  }

  /** Counts a refusal and makes its answer: a 429 (this client asks too often) or a 503 (the server is busy). */
  private refuse(budget: RequestBudget, reason: RefusalReason, status: 429 | 503, retryAfter: number, detail?: string): HttpError {
    this.refused[reason]++;
    budget.retryAfter = retryAfter;
    return status === 429
      ? new HttpError(429, 'Too many requests', `This answer reads the whole site; ask for another one in ${retryAfter} s.`)
      : new HttpError(503, 'Busy', `${detail ?? 'The server is busy with other work.'} Ask again in ${retryAfter} s; work done so far is kept.`);
  }
}
