// When /readyz says busy (decision 030): readers queueing for the render threads, or a nearly full
// heap; never a queue of other clients' whole-site work.
import { afterEach, describe, expect, it } from 'vitest';
import type { LaneCounts } from '../../markdown/render-queue.js';
import { Busy } from './busy.js';

const counts = (reader: number, demand: number): LaneCounts => ({
  reader: { queued: reader, running: 2 },
  preview: { queued: 0, running: 0 },
  site: { queued: 0, running: 0 },
  demand: { queued: demand, running: 1 },
});

describe('Busy', () => {
  let busy: Busy | undefined;
  afterEach(() => busy?.close());

  it('is busy while readers queue for the render threads or the heap is nearly full, and recovers', () => {
    let lanes = counts(0, 500);
    let heapFull = false;
    busy = new Busy({ renderCounts: () => lanes, renderThreads: 2, heapBusy: () => heapFull });
    expect(busy.reason()).toBeUndefined();
    lanes = counts(40, 0);
    expect(busy.reason()).toMatch(/readers wait/);
    lanes = counts(0, 0);
    heapFull = true;
    expect(busy.reason()).toMatch(/heap/);
    heapFull = false;
    expect(busy.reason()).toBeUndefined();
  });
});
