// Markdown for agents and tools: every page at `{url}.md` and, on its own URL, to a client that
// asks for `text/markdown`; each ref's llms.txt index and llms-full.txt, all with absolute links
// on the reader's ref, served by the real built server from a real repository.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type AppServer } from './support/app-server.js';
import { metrics } from './support/attack.js';
import { TestRepo, removeTempDirs, tempDir } from './support/repos.js';

const page = (title: string, body: string, extra = '') => `---\ntitle: ${title}\n${extra}---\n\n${body}\n`;
const ORIGIN = 'https://docs.example.org';

afterAll(removeTempDirs);

describe('Markdown for agents', () => {
  let app: AppServer;

  beforeAll(async () => {
    const repo = await TestRepo.create(path.join(tempDir('docsite-markdown-'), 'docs'));
    await repo.commit({
      'docsite.yaml': `title: Test Docs\nurl: ${ORIGIN}\n`,
      'general/intro.md': page('Introduction', ':::note\nRead this first.\n:::\n\nSee [the guide](./guide.md#setup).', 'description: Where to start\nsidebar_position: 1\n'),
      'general/guide.md': page(
        'Guide',
        'import Tabs from \'@theme/Tabs\';\nimport TabItem from \'@theme/TabItem\';\n\n## Setup\n\n<Tabs>\n<TabItem value="a" label="Linux">\n\nUse apt.\n\n</TabItem>\n<TabItem value="b" label="Windows">\n\nUse the installer.\n\n</TabItem>\n</Tabs>',
        'sidebar_position: 2\n',
      ),
      'general/hidden.md': page('Hidden', 'Not listed.', 'unlisted: true\n'),
    });
    await repo.branch('feature');
    await repo.commit({ 'general/intro.md': page('Introduction', 'Rewritten on a branch. See [the guide](./guide.md).', 'description: Where to start\n') });
    await repo.checkout('main');
    app = await startApp({ CONTENT_REPO: repo.dir, SYNC_INTERVAL: '0' });
  });

  afterAll(async () => {
    await app?.stop();
  });

  const get = (p: string, headers: Record<string, string> = {}) => fetch(app.url + p, { headers, redirect: 'manual' });

  it('serves a page as Markdown at {url}.md: components as Markdown, links absolute', async () => {
    const res = await get('/general/intro.md');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(await res.text()).toBe(`# Introduction\n\n> **Note**\n>\n> Read this first.\n\nSee [the guide](${ORIGIN}/general/guide#setup).\n`);
    expect(await (await get('/general/guide.md')).text()).toBe('# Guide\n\n## Setup\n\n### Linux\n\nUse apt.\n\n### Windows\n\nUse the installer.\n');
  });

  it('answers Markdown on the page URL to a client that prefers it, and says so in Vary', async () => {
    const markdown = await get('/general/intro', { Accept: 'text/markdown, text/html;q=0.5' });
    expect(markdown.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(markdown.headers.get('vary')).toMatch(/\bAccept\b/);
    expect(await markdown.text()).toMatch(/^# Introduction\n/);
    const html = await get('/general/intro', { Accept: 'text/html,application/xhtml+xml,*/*;q=0.8' });
    expect(html.headers.get('content-type')).toMatch(/^text\/html/);
    expect(html.headers.get('vary')).toMatch(/\bAccept\b/);
    // One URL, two bodies: a cache that revalidates one must not get the other's 304.
    expect(html.headers.get('etag')).not.toBe(markdown.headers.get('etag'));
    expect((await get('/general/intro.md', { 'If-None-Match': markdown.headers.get('etag')! })).status).toBe(200);
    const md = await get('/general/intro.md');
    await md.text();
    expect((await get('/general/intro.md', { 'If-None-Match': md.headers.get('etag')! })).status).toBe(304);
  });

  it("answers /llms.txt, where agents look first, with a link to each part's llms.txt and the MCP endpoint", async () => {
    const res = await get('/llms.txt');
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const text = await res.text();
    expect(text).toMatch(/^# Test Docs\n\n> /);
    expect(text).toContain(`(${ORIGIN}/general/llms.txt)`);
    expect(text).toContain(`${ORIGIN}/mcp`);
    const part = /\]\((https:[^)]+llms\.txt)\)/.exec(text)?.[1];
    expect((await get(part!.replace(ORIGIN, ''))).status).toBe(200);
  });

  it('lists the listed pages in llms.txt, each linked to Markdown that answers', async () => {
    const res = await get('/general/llms.txt');
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const text = await res.text();
    expect(text).toMatch(/^# Test Docs\n\n> /);
    expect(text).toContain(`- [Introduction](${ORIGIN}/general/intro.md): Where to start\n- [Guide](${ORIGIN}/general/guide.md)\n`);
    expect(text).not.toContain('Hidden');
    const links = [...text.matchAll(/\]\((https:[^)]+)\)/g)].map((match) => match[1]);
    expect(links).toHaveLength(2);
    for (const link of links) {
      const answer = await get(link.replace(ORIGIN, ''));
      expect(answer.status, link).toBe(200);
      expect(answer.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    }
  });

  it('holds every listed page in llms-full.txt', async () => {
    const text = await (await get('/general/llms-full.txt')).text();
    expect(text).toContain(`# Introduction\n\n> **Note**`);
    expect(text).toContain(`Source: ${ORIGIN}/general/intro\n`);
    expect(text).toContain('# Guide\n\n## Setup');
    expect(text).not.toContain('Hidden');
  });

  it('counts the steps of a whole-site job in its own lane in /metrics (docsite_loop_steps_total)', async () => {
    const was = await metrics(app.url);
    const answer = await get('/general/~feature/llms-full.txt');
    expect(answer.status).toBe(200);
    await answer.text();
    const now = await metrics(app.url);
    const steps = (lane: string) => now('docsite_loop_steps_total', { lane }) - was('docsite_loop_steps_total', { lane });
    // A job its client asked for on a branch: its walk over pages and blobs is the demand lane's.
    expect(steps('demand')).toBeGreaterThanOrEqual(2);
    // Every lane is there from the start, at 0 or more (a dashboard tells zero from missing).
    for (const lane of ['reader', 'preview', 'site', 'demand']) expect(was('docsite_loop_steps_total', { lane })).toBeGreaterThanOrEqual(0);
  });

  it('serves a branch preview as Markdown with links that stay on the branch', async () => {
    expect(await (await get('/general/~feature/intro.md')).text()).toBe(`# Introduction\n\nRewritten on a branch. See [the guide](${ORIGIN}/general/~feature/guide).\n`);
    expect(await (await get('/general/~feature/llms.txt')).text()).toContain(`(${ORIGIN}/general/~feature/intro.md)`);
  });

  it('answers a missing page or ref with a problem document, never a page of HTML', async () => {
    for (const url of ['/general/missing.md', '/general/~nope/intro.md', '/general/~nope/llms.txt']) {
      const res = await get(url);
      expect(res.status, url).toBe(404);
      expect(res.headers.get('content-type')).toBe('application/problem+json');
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
  });
});
