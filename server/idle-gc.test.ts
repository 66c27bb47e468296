// When the idle collector runs: only on a quiet server, once per growth of the heap.
import { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { collectWhenIdle } from './idle-gc.js';

const MiB = 2 ** 20;

describe('collectWhenIdle', () => {
  let heap: number;
  let busy: boolean;
  let server: EventEmitter;
  let stop: () => void;
  const gc = vi.fn(() => {
    heap = 40 * MiB;
  });
  /** A request that comes in now and ends when its `close` is emitted. */
  const request = () => {
    const res = new EventEmitter();
    server.emit('request', {}, res);
    return () => res.emit('close');
  };

  beforeEach(() => {
    vi.useFakeTimers();
    heap = 100 * MiB;
    busy = false;
    gc.mockClear();
    server = new EventEmitter();
    stop = collectWhenIdle(server, { idleMs: 5000, growthBytes: 16 * MiB, checkMs: 1000, busy: () => busy, gc, heapBytes: () => heap });
  });
  afterEach(() => {
    stop();
    vi.useRealTimers();
  });

  it('collects twice once the server has been quiet, and not again until the heap has grown', () => {
    request()();
    vi.advanceTimersByTime(4000);
    expect(gc).not.toHaveBeenCalled();
    vi.advanceTimersByTime(2000);
    expect(gc).toHaveBeenCalledTimes(2);
    // Quiet for a minute: the heap has not grown, nothing more.
    vi.advanceTimersByTime(60_000);
    expect(gc).toHaveBeenCalledTimes(2);
    // Grown by less than the margin, then by more.
    heap = 50 * MiB;
    vi.advanceTimersByTime(10_000);
    expect(gc).toHaveBeenCalledTimes(2);
    heap = 60 * MiB;
    vi.advanceTimersByTime(2000);
    expect(gc).toHaveBeenCalledTimes(4);
  });

  it('waits while a request is in flight, and counts the quiet from its end', () => {
    const end = request();
    vi.advanceTimersByTime(60_000);
    expect(gc).not.toHaveBeenCalled();
    end();
    vi.advanceTimersByTime(4000);
    expect(gc).not.toHaveBeenCalled();
    vi.advanceTimersByTime(2000);
    expect(gc).toHaveBeenCalledTimes(2);
  });

  it('waits while other work goes on', () => {
    busy = true;
    vi.advanceTimersByTime(60_000);
    expect(gc).not.toHaveBeenCalled();
    busy = false;
    vi.advanceTimersByTime(1000);
    expect(gc).toHaveBeenCalledTimes(2);
  });

  it('stops watching when told to', () => {
    stop();
    vi.advanceTimersByTime(60_000);
    expect(gc).not.toHaveBeenCalled();
    expect(server.listenerCount('request')).toBe(0);
  });
});
