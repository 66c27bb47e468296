// HTTP caching as a CDN and a browser see it: ETags that change exactly when the content does,
// 304s, and Cache-Control by what the URL names.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGitHttpServer, type GitHttpServer } from './support/git-http-server.js';
import { startApp, type AppServer } from './support/app-server.js';
import { TestRepo, removeTempDirs, tempDir } from './support/repos.js';

const page = (title: string, body: string) => `---\ntitle: ${title}\n---\n\n${body}\n`;
const SECRET = 'cache-test-secret';

// After every suite's own afterAll (servers stopped): the temp repositories they read go.
afterAll(removeTempDirs);

describe('HTTP caching', () => {
  let gitServer: GitHttpServer;
  let app: AppServer;
  let repo: TestRepo;
  let firstCommit: string;

  beforeAll(async () => {
    const root = tempDir('docsite-cache-');
    repo = await TestRepo.create(path.join(root, 'docs'));
    firstCommit = await repo.commit({
      'docsite.yaml': 'title: Cached\nversions:\n  - name: current\n  - name: "1.0"\n    ref: v1.0\n    isLast: true\n',
      'general/intro.md': page('Introduction', 'First text.'),
      'general/other.md': page('Other', 'Another page.'),
    });
    await repo.annotatedTag('v1.0');
    await repo.branch('feature/x');
    await repo.checkout('main');
    gitServer = await startGitHttpServer(root);
    app = await startApp({ CONTENT_REPO: `${gitServer.url}/docs/.git`, SYNC_INTERVAL: '0', WEBHOOK_SECRET: SECRET });
  });

  afterAll(async () => {
    await app?.stop();
    await gitServer?.close();
  });

  const get = (p: string, headers: Record<string, string> = {}) => fetch(app.url + p, { headers, redirect: 'manual' });
  const refresh = () => fetch(app.url + '/api/webhook', { method: 'POST', headers: { 'X-Gitlab-Token': SECRET } });

  it('makes commit permalinks immutable', async () => {
    const res = await get(`/general/@${firstCommit}/intro`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('etag')).toMatch(/^W\/".+"$/);
  });

  it('caches a released version long, the current version briefly with stale-while-revalidate, and makes branch previews revalidate', async () => {
    expect((await get('/general/intro')).headers.get('cache-control')).toBe('public, max-age=3600, stale-while-revalidate=86400, stale-if-error=86400');
    expect((await get('/general/next/intro')).headers.get('cache-control')).toBe('public, max-age=60, stale-while-revalidate=600, stale-if-error=86400');
    expect((await get('/general/~feature%2Fx/intro')).headers.get('cache-control')).toBe('public, no-cache');
    expect((await get('/api/versions/1.0/pages/intro')).headers.get('cache-control')).toBe('public, max-age=3600, stale-while-revalidate=86400, stale-if-error=86400');
  });

  it('never caches errors', async () => {
    for (const url of ['/general/no-such-page', '/general/~no-such-branch/intro', '/api/versions/9.9/pages', '/elsewhere']) {
      const res = await get(url);
      expect(res.status, url).toBe(404);
      expect(res.headers.get('cache-control'), url).toBe('no-store');
      expect(res.headers.get('etag'), url).toBeNull();
    }
  });

  it('answers 304 to a matching If-None-Match, and 200 with the body otherwise', async () => {
    const first = await get('/general/next/intro');
    const etag = first.headers.get('etag')!;
    const again = await get('/general/next/intro', { 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    expect((await get('/general/next/intro', { 'If-None-Match': 'W/"something-else"' })).status).toBe(200);
  });

  it('sends a lite page (no script) on Save-Data, a slow ECT or the lite cookie, with its own ETag and a Vary that names what chose it', async () => {
    const full = await get('/general/next/intro');
    expect(await full.text()).toContain('<script');
    const etag = full.headers.get('etag')!;
    for (const headers of [{ 'Save-Data': 'on' }, { ECT: '2g' }, { Cookie: 'lite=on' }] as Record<string, string>[]) {
      const lite = await get('/general/next/intro', headers);
      const html = await lite.text();
      expect(html, JSON.stringify(headers)).toContain('First text.');
      expect(html, JSON.stringify(headers)).not.toMatch(/<script|modulepreload/);
      expect(lite.headers.get('etag'), JSON.stringify(headers)).not.toBe(etag);
      // The full page's ETag does not validate the lite one, nor the other way round.
      expect((await get('/general/next/intro', { ...headers, 'If-None-Match': etag })).status).toBe(200);
      expect((await get('/general/next/intro', { 'If-None-Match': lite.headers.get('etag')! })).status).toBe(200);
    }
    expect(full.headers.get('vary')).toMatch(/Cookie, Save-Data, ECT/);
    expect(full.headers.get('accept-ch')).toBe('ECT');
    // The reader's choice wins over the hint.
    expect(await (await get('/general/next/intro', { 'Save-Data': 'on', Cookie: 'lite=off' })).text()).toContain('<script');
  });

  it('gives each page its own ETag, and a new one once its branch moves, while a permalink keeps its own', async () => {
    const intro = (await get('/general/next/intro')).headers.get('etag');
    const other = (await get('/general/next/other')).headers.get('etag');
    expect(other).toBeTruthy();
    expect(other).not.toBe(intro);
    const permalink = (await get(`/general/@${firstCommit}/intro`)).headers.get('etag');
    await repo.commit({ 'general/intro.md': page('Introduction', 'Second text.') });
    expect((await refresh()).status).toBe(200);
    const moved = await get('/general/next/intro', { 'If-None-Match': intro! });
    expect(moved.status).toBe(200);
    expect(await moved.text()).toContain('Second text.');
    expect((await get(`/general/@${firstCommit}/intro`, { 'If-None-Match': permalink! })).status).toBe(304);
  });
});
