// The admission of work on refs a client chose (decision 030): slots with a bounded line, a token
// bucket per client, shared jobs that stop when nobody waits, and the 429s and 503s that say when to
// come back.
import { describe, expect, it } from 'vitest';
import { CostCapError, currentWork } from '../../work-context.js';
import { Admission, REFUSAL_REASONS, type RequestBudget } from './admission.js';
import { ClientRates } from './client-rates.js';
import { DEFAULT_LIMITS } from './limits.js';
import { SharedJobs } from './shared-jobs.js';
import { Slots } from './slots.js';

/** A promise and the functions that settle it. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const budget = (client = '10.0.0.1'): RequestBudget & { controller: AbortController } => {
  const controller = new AbortController();
  return { controller, signal: controller.signal, client };
};

describe('Slots', () => {
  it('hands out slots first come first served, lines up to its bound, and refuses past it or past the wait', async () => {
    const slots = new Slots(1, 1);
    const first = slots.tryTake()!;
    expect(slots.tryTake()).toBeUndefined();
    const waiting = slots.take(1, { maxWaitMs: 60_000 });
    expect(await slots.take(1, { maxWaitMs: 60_000 })).toBe('full');
    first();
    first(); // twice gives back once
    const second = await waiting;
    expect(typeof second).toBe('function');
    expect(slots.inUse).toBe(1);
    expect(await slots.take(1, { maxWaitMs: 1 })).toBe('timeout');
    (second as () => void)();
    expect(slots.inUse).toBe(0);
  });

  it('leaves the line when its caller leaves', async () => {
    const slots = new Slots(1, 4);
    const held = slots.tryTake()!;
    const controller = new AbortController();
    const waiting = slots.take(1, { signal: controller.signal, maxWaitMs: 60_000 });
    expect(slots.waiting).toBe(1);
    controller.abort();
    await expect(waiting).rejects.toMatchObject({ name: 'AbortError' });
    expect(slots.waiting).toBe(0);
    held();
  });
});

describe('ClientRates', () => {
  it('lets each client start a burst of jobs, then one every 60/n seconds', () => {
    let now = 0;
    const rates = new ClientRates(2, () => now);
    expect([rates.take('a'), rates.take('a')]).toEqual([0, 0]);
    expect(rates.take('a')).toBe(30);
    expect(rates.take('b')).toBe(0);
    now += 30_000;
    expect(rates.take('a')).toBe(0);
  });
});

describe('SharedJobs', () => {
  it('shares a job between its waiters, and stops it when the last one leaves', async () => {
    const jobs = new SharedJobs();
    let jobSignal!: AbortSignal;
    const work = deferred<string>();
    const [a, b] = [new AbortController(), new AbortController()];
    const first = jobs.start(
      'k',
      (signal) => {
        jobSignal = signal;
        return work.promise;
      },
      { timeoutMs: 60_000, signal: a.signal, done: () => {} },
    );
    const second = jobs.wait('k', b.signal);
    await Promise.resolve();
    a.abort();
    await expect(first).rejects.toMatchObject({ name: 'AbortError' });
    expect(jobSignal.aborted).toBe(false);
    b.abort();
    await expect(second).rejects.toMatchObject({ name: 'AbortError' });
    expect(jobSignal.aborted).toBe(true);
    work.reject(new DOMException('stopped', 'AbortError'));
    await expect.poll(() => jobs.has('k')).toBe(false);
  });
});

describe('Admission', () => {
  const roomy = { tooFull: () => false };

  it('runs a whole-site job in the demand lane under a cost cap, and joins a second request to it at no cost', async () => {
    const admission = new Admission({ ...DEFAULT_LIMITS, wholeSitePerMinute: 1 }, 2 ** 30, roomy);
    const work = deferred<string>();
    let lane = '';
    const first = admission.wholeSite('k', budget(), () => {
      lane = currentWork().lane;
      return work.promise;
    });
    const joined = admission.wholeSite('k', budget(), async () => 'never run');
    work.resolve('report');
    await expect(Promise.all([first, joined])).resolves.toEqual(['report', 'report']);
    expect(lane).toBe('demand');
  });

  it('answers 503 with Retry-After while the job slots are taken, 429 to a client out of tokens', async () => {
    const admission = new Admission({ ...DEFAULT_LIMITS, wholeSiteJobs: 1, wholeSitePerMinute: 1 }, 2 ** 30, roomy);
    const work = deferred<string>();
    const running = admission.wholeSite('one', budget('a'), () => work.promise);
    const busy = budget('b');
    expect(() => admission.wholeSite('two', busy, async () => 'x')).toThrow(expect.objectContaining({ status: 503 }));
    expect(busy.retryAfter).toBeGreaterThan(0);
    work.resolve('done');
    await running;
    const limited = budget('a');
    expect(() => admission.wholeSite('three', limited, async () => 'x')).toThrow(expect.objectContaining({ status: 429 }));
    expect(limited.retryAfter).toBe(60);
    // Every reason is counted from start, at 0 until it happens.
    expect(Object.entries(admission.stats().refused).filter(([, count]) => count)).toEqual([
      ['jobs', 1],
      ['rate', 1],
    ]);
    expect(Object.keys(admission.stats().refused)).toEqual([...REFUSAL_REASONS]);
  });

  it('refuses a whole-site request before any work of its own while every job slot is taken', async () => {
    const admission = new Admission({ ...DEFAULT_LIMITS, wholeSiteJobs: 1 }, 2 ** 30, roomy);
    const before = budget('b');
    expect(admission.precheck(before)).toBeUndefined();
    const work = deferred<string>();
    const running = admission.wholeSite('one', budget('a'), () => work.promise);
    expect(admission.precheck(before)).toMatchObject({ status: 503 });
    expect(before.retryAfter).toBe(10);
    work.resolve('done');
    await running;
    expect(admission.precheck(budget('c'))).toBeUndefined();
  });

  it('turns a job past its cost cap or its time limit into a 503', async () => {
    const admission = new Admission({ ...DEFAULT_LIMITS, wholeSiteTimeoutMs: 1000 }, 2 ** 30, roomy);
    await expect(
      admission.wholeSite('cap', budget('a'), async () => {
        throw new CostCapError(5);
      }),
    ).rejects.toMatchObject({ status: 503 });
    await expect(
      admission.wholeSite(
        'slow',
        budget('b'),
        () => new Promise((_, reject) => currentWork().signal!.addEventListener('abort', () => reject(new DOMException('stopped', 'AbortError')))),
      ),
    ).rejects.toMatchObject({
      status: 503,
    });
  });

  it('refuses new work when the heap is nearly full', async () => {
    const admission = new Admission(DEFAULT_LIMITS, 2 ** 30, { tooFull: () => true });
    await expect(admission.runCold(budget(), async () => 'x')).rejects.toMatchObject({ status: 503 });
    expect(() => admission.wholeSite('k', budget(), async () => 'x')).toThrow(expect.objectContaining({ status: 503 }));
  });

  it('holds a cold slot while a request works, lines others up, and refuses past the line', async () => {
    const admission = new Admission({ ...DEFAULT_LIMITS, coldSlots: 1, coldQueue: 1 }, 2 ** 30, roomy);
    const work = deferred<string>();
    const first = admission.runCold(budget(), () => work.promise);
    const second = admission.runCold(budget(), async () => 'second');
    await expect(admission.runCold(budget(), async () => 'third')).rejects.toMatchObject({ status: 503 });
    expect(admission.stats()).toMatchObject({ coldRunning: 1, coldWaiting: 1 });
    work.resolve('first');
    await expect(Promise.all([first, second])).resolves.toEqual(['first', 'second']);
  });
});
