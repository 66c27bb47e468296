// Work other than rendering (a rendered diff) runs on the render threads under the same budget.
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { RenderPool } from '../markdown/render-pool.js';
import { SITE_COMPONENTS } from '../presets/index.js';

const pool = new RenderPool({ threads: 1, timeoutMs: 10_000, workerFile: path.resolve('server/site/render-worker.ts'), components: SITE_COMPONENTS });
afterAll(() => pool.close());

describe('RenderPool.call', () => {
  it('runs a named export of the worker on a thread', async () => {
    const result = await pool.call('diff', { oldHtml: '<p>a b</p>', newHtml: '<p>a c</p>' }, () => {
      throw new Error('not on this thread');
    });
    expect(result).toEqual({ html: '<p>a <del>b</del><ins>c</ins></p>', added: 0, removed: 0, changed: 1 });
  });

  it('runs it in place with no threads', async () => {
    const inline = new RenderPool({ threads: 0, timeoutMs: 10_000, workerFile: '', components: SITE_COMPONENTS });
    expect(await inline.call('diff', { x: 1 }, ({ x }) => x + 1)).toBe(2);
  });
});
