// The cost model's answers at the HTTP layer (decision 030): a client past its rate of whole-site
// answers gets a 429 with Retry-After; a client that hangs up is logged as a 499, not an error; a
// forged Host never reaches an absolute URL; a POST to a page is a 405 that names no internals.
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type AppServer } from '../support/app-server.js';
import { removeTempDirs, TestRepo, tempDir } from '../support/repos.js';

const page = (title: string, body: string) => `---\ntitle: ${title}\n---\n\n${body}\n`;

/** GETs `url` with a Host header of our choosing (fetch always sends the URL's own). */
function getWithHost(url: string, host: string): Promise<{ etag?: string; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { Host: host } }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve({ etag: res.headers.etag, body }));
      })
      .on('error', reject);
  });
}

describe('limits at the HTTP layer', () => {
  let trusting: AppServer;
  let open: AppServer;
  let oldCommit: string;

  beforeAll(async () => {
    const repo = await TestRepo.create(path.join(tempDir('docsite-limits-'), 'docs'));
    oldCommit = await repo.commit({ 'general/intro.md': page('Introduction', 'See [the guide](./guide.md).'), 'general/guide.md': page('Guide', 'Read me.') });
    await repo.commit({ 'general/guide.md': page('Guide', 'Read me again.') });
    [trusting, open] = await Promise.all([
      startApp({ CONTENT_REPO: repo.dir, WHOLE_SITE_PER_MINUTE: '1', TRUSTED_HOSTS: 'docs.example.org' }),
      startApp({ CONTENT_REPO: repo.dir }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([trusting?.stop(), open?.stop()]);
    removeTempDirs();
  });

  it('answers a client past its rate of whole-site answers with a 429 that says when to come back', async () => {
    const first = await fetch(`${trusting.url}/api/links?ref=@${oldCommit}`);
    expect(first.status).toBe(200);
    const second = await fetch(`${trusting.url}/general/@${oldCommit}/llms-full.txt`);
    expect(second.status).toBe(429);
    expect(Number(second.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(second.headers.get('content-type')).toContain('application/problem+json');
    // An answer already made costs nothing: the same report again is no new job.
    expect((await fetch(`${trusting.url}/api/links?ref=@${oldCommit}`)).status).toBe(200);
    // A published version's answers are the site's own, never counted.
    expect((await fetch(`${trusting.url}/api/links`)).status).toBe(200);
  });

  it('logs a client that hung up as a 499, and no error', async () => {
    // The request is sent whole, and the connection closed before any answer can be.
    const { port } = new URL(open.url);
    await new Promise<void>((resolve, reject) => {
      const socket = net.connect(Number(port), '127.0.0.1', () => socket.end(`GET /general/@${oldCommit}/guide?hung-up HTTP/1.1\r\nHost: x\r\n\r\n`, () => socket.destroy()));
      socket.on('close', () => resolve());
      socket.on('error', reject);
    });
    await expect.poll(() => /"path":"[^"]*hung-up","status":499/.test(open.output()), { timeout: 30_000 }).toBe(true);
    expect(open.output()).not.toMatch(/"level":"error"/);
  });

  it('builds absolute URLs on a trusted host only, whatever Host a request sends', async () => {
    const forged = (await getWithHost(`${trusting.url}/general/llms.txt`, 'evil.example')).body;
    expect(forged).toContain('http://docs.example.org/general/intro.md');
    expect(forged).not.toContain('evil.example');
    // With no host configured, the Host is used, and the answer's ETag varies on it.
    const [a, b] = [await getWithHost(`${open.url}/general/llms.txt`, 'a.example'), await getWithHost(`${open.url}/general/llms.txt`, 'b.example')];
    expect(a.body).toContain('http://a.example/general/intro.md');
    expect(a.etag).toBeTruthy();
    expect(a.etag).not.toBe(b.etag);
  });

  it('answers a POST to a page with a 405 that names no route', async () => {
    const res = await fetch(`${open.url}/general/intro`, { method: 'POST', body: 'x=1' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
    expect(await res.text()).not.toMatch(/routes\/|action/);
  });
});
