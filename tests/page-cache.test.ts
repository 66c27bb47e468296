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
  /** The header lines as sent, in order (name, value, ...). */
  rawHeaders: string[];
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
            resolve({ status: res.statusCode!, headers: res.headers, rawHeaders: res.rawHeaders, wire, body: decoded.toString('utf8') });
          } catch (error) {
            reject(error);
          }
        });
      })
      .on('error', reject)
      .end();
  });
}

/** The header lines of an answer, in order, without the two that differ on every answer. */
function headerLines(res: Raw): string[] {
  const lines: string[] = [];
  for (let i = 0; i < res.rawHeaders.length; i += 2) {
    if (!['date', 'x-request-id'].includes(res.rawHeaders[i].toLowerCase())) lines.push(`${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}`);
  }
  return lines;
}

/** How many requests the hit path has answered (bin/hit-path.ts). */
async function hitPathAnswers(base: string): Promise<number> {
  const text = await (await fetch(`${base}/metrics`)).text();
  return Number(/^docsite_hit_path_answers_total (\d+)$/m.exec(text)?.[1] ?? Number.NaN);
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
      // A public origin, so that pages do not name the host they were asked on (the two servers differ by port).
      'docsite.yaml': 'title: Cached\nurl: https://docs.example.org\n',
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

  it('answers a request it answered before on the hit path, with the bytes and header lines of the full stack', async () => {
    // Each shape once through the full stack (a page-cache hit there: the extra cookie is new), then
    // again: the hit path's answer must be the same bytes and lines, Date and request id aside.
    let visit = 0;
    const shapes: [string, Record<string, string>, string?][] = [
      ...URLS.map((url): [string, Record<string, string>] => [url, { 'Accept-Encoding': 'br' }]),
      ['/general/intro', { 'Accept-Encoding': 'gzip', Cookie: 'theme=dark' }],
      ['/general/intro', { 'Accept-Encoding': 'gzip', 'Save-Data': 'on' }],
      ['/general/intro', { 'Accept-Encoding': 'br', Accept: 'text/markdown' }],
      ['/general/intro.md', { 'Accept-Encoding': 'gzip' }],
      ['/general/intro', { 'Accept-Encoding': 'br' }, 'HEAD'],
    ];
    for (const [url, headers, method] of shapes) {
      await raw(cached.url + url, headers, method);
      const shape = { ...headers, Cookie: `${headers.Cookie ? `${headers.Cookie}; ` : ''}visit=${++visit}` };
      const before = await hitPathAnswers(cached.url);
      const full = await raw(cached.url + url, shape, method);
      expect(await hitPathAnswers(cached.url), url).toBe(before);
      const fast = await raw(cached.url + url, shape, method);
      expect(await hitPathAnswers(cached.url), url).toBe(before + 1);
      expect(full.headers['x-page-cache'], url).toBe('hit');
      expect(fast.status, url).toBe(full.status);
      expect(headerLines(fast), url).toEqual(headerLines(full));
      expect(fast.wire.equals(full.wire), url).toBe(true);
      expect(fast.headers['x-request-id'], url).not.toBe(full.headers['x-request-id']);
    }
    // A 304 too: the first through the full stack, the second on the hit path, with the same lines.
    const shape = { Cookie: `visit=${++visit}` };
    const etag = (await raw(`${cached.url}/general/intro`, shape)).headers.etag!;
    const before = await hitPathAnswers(cached.url);
    const full = await raw(`${cached.url}/general/intro`, { ...shape, 'If-None-Match': etag });
    const fast = await raw(`${cached.url}/general/intro`, { ...shape, 'If-None-Match': etag });
    expect([full.status, fast.status]).toEqual([304, 304]);
    expect(await hitPathAnswers(cached.url)).toBe(before + 1);
    expect(headerLines(fast)).toEqual(headerLines(full));
  });

  it('keeps the variants apart on the hit path: theme, lite mode and Markdown each get their own answer', async () => {
    const url = `${cached.url}/general/other`;
    const answers = async (headers: Record<string, string>) => [(await raw(url, headers)).body, (await raw(url, headers)).body];
    const [html, htmlAgain] = await answers({});
    const [markdown, markdownAgain] = await answers({ Accept: 'text/markdown' });
    const [lite, liteAgain] = await answers({ 'Save-Data': 'on' });
    const [dark, darkAgain] = await answers({ Cookie: 'theme=dark' });
    expect([htmlAgain, markdownAgain, liteAgain, darkAgain]).toEqual([html, markdown, lite, dark]);
    expect(new Set([html, markdown, lite, dark]).size).toBe(4);
    expect(markdown).toMatch(/^# Other/m);
    expect(lite).not.toContain('<script');
    expect(html).toContain('<script');
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
    const before = await hitPathAnswers(cached.url);
    expect((await raw(`${cached.url}/general/intro`)).headers['x-page-cache']).toBe('hit');
    // That one came from the hit path, which must not answer the old page after the push.
    expect(await hitPathAnswers(cached.url)).toBe(before + 1);

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
