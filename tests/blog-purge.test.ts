// Purges by post (issue 48), on the real server behind a loopback stand-in for Cloudflare's purge
// API: a push that edits a post's body purges that post and the pages that show posts (lists, tags,
// feeds) and the link report, not the other posts, the docs or the whole site; a push that retitles a post purges the
// whole blog (its neighbours and the sidebar show the title) and still not the docs; a push that
// edits a doc purges no page of the blog. After each push the server itself serves the new content.
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type AppServer } from './support/app-server.js';
import { startGitHttpServer, type GitHttpServer } from './support/git-http-server.js';
import { TestRepo, removeTempDirs, tempDir } from './support/repos.js';

const SECRET = 'a-webhook-secret';
const post = (title: string, body: string) => `---\ntitle: ${title}\ntags: [news]\n---\n\n${body}\n`;

afterAll(removeTempDirs);

describe('purging the pages that show a post after a push', () => {
  let gitServer: GitHttpServer;
  let repo: TestRepo;
  let app: AppServer;
  let api: http.Server;
  const calls: string[][] = [];

  beforeAll(async () => {
    const root = tempDir('docsite-blog-purge-');
    repo = await TestRepo.create(path.join(root, 'site'));
    await repo.commit({
      'docsite.yaml': 'title: Purged\ndocs:\n  path: docs\n  base: docs\nblog: {}\n',
      'docs/intro.md': '# Intro\n\nThe docs.\n',
      'blog/2024-01-10-welcome.md': post('Welcome', 'Welcome, first.'),
      'blog/2024-02-20-second.md': post('Second', 'Second, first.'),
    });
    gitServer = await startGitHttpServer(root);
    api = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        calls.push((JSON.parse(body) as { tags: string[] }).tags);
        res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ success: true, errors: [], messages: [], result: { id: 'zone' } }));
      });
    });
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    const apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}/client/v4/zones/zone-id/purge_cache`;
    app = await startApp({
      CONTENT_REPO: `${gitServer.url}/site/.git`,
      WEBHOOK_SECRET: SECRET,
      SYNC_INTERVAL: '0',
      PURGE_URLS: `cloudflare:${apiUrl}`,
      CLOUDFLARE_API_TOKEN: 'a-cloudflare-api-token',
    });
  });

  afterAll(async () => {
    await app?.stop();
    await gitServer?.close();
    await new Promise((resolve) => api?.close(resolve));
  });

  /** The cache tags a response of the server carries. */
  const tagsOf = async (url: string) => ((await fetch(app.url + url)).headers.get('cache-tag') ?? '').split(',').filter(Boolean);
  /** The body of a response. */
  const text = async (url: string) => (await fetch(app.url + url)).text();

  /** Commits, tells the server by its webhook, and answers the tags of the purge that follows. */
  const push = async (files: Record<string, string>): Promise<string[]> => {
    const commit = await repo.commit(files);
    const seen = calls.length;
    const body = JSON.stringify({ ref: 'refs/heads/main', after: commit });
    const signature = `sha256=${crypto.createHmac('sha256', SECRET).update(body).digest('hex')}`;
    expect((await fetch(`${app.url}/api/webhook`, { method: 'POST', body, headers: { 'X-Hub-Signature-256': signature } })).status).toBe(200);
    for (let waited = 0; calls.length === seen; waited += 50) {
      if (waited > 30_000) throw new Error('no purge reached the API');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return calls.slice(seen).flat();
  };

  it("purges an edited post's page, the lists, tag page and feeds, and nothing else of the site", async () => {
    const [welcome, second, list, tag, feed, docs, links] = await Promise.all(
      ['/blog/2024/01/10/welcome', '/blog/2024/02/20/second', '/blog', '/blog/tags/news', '/blog/rss.xml', '/docs/intro', '/docs/links'].map(tagsOf),
    );
    const own = (tags: string[]) => tags.filter((tag) => tag.startsWith('p-') || tag.startsWith('r-'));
    // Every blog page names its blog; a post its own page; the lists, tag page and feed a key they share.
    const [blogKey] = own(welcome).filter((tag) => second.includes(tag) && list.includes(tag));
    expect(blogKey).toBeDefined();
    const [welcomeKey] = own(welcome).filter((tag) => tag !== blogKey);
    const [listsKey] = own(list).filter((tag) => tag !== blogKey);
    expect(tag).toContain(listsKey);
    expect(feed).toContain(listsKey);
    expect(welcome).not.toContain('snapshot');

    const purged = await push({ 'blog/2024-01-10-welcome.md': post('Welcome', 'Welcome, second.') });
    expect(purged).toContain(welcomeKey);
    expect(purged).toContain(listsKey);
    expect(purged).not.toContain(blogKey);
    expect(purged.filter((key) => own(second).includes(key) && key !== blogKey)).toEqual([]);
    expect(purged.filter((key) => own(docs).includes(key))).toEqual([]);
    expect(purged).not.toContain('docsite');
    // The link report lists posts' links: it goes too.
    expect(purged.filter((key) => links.includes(key) && key.startsWith('r-')).length).toBeGreaterThan(0);
    expect(await text('/blog/2024/01/10/welcome')).toContain('Welcome, second.');
    expect(await text('/blog/rss.xml')).toContain('Welcome, second.');
  });

  it('purges the whole blog when a title changes, and no page of the blog when a doc changes', async () => {
    // The key every page of the blog shares, and the docs page's own.
    const blogKey = (await tagsOf('/blog/2024/01/10/welcome')).find((tag) => tag.startsWith('r-'));
    expect(blogKey).toBeDefined();
    const docs = await tagsOf('/docs/intro');
    const retitled = await push({ 'blog/2024-02-20-second.md': post('Second, renamed', 'Second, first.') });
    expect(retitled).toContain(blogKey);
    expect(retitled).not.toContain('docsite');
    expect(retitled.filter((key) => docs.includes(key) && key.startsWith('p-'))).toEqual([]);
    // The older post links to its renamed neighbour.
    expect(await text('/blog/2024/01/10/welcome')).toContain('Second, renamed');

    const blogTags = new Set([...(await tagsOf('/blog/2024/01/10/welcome')), ...(await tagsOf('/blog')), ...(await tagsOf('/blog/rss.xml'))]);
    const docEdit = await push({ 'docs/intro.md': '# Intro\n\nThe docs, edited.\n' });
    expect(docEdit.filter((key) => blogTags.has(key) && (key.startsWith('p-') || key.startsWith('r-')))).toEqual([]);
    expect(docEdit).not.toContain('docsite');
    expect(await text('/docs/intro')).toContain('The docs, edited.');
  });
});
