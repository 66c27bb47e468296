// Sharing the main thread (decision 030): walks of settled promises let the event loop turn, and a
// published version's reader never waits for them.
import { describe, expect, it } from 'vitest';
import { shareTheLoop } from './main-thread.js';
import { runAs } from './work-context.js';

/** Busy-waits `ms` milliseconds: one step of a walk that never awaits real I/O. */
function work(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

describe('shareTheLoop', () => {
  it('lets a timer fire between the steps of a long background walk', async () => {
    let fired = false;
    let stepsBefore = -1;
    setTimeout(() => (fired = true), 0);
    await runAs({ lane: 'site' }, async () => {
      for (let step = 0; step < 50; step++) {
        work(1);
        await shareTheLoop();
        if (fired && stepsBefore < 0) stepsBefore = step;
      }
    });
    expect(fired).toBe(true);
    expect(stepsBefore).toBeLessThan(49);
  });

  it('never makes a reader of a published version wait', () => {
    runAs({ lane: 'reader' }, () => {
      work(10);
      expect(shareTheLoop()).toBeUndefined();
    });
  });
});
