// The page cache as readers and caches see it: a cached answer is byte-identical to a fresh render
// in every encoding, a push changes it at once, errors are never kept, and variants (theme, URL,
// client navigation data, API) never answer for each other.
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGitHttpServer, type GitHttpServer } from './support/git-http-server.js';
import { startApp, type AppServer } from './support/app-server.js';
import { TestRepo, removeTempDirs, tempDir } from './support/repos.js';

const page = (title: string, body: string) => `---\ntitle: ${title}\ntags: [cached]\n---\n\n# ${title}\n\n${body}\n\n## A section\n\nMore text.\n`;
const SECRET = 'page-cache-secret';

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body as sent, still encoded. */
  wire: Buffer;
  /** The body decoded. */
  body: string;
}

/** A GET (or HEAD) with exactly these headers, returning the bytes as sent (fetch would decode them and add its own Accept-Encoding). */
function raw(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> {
  return new Promise((resolve, reject) => {
    http
      .request(url, { method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const wire = Buffer.concat(chunks);
          const encoding = res.headers['content-encoding'];
          try {
            const decoded = wire.length === 0 ? wire : encoding === 'br' ? zlib.brotliDecompressSync(wire) : encoding === 'gzip' ? zlib.gunzipSync(wire) : wire;
            resolve({ status: res.statusCode!, headers: res.headers, wire, body: decoded.toString('utf8') });
          } catch (error) {
            reject(error);
          }
        });
      })
      .on('error', reject)
      .end();
  });
}

afterAll(removeTempDirs);

describe('page cache', () => {
  let gitServer: GitHttpServer;
  let cached: AppServer;
  let uncached: AppServer;
  let repo: TestRepo;
  let firstCommit: string;
  const URLS = ['/general/intro', '/general/intro.data', '/general/tags/cached', '/api/versions/current/pages/intro', '/api/versions', '/api/schema/docsite.json'];

  beforeAll(async () => {
    const root = tempDir('docsite-page-cache-');
    repo = await TestRepo.create(path.join(root, 'docs'));
    firstCommit = await repo.commit({
      'docsite.yaml': 'title: Cached\n',
      'general/intro.md': page('Introduction', 'First text.'),
      'general/other.md': page('Other', 'Another page.'),
    });
    gitServer = await startGitHttpServer(root);
    const env = { CONTENT_REPO: `${gitServer.url}/docs/.git`, SYNC_INTERVAL: '0', WEBHOOK_SECRET: SECRET };
    [cached, uncached] = await Promise.all([startApp(env), startApp({ ...env, PAGE_CACHE: 'off' })]);
  });

  afterAll(async () => {
    await Promise.all([cached?.stop(), uncached?.stop()]);
    await gitServer?.close();
  });

  it('answers the second request from the cache with the bytes a fresh render gives', async () => {
    for (const url of URLS) {
      const first = await raw(cached.url + url);
      const second = await raw(cached.url + url);
      const fresh = await raw(uncached.url + url);
      expect(first.status, url).toBe(200);
      expect(second.headers['x-page-cache'], url).toBe('hit');
      expect(second.body, url).toBe(first.body);
      expect(second.body, url).toBe(fresh.body);
      expect(second.headers['content-type'], url).toBe(fresh.headers['content-type']);
      expect(second.headers.etag, url).toBe(fresh.headers.etag);
      expect(second.headers['cache-control'], url).toBe(fresh.headers['cache-control']);
    }
  });

  it('sends brotli, gzip or the identity body as the client accepts, all the same page', async () => {
    const url = `${cached.url}/general/intro`;
    const bodies = new Set<string>();
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['identity', undefined],
      ['', undefined],
    ] as const) {
      const res = await raw(url, accept ? { 'Accept-Encoding': accept } : {});
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(Number(res.headers['content-length']), accept).toBe(res.wire.length);
      expect(res.headers.vary, accept).toMatch(/Accept-Encoding/);
      expect(res.headers.vary, accept).toMatch(/Cookie/);
      bodies.add(res.body);
    }
    expect(bodies.size).toBe(1);
    expect([...bodies][0]).toContain('First text.');
  });

  it('keeps one entry per theme, so a reader never gets another theme', async () => {
    const dark = await raw(`${cached.url}/general/other`, { Cookie: 'theme=dark' });
    const light = await raw(`${cached.url}/general/other`, { Cookie: 'theme=light' });
    const darkAgain = await raw(`${cached.url}/general/other`, { Cookie: 'theme=dark' });
    expect(dark.body).not.toBe(light.body);
    expect(darkAgain.headers['x-page-cache']).toBe('hit');
    expect(darkAgain.body).toBe(dark.body);
    expect(darkAgain.headers.etag).not.toBe(light.headers.etag);
  });

  it('answers HEAD with the headers of GET and no body, and 304 from the ETag', async () => {
    const get = await raw(`${cached.url}/general/intro`, { 'Accept-Encoding': 'br' });
    const head = await raw(`${cached.url}/general/intro`, { 'Accept-Encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.wire.length).toBe(0);
    expect(head.headers['content-length']).toBe(get.headers['content-length']);
    expect(head.headers.etag).toBe(get.headers.etag);
    const revalidated = await raw(`${cached.url}/general/intro`, { 'If-None-Match': get.headers.etag! });
    expect(revalidated.status).toBe(304);
  });

  it('never keeps an error', async () => {
    for (const url of ['/general/no-such-page', '/general/no-such-page.data', '/api/versions/current/pages/nothing', '/general/~no-such-branch/intro']) {
      for (let i = 0; i < 2; i++) {
        const res = await raw(cached.url + url);
        expect(res.status, url).toBe(404);
        expect(res.headers['x-page-cache'], url).toBeUndefined();
        expect(res.headers['cache-control'], url).toBe('no-store');
      }
    }
  });

  it('shows a push at once, while a commit permalink keeps its cached page', async () => {
    const permalink = `${cached.url}/general/@${firstCommit}/intro`;
    await raw(permalink);
    expect((await raw(permalink)).headers['x-page-cache']).toBe('hit');
    await raw(`${cached.url}/general/intro`);
    expect((await raw(`${cached.url}/general/intro`)).headers['x-page-cache']).toBe('hit');

    await repo.commit({ 'general/intro.md': page('Introduction', 'Second text.') });
    const webhook = await fetch(`${cached.url}/api/webhook`, { method: 'POST', headers: { 'X-Gitlab-Token': SECRET } });
    expect(webhook.status).toBe(200);

    const moved = await raw(`${cached.url}/general/intro`);
    expect(moved.body).toContain('Second text.');
    expect(moved.body).not.toContain('First text.');
    expect(moved.headers['x-page-cache']).toBe('miss');
    const api = await raw(`${cached.url}/api/versions/current/pages/intro`);
    expect(api.body).toContain('Second text.');
    const old = await raw(permalink);
    expect(old.headers['x-page-cache']).toBe('hit');
    expect(old.body).toContain('First text.');
  });
});
