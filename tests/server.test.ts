// The built server started as a user starts it, on the embedded default content.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFUSAL_REASONS } from '../server/site/work/admission.js';
import { startApp, type AppServer } from './support/app-server.js';
import { removeTempDirs, TestRepo, tempDir } from './support/repos.js';

describe('the production server on the embedded content', () => {
  let app: AppServer;
  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('serves a page of the embedded content, compressed', async () => {
    const res = await fetch(`${app.url}/general/community`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(await res.text()).toMatch(/<h1>Community<\/h1>/);
  });

  it('has rendered a page on its own once started, so that the first reader does not pay for the first run', async () => {
    const warmUp = /"req":"warm-up","method":"GET","path":"([^"]+)","status":(\d+)/;
    for (let waited = 0; !warmUp.test(app.output()); waited += 50) {
      if (waited > 60_000) throw new Error(`no warm-up request in the log:\n${app.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const [, url, status] = warmUp.exec(app.output())!;
    expect(status).toBe('200');
    expect(url).toMatch(/^\/general\/./);
    expect(app.output()).not.toContain('warm-up failed');
  });

  it('links the landing page to the docs', async () => {
    const html = await (await fetch(`${app.url}/`)).text();
    expect(html).toContain('href="/general/community"');
  });

  it('answers an unknown page with a 404 page that names it', async () => {
    const res = await fetch(`${app.url}/general/no/such/page`);
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain('Page not found');
    expect(html).toContain('/general/no/such/page');
  });

  it('sends the docs root, with or without a slash and on a preview, to the first section', async () => {
    for (const root of ['/general', '/general/', '/general/~main', '/general/~main/']) {
      const res = await fetch(app.url + root, { redirect: 'manual' });
      expect(res.status, root).toBe(302);
      expect(res.headers.get('location'), root).toMatch(root.includes('~main') ? /^\/general\/~main\/[a-z]/ : /^\/general\/[a-z]/);
    }
    const followed = await fetch(`${app.url}/general`);
    expect(followed.status).toBe(200);
    expect(await followed.text()).toMatch(/<h1[^>]*>[^<]+<\/h1>/);
  });

  it('answers an unknown docs base with a 404', async () => {
    expect((await fetch(`${app.url}/elsewhere/page`)).status).toBe(404);
  });

  it('lists every labelled counter in /metrics from start, at 0: a dashboard tells none from missing', async () => {
    const metrics = await (await fetch(`${app.url}/metrics`)).text();
    const refused = [...metrics.matchAll(/^docsite_refused_total\{reason="([^"]+)"\} (\d+)$/gm)].map(([, reason, count]) => `${reason} ${count}`);
    expect(refused).toEqual(REFUSAL_REASONS.map((reason) => `${reason} 0`));
    // Each cache's hits and misses too, whatever was read so far.
    expect(metrics).toMatch(/^docsite_cache_hits_total\{cache="[^"]+"\} \d+$/m);
  });

  it('serves built assets with immutable caching', async () => {
    const html = await (await fetch(`${app.url}/general/community`)).text();
    const css = /href="(\/assets\/[^"]+\.css)"/.exec(html)?.[1];
    expect(css).toBeDefined();
    const res = await fetch(app.url + css);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/css');
    expect(res.headers.get('cache-control')).toContain('immutable');
  });

  it('sends its scripts brotli-compressed once at build time to browsers that take brotli, smaller than gzip', async () => {
    const html = await (await fetch(`${app.url}/general/community`)).text();
    const scripts = [...new Set([...html.matchAll(/"(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]))];
    expect(scripts.length).toBeGreaterThan(3);
    let brotli = 0;
    let gzip = 0;
    for (const script of scripts) {
      const br = await fetch(app.url + script, { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
      expect(br.headers.get('content-encoding'), script).toBe('br');
      expect(br.headers.get('content-type'), script).toContain('javascript');
      expect(br.headers.get('vary'), script).toContain('Accept-Encoding');
      expect(br.headers.get('cache-control'), script).toContain('immutable');
      brotli += Number(br.headers.get('content-length'));
      // A client without brotli gets the same script.
      const plain = await (await fetch(app.url + script, { headers: { 'Accept-Encoding': 'identity' } })).text();
      expect(await br.text(), script).toBe(plain);
      gzip += gzipSync(plain).length;
    }
    expect(brotli).toBeLessThan(gzip * 0.9);
  });

  it('exits cleanly on SIGTERM, having saved the front matter the next start reads', async () => {
    // Stopped as soon as it listens, before the save a second after reading the pages is due.
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsite-stop-'));
    try {
      const other = await startApp({ DATA_DIR: dataDir });
      expect(await other.stop()).toBe(0);
      expect(other.output()).toContain('shutting down');
      expect(fs.readdirSync(path.join(dataDir, 'cache')).filter((name) => name.startsWith('front-matter-'))).toHaveLength(1);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('render threads on a quiet server', () => {
  it('exit when idle, show in /metrics, and start again for the next page to render; the main heap is collected meanwhile', async () => {
    const page = (body: string) => `---\ntitle: Introduction\n---\n\n${body}\n`;
    const repo = await TestRepo.create(path.join(tempDir('docsite-idle-'), 'docs'));
    await repo.commit({ 'general/intro.md': page('On main.') });
    const app = await startApp({ CONTENT_REPO: repo.dir, SYNC_INTERVAL: '0', RENDER_IDLE_SECONDS: '1' });
    const metric = async (name: string) => Number(new RegExp(`^${name} (\\d+)$`, 'm').exec(await (await fetch(`${app.url}/metrics`)).text())?.[1]);
    try {
      // The warm-up and the search index start the threads; a second after their last task they are gone.
      for (let waited = 0; (await metric('docsite_render_threads')) !== 0; waited += 50) {
        if (waited > 60_000) throw new Error('the render threads never exited');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      // Quiet, with the threads gone: the main heap's garbage is collected (bin/start.sh exposes gc).
      for (let waited = 0; !app.output().includes('heap collected while idle'); waited += 50) {
        if (waited > 60_000) throw new Error(`the heap was not collected while idle:\n${app.output()}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      // A page never rendered (a branch committed now) needs a thread: loading one alone takes far longer than a scrape.
      await repo.branch('later');
      await repo.commit({ 'general/intro.md': page('Committed later.') });
      const renders = await metric('docsite_renders_total');
      let seen = 0;
      let done = false;
      const res = fetch(`${app.url}/general/~later/intro`).finally(() => (done = true));
      while (!done) seen = Math.max(seen, await metric('docsite_render_threads'));
      expect((await res).status).toBe(200);
      expect(await (await res).text()).toContain('Committed later.');
      expect(seen).toBeGreaterThan(0);
      expect((await metric('docsite_renders_total')) - renders).toBeGreaterThan(0);
    } finally {
      await app.stop();
      removeTempDirs();
    }
  });
});
