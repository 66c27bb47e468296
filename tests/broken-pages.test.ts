// One bad page never takes the site down: a page with broken front matter or MDX is served with
// an error block naming its file and line, and every other page, the sidebar and the API still work.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type AppServer } from './support/app-server.js';
import { TestRepo, removeTempDirs, tempDir } from './support/repos.js';

// After every suite's own afterAll (servers stopped): the temp repositories they read go.
afterAll(removeTempDirs);

describe('a repository with broken pages', () => {
  let app: AppServer;

  beforeAll(async () => {
    const repo = await TestRepo.create(path.join(tempDir('docsite-broken-'), 'docs'));
    await repo.commit({
      'general/good.md': '---\ntitle: Good page\nsidebar_position: 1\n---\n\nAll is well here.\n',
      'general/bad-yaml.md': '---\ntitle: Broken\ntags: [unclosed\n---\n\nThe body is fine.\n',
      'general/bad-mdx.mdx': '---\ntitle: Broken MDX\n---\n\nFirst paragraph.\n\n<div>\n\nnever closed {\n',
    });
    app = await startApp({ CONTENT_REPO: repo.dir });
  });
  afterAll(async () => {
    await app?.stop();
  });

  const get = async (p: string) => {
    const res = await fetch(app.url + p);
    return { status: res.status, html: await res.text() };
  };

  it('shows a front matter error with the file and line, and still the page body', async () => {
    const { status, html } = await get('/general/bad-yaml');
    expect(status).toBe(200);
    expect(html).toMatch(/class="render-error"[\s\S]*general\/bad-yaml\.md, line 3/);
    expect(html).toContain('The body is fine.');
  });

  it('shows invalid MDX as plain Markdown, with a notice naming the file and line', async () => {
    const { status, html } = await get('/general/bad-mdx');
    expect(status).toBe(200);
    expect(html).toMatch(/class="render-notice"[^>]*>general\/bad-mdx\.mdx, line 9: this page is not valid MDX/);
    expect(html).toContain('<p>First paragraph.</p>');
  });

  it('keeps serving the other pages, the sidebar and the API', async () => {
    const good = await get('/general/good');
    expect(good.status).toBe(200);
    expect(good.html).toContain('All is well here.');
    expect(good.html).not.toContain('render-error');
    expect(good.html).toMatch(/aria-label="Docs sidebar"[\s\S]*href="\/general\/bad-yaml"/);
    const res = await fetch(`${app.url}/api/versions/current/pages`);
    expect(res.status).toBe(200);
    expect((await res.json()).pages).toHaveLength(3);
  });
});
