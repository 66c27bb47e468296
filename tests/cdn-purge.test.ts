// A CDN purged through its API: the server, configured with a `cloudflare:` PURGE_URLS entry, calls
// a loopback stand-in for Cloudflare's purge endpoint after a push, with its token and exactly the
// tags that the edited page's responses carried in `Cache-Tag`, which is what Cloudflare keys on.
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type AppServer } from './support/app-server.js';
import { startGitHttpServer, type GitHttpServer } from './support/git-http-server.js';
import { TestRepo, removeTempDirs, tempDir } from './support/repos.js';

const SECRET = 'a-webhook-secret';
const TOKEN = 'a-cloudflare-api-token';
const page = (title: string, body: string) => `---\ntitle: ${title}\n---\n\n${body}\n`;

afterAll(removeTempDirs);

describe("purging a CDN through Cloudflare's API after a push", () => {
  let gitServer: GitHttpServer;
  let repo: TestRepo;
  let app: AppServer;
  let api: http.Server;
  const calls: { url: string; authorization?: string; tags: string[] }[] = [];

  beforeAll(async () => {
    const root = tempDir('docsite-cdn-');
    repo = await TestRepo.create(path.join(root, 'docs'));
    await repo.commit({ 'general/a.md': page('Page A', 'A, first.'), 'general/b.md': page('Page B', 'B, first.') });
    gitServer = await startGitHttpServer(root);
    api = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        calls.push({ url: req.url!, authorization: req.headers.authorization, tags: (JSON.parse(body) as { tags: string[] }).tags });
        res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ success: true, errors: [], messages: [], result: { id: 'zone' } }));
      });
    });
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    const apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}/client/v4/zones/zone-id/purge_cache`;
    app = await startApp({
      CONTENT_REPO: `${gitServer.url}/docs/.git`,
      WEBHOOK_SECRET: SECRET,
      SYNC_INTERVAL: '0',
      PURGE_URLS: `cloudflare:${apiUrl}`,
      CLOUDFLARE_API_TOKEN: TOKEN,
    });
  });

  afterAll(async () => {
    await app?.stop();
    await gitServer?.close();
    await new Promise((resolve) => api?.close(resolve));
  });

  it("sends the edited page's tags, and not the other page's, with the bearer token", async () => {
    const tagsOf = async (url: string) => ((await fetch(app.url + url)).headers.get('cache-tag') ?? '').split(',');
    const [tagsA, tagsB] = [await tagsOf('/general/a'), await tagsOf('/general/b')];
    const pageKeyA = tagsA.find((tag) => tag.startsWith('p-'));
    const pageKeyB = tagsB.find((tag) => tag.startsWith('p-'));
    expect(pageKeyA).toBeDefined();
    expect(pageKeyB).toBeDefined();

    const commit = await repo.commit({ 'general/a.md': page('Page A', 'A, second.') });
    const body = JSON.stringify({ ref: 'refs/heads/main', after: commit });
    const signature = `sha256=${crypto.createHmac('sha256', SECRET).update(body).digest('hex')}`;
    const res = await fetch(`${app.url}/api/webhook`, { method: 'POST', body, headers: { 'X-Hub-Signature-256': signature } });
    expect(res.status).toBe(200);
    // The purge goes out right after the refresh, beside the webhook's answer.
    for (let waited = 0; calls.length === 0; waited += 50) {
      if (waited > 30_000) throw new Error('no purge reached the API');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }

    expect(calls[0].url).toBe('/client/v4/zones/zone-id/purge_cache');
    expect(calls[0].authorization).toBe(`Bearer ${TOKEN}`);
    expect(calls[0].tags).toContain(pageKeyA);
    expect(calls[0].tags).not.toContain(pageKeyB);
    expect(calls[0].tags).not.toContain('docsite');
    expect((await fetch(`${app.url}/general/a`).then((r) => r.text())).includes('A, second.')).toBe(true);
  });
});
