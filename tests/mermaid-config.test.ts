// Mermaid as @docusaurus/theme-mermaid has it (issue 58): a ```mermaid block is a diagram only where
// the config sets `markdown.mermaid` (else Docusaurus shows it as code), drawn in the themes of
// `themeConfig.mermaid.theme`.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type AppServer } from './support/app-server.js';
import { removeTempDirs, TestRepo, tempDir } from './support/repos.js';

const config = (extra: string) => `module.exports = {
  title: 'Diagrams', url: 'https://diagrams.example', baseUrl: '/',
  ${extra}
  presets: [['classic', { docs: { routeBasePath: 'docs' }, blog: false }]],
};
`;
const DIAGRAM = '# Flow\n\n```mermaid\ngraph TD;\n  A-->B;\n```\n';

describe('mermaid diagrams as theme-mermaid configures them', () => {
  let app: AppServer;

  beforeAll(async () => {
    const dir = path.join(tempDir('docsite-mermaid-'), 'site');
    const repo = await TestRepo.create(dir);
    await repo.commit({
      'docusaurus.config.js': config(
        "markdown: { mermaid: true }, themes: ['@docusaurus/theme-mermaid'], themeConfig: { mermaid: { theme: { light: 'neutral', dark: 'forest' } } },",
      ),
      'docs/flow.md': DIAGRAM,
    });
    await repo.branch('no-mermaid');
    await repo.commit({ 'docusaurus.config.js': config('') });
    await repo.checkout('main');
    app = await startApp({ CONTENT_REPO: dir, SYNC_INTERVAL: '0', PREVIEW_BRANCHES: '*' });
  });
  afterAll(async () => {
    await app?.stop();
    removeTempDirs();
  });

  const page = async (pathname: string) => (await (await fetch(`${app.url}${pathname}`)).text()).replaceAll('<!-- -->', '');

  it("draws a diagram in the site's themes where markdown.mermaid is on", async () => {
    const html = await page('/docs/flow');
    expect(html).toMatch(/<pre class="mermaid" data-light="neutral" data-dark="forest"[^>]*>graph TD;\n {2}A-->B;<\/pre>/);
  });

  it('shows the block as code where the config does not turn mermaid on, as Docusaurus does', async () => {
    const html = await page('/docs/~no-mermaid/flow');
    expect(html).not.toContain('class="mermaid"');
    expect(html).toContain('graph TD;');
    expect(html).toMatch(/<code[^>]*>[\s\S]*graph TD;/);
  });
});
