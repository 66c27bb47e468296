import { describe, expect, it } from 'vitest';
import { renderTest } from './test-support.js';

const BLOCK = '```bash npm2yarn\nnpm install --save-dev @docusaurus/core\n```\n';
const CONFIG = 'title: T\nnpm2yarn: { sync: true }\n';

describe("Docusaurus's npm2yarn code blocks", () => {
  it('show the npm command and its yarn and pnpm forms as synced tabs, in .md and .mdx pages', async () => {
    for (const file of ['general/page.md', 'general/page.mdx']) {
      const { html } = await renderTest(`# Install\n\n${BLOCK}`, { config: CONFIG, file });
      expect(html).toMatch(/<div class="tabs"[^>]*data-group-id="npm2yarn"/);
      expect(html.match(/class="tabs__label"[^>]*>([^<]*)</g)?.map((label) => label.replace(/.*>/, '').slice(0, -1))).toEqual(['npm', 'Yarn', 'pnpm']);
      expect(html).toContain('npm install --save-dev @docusaurus/core');
      expect(html).toContain('yarn add --dev @docusaurus/core');
      expect(html).toContain('pnpm add --save-dev @docusaurus/core');
    }
  });

  it('follows the converters the config gives, and leaves blocks alone without the plugin or the exact meta', async () => {
    const bun = await renderTest(BLOCK, { config: "title: T\nnpm2yarn: { converters: ['bun'] }\n" });
    expect(bun.html).toContain('bun add --dev @docusaurus/core');
    expect(bun.html).not.toContain('data-group-id');
    const without = await renderTest(BLOCK, { config: 'title: T\n' });
    expect(without.html).not.toContain('class="tabs');
    const otherMeta = await renderTest('```bash npm2yarn title="x"\nnpm i\n```\n', { config: CONFIG });
    expect(otherMeta.html).not.toContain('class="tabs');
  });
});
