// Hostile pages fail alone: each answers with a notice naming its file, the rest of the site keeps
// rendering, the event loop stays free (/healthz answers within 1 s while they are requested),
// and a page that failed is not rendered again under another URL prefix.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type AppServer } from '../support/app-server.js';
import { TestRepo } from '../support/repos.js';

const aliasBomb = [
  'a: &a ["x","x","x","x","x","x","x","x","x"]',
  ...Array.from({ length: 19 }, (_, i) => {
    const [prev, name] = [String.fromCharCode(97 + i), String.fromCharCode(98 + i)];
    return `${name}: &${name} [${Array(9).fill(`*${prev}`).join(',')}]`;
  }),
].join('\n');

const hostile: Record<string, string> = {
  'deep-list': `---\ntitle: Deep list\n---\n\n${'- '.repeat(10_000)}x\n`,
  'deep-emphasis': `---\ntitle: Deep emphasis\n---\n\n${'*a '.repeat(10_000)}b${' a*'.repeat(10_000)}\n`,
  'deep-quote': `---\ntitle: Deep quote\n---\n\n${'> '.repeat(10_000)}x\n`,
  'deep-jsx': `---\ntitle: Deep JSX\n---\n\n${'<div>\n'.repeat(5_000)}x\n${'</div>\n'.repeat(5_000)}`,
  'alias-bomb': `---\n${aliasBomb}\n---\n\nBody after a bomb.\n`,
  // Within every nesting limit, but slow enough to overrun the (lowered) time budget.
  slow: `---\ntitle: Slow\n---\n\n${`${'- '.repeat(15)}x\n\n`.repeat(15_000)}`,
};

describe('hostile content', () => {
  let app: AppServer;
  let root: string;
  let commit: string;
  let maxHealthzMs = 0;

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'docsite-hostile-'));
    const repo = await TestRepo.create(path.join(root, 'docs'));
    const files = Object.fromEntries(Object.entries(hostile).map(([name, source]) => [`general/${name}.md`, source]));
    commit = await repo.commit({ ...files, 'general/normal.md': '---\ntitle: Normal\nsidebar_position: 1\n---\n\nAll is **well** here.\n' });
    // A small time budget so the slow page overruns it on any machine; one thread, the tightest case.
    app = await startApp({ CONTENT_REPO: repo.dir, RENDER_TIMEOUT_MS: '2000', RENDER_THREADS: '1', DATA_DIR: path.join(root, 'data') });
    expect((await fetch(`${app.url}/general/normal`)).status).toBe(200);
  }, 180_000);

  afterAll(async () => {
    // A server whose event loop is blocked never drains on SIGTERM: do not leave it behind.
    const killer = setTimeout(() => app?.kill(), 15_000);
    await app?.stop();
    clearTimeout(killer);
    console.log(`largest /healthz latency while hostile pages were requested: ${Math.round(maxHealthzMs)} ms`);
    if (root) fs.rmSync(root, { recursive: true, force: true });
  });

  /** Requests `page`, timing /healthz until it answers; returns status and body. */
  const requestWhileProbing = async (page: string) => {
    let done = false;
    const pending = fetch(app.url + page).then(async (res) => ({ status: res.status, html: await res.text() }));
    pending.finally(() => (done = true)).catch(() => {});
    let probes = 0;
    let worst = 0;
    while (!done || probes === 0) {
      const start = performance.now();
      const res = await fetch(`${app.url}/healthz`);
      await res.arrayBuffer();
      worst = Math.max(worst, performance.now() - start);
      probes++;
    }
    maxHealthzMs = Math.max(maxHealthzMs, worst);
    console.log(`${page}: /healthz answered ${probes} times while it was requested, worst ${Math.round(worst)} ms`);
    return { ...(await pending), worstHealthzMs: worst };
  };

  const renderedMisses = async () => {
    const text = await (await fetch(`${app.url}/metrics`)).text();
    return Number(/docsite_cache_misses_total\{cache="rendered"\} (\d+)/.exec(text)?.[1]);
  };

  it.each(Object.keys(hostile).filter((name) => name !== 'alias-bomb'))(
    '%s answers with a notice naming its file while /healthz stays fast',
    async (name) => {
      const { status, html, worstHealthzMs } = await requestWhileProbing(`/general/${name}`);
      expect(status).toBeLessThan(500);
      expect(html).toMatch(new RegExp(`class="render-error"[\\s\\S]*general/${name}\\.md`));
      if (name === 'slow') expect(html).toContain('This page took too long to render');
      else expect(html).toMatch(/line \d+: The page nests deeper than/);
      expect(worstHealthzMs).toBeLessThan(1000);
    },
    120_000,
  );

  it('an alias bomb in front matter fails that page alone, with its line', async () => {
    const { status, html } = await requestWhileProbing('/general/alias-bomb');
    expect(status).toBeLessThan(500);
    expect(html).toMatch(/class="render-error"[\s\S]*general\/alias-bomb\.md, line \d+: Invalid front matter: .*aliases/);
    expect(html).toContain('Body after a bomb.');
  }, 60_000);

  it('the normal page still renders, and lists the hostile ones in its sidebar', async () => {
    const res = await fetch(`${app.url}/general/normal`);
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(html).toContain('All is <strong>well</strong> here.');
    expect(html).not.toContain('render-error');
    expect(html).toContain('href="/general/deep-list"');
  }, 60_000);

  it('a page that failed is not rendered again under another URL prefix', async () => {
    for (const name of ['deep-list', 'slow']) {
      expect((await requestWhileProbing(`/general/${name}`)).status).toBeLessThan(500);
      const before = await renderedMisses();
      const again = await requestWhileProbing(`/general/@${commit.slice(0, 10)}/${name}`);
      expect(again.status).toBeLessThan(500);
      expect(again.html).toContain(`general/${name}.md`);
      expect(await renderedMisses()).toBe(before);
    }
  }, 120_000);
});
