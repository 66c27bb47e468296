// The render pool: pages render in worker threads, and one over the time budget is stopped
// without stopping the others.
import { afterAll, describe, expect, it } from 'vitest';
import { parseSiteConfig } from '../config/site-config.js';
import { RenderBudgetError, RenderPool } from '../markdown/render-pool.js';
import { SITE_COMPONENTS } from '../presets/index.js';
import type { LinkTable, RenderJob } from '../markdown/render-job.js';

const table: LinkTable = {
  key: 'k1',
  context: 'k1',
  config: parseSiteConfig(undefined),
  location: { path: 'general', base: 'general' },
  files: [['general/img/a.png', 'a'.repeat(40)]],
  docs: [
    { id: 'page', sourcePath: 'general/page.md', permalink: '/general/page', title: 'Page' },
    { id: 'other', sourcePath: 'general/other.md', permalink: '/general/other', title: 'Other' },
  ],
  data: {},
};

const job = (source: string, extra: Partial<RenderJob> = {}): RenderJob => ({
  source,
  file: 'general/page.md',
  docId: 'page',
  permalink: '/general/page',
  frontMatter: {},
  prefix: '/general',
  now: new Date('2026-11-22T12:00:00Z'),
  rawFiles: {},
  ...extra,
});

// Within every nesting limit, and slow: seconds of micromark work.
const slow = `${'- '.repeat(15)}x\n\n`.repeat(20_000);

describe('the render pool', () => {
  const pool = new RenderPool({ threads: 1, timeoutMs: 1000, workerFile: new URL('./render-worker.ts', import.meta.url).pathname, components: SITE_COMPONENTS });
  afterAll(() => pool.close());

  it('renders in a worker against the link table, with prefetched files and cards', async () => {
    const source =
      "import Code from '!!raw-loader!./code.php';\nimport DocCardList from '@theme/DocCardList';\n\nSee [other](./other.md) and ![a](./img/a.png).\n\n<DocCardList />\n";
    const page = await pool.render(job(source, { docCards: [{ title: 'A card', href: '/general/card' }], rawFiles: { 'general/code.php': '<?php' } }), table);
    expect(page.error).toBeUndefined();
    expect(page.html).toContain('href="/general/other"');
    expect(page.html).toContain(`src="/_assets/${'a'.repeat(40)}/a.png"`);
    expect(page.html).toContain('A card');
  });

  it('stops a render over the time budget, and keeps rendering other pages', async () => {
    await expect(pool.render(job(slow), table)).rejects.toSatisfy((error) => error instanceof RenderBudgetError && error.reason === 'timeout');
    const page = await pool.render(job('Still **here**.'), table);
    expect(page.html).toContain('<strong>here</strong>');
  }, 60_000);
});
