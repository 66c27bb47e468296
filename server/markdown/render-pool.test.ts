// Which render thread a page goes to: its own thread each time (where its last parse and the link
// tables are remembered), unless that thread is busy and another is idle.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { RenderJob } from './render-job.js';
import { RenderBudgetError, RenderPool } from './render-pool.js';
import { runAs } from '../work-context.js';

const pool = new RenderPool({ threads: 2, timeoutMs: 10_000, workerFile: path.resolve('server/markdown/render-pool-fixture-worker.ts'), components: {} as never });
afterAll(() => pool.close());

/** The thread that rendered `file` for a reader (the fixture worker answers its thread id), after `waitMs` there. */
async function threadOf(file: string, waitMs = 0): Promise<string> {
  const job = { file, source: String(waitMs) } as RenderJob;
  return (await runAs({ lane: 'reader' }, () => pool.render(job, { key: 'table' } as never))).html;
}

describe('RenderPool thread affinity', () => {
  it('renders a page on the same thread every time while the threads are idle', async () => {
    const threads = new Set<string>();
    for (let i = 0; i < 6; i++) threads.add(await threadOf('general/development/policies/codingstyle/index.md'));
    expect(threads.size).toBe(1);
  });

  it('spreads pages over both threads', async () => {
    const threads = new Set<string>();
    for (let i = 0; i < 20; i++) threads.add(await threadOf(`general/page-${i}.md`));
    expect(threads.size).toBe(2);
  });

  it('sends a page to the idle thread when its own is busy, rather than queueing it', async () => {
    const file = 'general/releases/4.0.md';
    const own = await threadOf(file);
    const [busy, other] = await Promise.all([threadOf(file, 500), threadOf(file)]);
    expect(busy).toBe(own);
    expect(other).not.toBe(own);
  });
});

describe('RenderPool warm-up', () => {
  /** The threads that ran a warm-up of `action` (`log` or `fail`), in order, and how the warm-up ended. */
  async function warmUp(action: 'log' | 'fail'): Promise<{ threads: string[]; error?: unknown }> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'render-pool-'));
    try {
      const log = path.join(dir, 'threads');
      const error = await pool.warmUp({ file: 'general/intro.md', source: `${action}:${log}` } as RenderJob, { key: 'table' } as never).catch((caught: unknown) => caught);
      return { threads: fs.readFileSync(log, 'utf8').trim().split('\n'), error };
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }

  it('runs the page once on every thread, whatever thread the page would go to', async () => {
    const { threads, error } = await warmUp('log');
    expect(error).toBeUndefined();
    expect(threads).toHaveLength(2);
    expect(new Set(threads).size).toBe(2);
  });

  it('stops at a page that fails, so that a bad page holds one thread at most', async () => {
    const { threads, error } = await warmUp('fail');
    expect(error).toBeInstanceOf(RenderBudgetError);
    expect(threads).toHaveLength(1);
  });
});

describe('RenderPool idle threads', () => {
  /** The thread id a one-thread pool answers for a page that takes `waitMs`. */
  const render = (idle: RenderPool, waitMs = 0) =>
    runAs({ lane: 'reader' }, () => idle.render({ file: 'general/intro.md', source: String(waitMs) } as RenderJob, { key: 'table' } as never)).then((page) => page.html);

  it('ends a thread that has nothing to do, and starts a fresh one for the next page', async () => {
    const idle = new RenderPool({ threads: 1, timeoutMs: 10_000, workerFile: path.resolve('server/markdown/render-pool-fixture-worker.ts'), components: {} as never, idleMs: 100 });
    try {
      const first = await render(idle);
      expect(idle.live).toBe(1);
      for (let waited = 0; idle.live > 0 && waited < 10_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(idle.live).toBe(0);
      const second = await render(idle);
      expect(second).not.toBe(first);
      expect(idle.live).toBe(1);
    } finally {
      await idle.close();
    }
  });

  it('never ends a thread while it renders, however long that takes', async () => {
    const idle = new RenderPool({ threads: 1, timeoutMs: 10_000, workerFile: path.resolve('server/markdown/render-pool-fixture-worker.ts'), components: {} as never, idleMs: 50 });
    try {
      const first = await render(idle);
      // Longer than the idle time: the page still comes back from the same thread.
      expect(await render(idle, 300)).toBe(first);
    } finally {
      await idle.close();
    }
  });
});
