// The render threads' queue (decision 030): readers first, background work never on the last free
// thread, and queued work dropped when nobody waits for it.
import { describe, expect, it } from 'vitest';
import type { Lane } from '../work-context.js';
import { RenderQueue } from './render-queue.js';

/** A task that runs until `finish()` is called, recording where and in which order it started. */
function controlled(queue: RenderQueue, lane: Lane, started: string[], name: string, extra: { signal?: AbortSignal; thread?: number; allThreads?: boolean } = {}) {
  let finish!: () => void;
  const done = queue.submit({
    lane,
    ...extra,
    run: (thread) =>
      new Promise<string>((resolve) => {
        started.push(`${name}@${thread}`);
        finish = () => resolve(name);
      }),
  });
  return { done, finish: () => finish() };
}

describe('RenderQueue', () => {
  it('gives a free thread to the most urgent lane first, first come first served within a lane', async () => {
    const queue = new RenderQueue(1);
    const started: string[] = [];
    const first = controlled(queue, 'demand', started, 'busy');
    const demand = controlled(queue, 'demand', started, 'demand');
    const site = controlled(queue, 'site', started, 'site');
    const reader1 = controlled(queue, 'reader', started, 'reader1');
    const preview = controlled(queue, 'preview', started, 'preview');
    const reader2 = controlled(queue, 'reader', started, 'reader2');
    expect(queue.counts().reader).toEqual({ queued: 2, running: 0 });
    for (const task of [first, reader1, reader2, preview, site, demand]) {
      task.finish();
      await task.done;
    }
    expect(started).toEqual(['busy@0', 'reader1@0', 'reader2@0', 'preview@0', 'site@0', 'demand@0']);
    expect(queue.counts().demand).toEqual({ queued: 0, running: 0 });
  });

  it('keeps one thread of two free of background and on-demand work, for readers', async () => {
    const queue = new RenderQueue(2);
    const started: string[] = [];
    const demand = controlled(queue, 'demand', started, 'demand');
    const site = controlled(queue, 'site', started, 'site');
    const reader = controlled(queue, 'reader', started, 'reader');
    expect(started).toEqual(['demand@0', 'reader@1']);
    demand.finish();
    await demand.done;
    expect(started).toEqual(['demand@0', 'reader@1', 'site@0']);
    reader.finish();
    site.finish();
    await Promise.all([reader.done, site.done]);
  });

  it("lets the site's first index take both threads, and still starts a reader's page next", async () => {
    const queue = new RenderQueue(2);
    const started: string[] = [];
    const first = controlled(queue, 'site', started, 'index1', { allThreads: true });
    const second = controlled(queue, 'site', started, 'index2', { allThreads: true });
    const third = controlled(queue, 'site', started, 'index3', { allThreads: true });
    const reader = controlled(queue, 'reader', started, 'reader');
    expect(started).toEqual(['index1@0', 'index2@1']);
    first.finish();
    await first.done;
    // The reader's page goes before the index's next one.
    expect(started).toEqual(['index1@0', 'index2@1', 'reader@0']);
    for (const task of [second, reader, third]) {
      task.finish();
      await task.done;
    }
    expect(started.at(-1)).toBe('index3@1');
  });

  it('drops a queued task whose work was abandoned, and lets a running one finish', async () => {
    const queue = new RenderQueue(1);
    const started: string[] = [];
    const controller = new AbortController();
    const running = controlled(queue, 'demand', started, 'running', { signal: controller.signal });
    const queued = controlled(queue, 'demand', started, 'queued', { signal: controller.signal });
    controller.abort();
    await expect(queued.done).rejects.toMatchObject({ name: 'AbortError' });
    expect(queue.counts().demand).toEqual({ queued: 0, running: 1 });
    running.finish();
    await expect(running.done).resolves.toBe('running');
    expect(started).toEqual(['running@0']);
    await expect(queue.submit({ lane: 'demand', signal: controller.signal, run: async () => 'late' })).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('runs a task pinned to a thread only there', async () => {
    const queue = new RenderQueue(2);
    const started: string[] = [];
    const busy = controlled(queue, 'reader', started, 'busy', { thread: 1 });
    const pinned = controlled(queue, 'reader', started, 'pinned', { thread: 1 });
    const other = controlled(queue, 'reader', started, 'other');
    expect(started).toEqual(['busy@1', 'other@0']);
    busy.finish();
    await busy.done;
    expect(started).toEqual(['busy@1', 'other@0', 'pinned@1']);
    pinned.finish();
    other.finish();
    await Promise.all([pinned.done, other.done]);
  });
});
