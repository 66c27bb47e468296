// Blog posts for readers who search and for agents (issue 48): the search page (no JavaScript) and
// /api/search find a blog's listed posts, never drafts or unlisted ones, each blog as a section of its own
// beside the docs, each linked on the ref searched; a branch's search finds the post it adds. The
// MCP tools find posts, read one as its .md serves it and list them; /api/blog's answers match the
// JSON Schema the site publishes.
import crypto from 'node:crypto';
import path from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blogAnswerSchema, searchAnswerSchema } from '../server/site/schema.js';
import { startApp, type AppServer } from './support/app-server.js';
import { answerOf, callTool, mcpClient } from './support/mcp.js';
import { removeTempDirs, TestRepo, tempDir } from './support/repos.js';

const CONFIG = `title: Blog site
url: https://docs.example.org
docs:
  path: docs
  base: docs
blog:
  - blogTitle: News
  - { id: releases, path: releases, routeBasePath: releases, blogTitle: Releases }
`;

const SECRET = 'blog-search-secret';

describe('blog posts in search and in the MCP tools', () => {
  let app: AppServer;
  let client: Client;
  let repo: TestRepo;

  beforeAll(async () => {
    const dir = path.join(tempDir('docsite-blog-search-'), 'site');
    repo = await TestRepo.create(dir);
    await repo.commit({
      'docsite.yaml': CONFIG,
      'docs/intro.md': '# Intro\n\nThe docs explain the quokka configuration.\n',
      'blog/authors.yml': 'ada:\n  name: Ada Lovelace\n  page: true\n',
      'blog/2024-01-10-welcome.md':
        '---\ntitle: Welcome\nauthors: [ada]\ntags: [news]\n---\n\nFirst words about the quokka release.\n\n<!-- truncate -->\n\n## Upgrading\n\nRun the zanzibar migration first.\n',
      'blog/2024-02-20-second.md': '---\ntitle: Second post\n---\n\nShort and whole.\n',
      'blog/secret.md': '---\ndate: 2024-04-01\nunlisted: true\n---\n\nThe zanzibar secret, by its link only.\n',
      'blog/wip.md': '---\ndate: 2024-05-01\ndraft: true\n---\n\nA zanzibar draft.\n',
      'releases/2024-03-01-v2.md': '---\ntitle: Version 2\n---\n\nThe wombat release.\n',
    });
    await repo.branch('post/next');
    await repo.commit({ 'blog/2024-06-01-next.md': '---\ntitle: Next post\n---\n\nThe marsupial roadmap, written on a branch.\n' });
    await repo.checkout('main');
    app = await startApp({ CONTENT_REPO: dir, SYNC_INTERVAL: '0', PREVIEW_BRANCHES: '*', WEBHOOK_SECRET: SECRET });
    client = await mcpClient(app.url);
  });
  afterAll(async () => {
    await client?.close();
    await app?.stop();
    removeTempDirs();
  });

  const api = async (query: string) => {
    const res = await fetch(`${app.url}/api/search?${query}`);
    return { status: res.status, body: await res.json() };
  };
  const html = async (pathname: string) => (await (await fetch(app.url + pathname)).text()).replaceAll('<!-- -->', '');
  /** The results list of a search page, without the navbar and sidebar around it. */
  const results = async (pathname: string) => /<ol class="search-results"[\s\S]*?<\/ol>/.exec(await html(pathname))?.[0] ?? '';

  it("finds a post's words in /api/search, as the blog's own section, linked to the heading that matched", async () => {
    const { status, body } = await api('q=zanzibar');
    expect(status).toBe(200);
    expect(() => searchAnswerSchema.parse(body)).not.toThrow();
    // The draft and the unlisted post say "zanzibar" too: only the listed post is found.
    expect(body.total).toBe(1);
    expect(body.sections).toEqual([{ name: 'blog', label: 'News', count: 1 }]);
    expect(body.results[0]).toMatchObject({
      title: 'Welcome',
      url: '/blog/2024/01/10/welcome#upgrading',
      anchor: 'upgrading',
      heading: 'Upgrading',
      breadcrumb: ['January 10, 2024'],
      section: { name: 'blog', label: 'News' },
    });
    expect(body.results[0].snippet.text).toContain('zanzibar migration');
  });

  it('merges docs and posts by score, and a section filter keeps one or the other', async () => {
    const both = (await api('q=quokka')).body;
    expect(both.total).toBe(2);
    expect(both.results.map((result: { url: string }) => result.url).sort()).toEqual(['/blog/2024/01/10/welcome', '/docs/intro']);
    expect(both.sections.map((section: { name: string }) => section.name)).toContain('blog');
    const posts = (await api('q=quokka&section=blog')).body;
    expect(posts.results.map((result: { url: string }) => result.url)).toEqual(['/blog/2024/01/10/welcome']);
    const docs = (await api(`q=quokka&section=${encodeURIComponent(both.sections[0].name)}`)).body;
    expect(docs.results.map((result: { url: string }) => result.url)).toEqual(['/docs/intro']);
    // Paging goes on across both: the second result is the one the first page did not show.
    const second = (await api('q=quokka&limit=1&offset=1')).body;
    expect(second.results).toHaveLength(1);
    expect(second.results[0].url).toBe(both.results[1].url);
  });

  it('gives each blog a section of its own, named after its id and labelled with its title', async () => {
    const { body } = await api('q=wombat');
    expect(body.sections).toEqual([{ name: 'blog-releases', label: 'Releases', count: 1 }]);
    expect(body.results[0]).toMatchObject({ title: 'Version 2', url: '/releases/2024/03/01/v2', section: { name: 'blog-releases', label: 'Releases' } });
    expect((await api('q=wombat&section=blog')).body.results).toEqual([]);
    expect((await api(`q=wombat&ref=${encodeURIComponent('~post/next')}`)).body.results[0].url).toBe('/releases/~post%2Fnext/2024/03/01/v2');
  });

  it('shows posts on the search page without JavaScript, with a filter for the blog', async () => {
    const page = await html('/docs/search?q=quokka');
    expect(page).toContain('href="/blog/2024/01/10/welcome"');
    expect(page).toContain('News › January 10, 2024');
    expect(page).toMatch(/href="\/docs\/search\?q=quokka&amp;section=blog"[^>]*>News/);
    expect(await results('/docs/search?q=quokka')).toContain('href="/docs/intro"');
    const filtered = await results('/docs/search?q=quokka&section=blog');
    expect(filtered).toContain('href="/blog/2024/01/10/welcome"');
    expect(filtered).not.toContain('href="/docs/intro"');
  });

  it("finds a branch's new post in that branch's search only, linked on the branch", async () => {
    // The branch's docs and its blog's posts are indexed by one whole-site job (the server runs one at a time).
    const branch = (await api(`q=marsupial&ref=${encodeURIComponent('~post/next')}`)).body;
    expect(branch.results.map((result: { url: string }) => result.url)).toEqual(['/blog/~post%2Fnext/2024/06/01/next']);
    expect((await api('q=marsupial')).body.total).toBe(0);
    // Posts of the default ref are found on the branch too, at their branch URL.
    expect((await api(`q=zanzibar&ref=${encodeURIComponent('~post/next')}`)).body.results[0].url).toBe('/blog/~post%2Fnext/2024/01/10/welcome#upgrading');
    expect(await results('/docs/~post%2Fnext/search?q=marsupial')).toContain('href="/blog/~post%2Fnext/2024/06/01/next"');
  });

  it('answers /api/blog as its published JSON Schema says, on the default ref and on a branch', async () => {
    for (const ref of ['', `?ref=${encodeURIComponent('~post/next')}`]) {
      const res = await fetch(`${app.url}/api/blog${ref}`);
      expect(res.status).toBe(200);
      const body = await res.json();
      expect(() => blogAnswerSchema.parse(body)).not.toThrow();
      expect(body.posts.length).toBe(ref ? 3 : 2);
    }
    const schema = await fetch(`${app.url}/api/schema/blog.json`);
    expect(schema.headers.get('content-type')).toContain('application/schema+json');
    expect((await schema.json()).title).toBe('GET /api/blog');
  });

  it('lets an agent search posts, read one as its .md serves it, and list them', async () => {
    const found = await answerOf(client, 'search_docs', { query: 'zanzibar' });
    expect(found.results).toEqual([expect.objectContaining({ title: 'Welcome', url: 'https://docs.example.org/blog/2024/01/10/welcome#upgrading', section: 'blog' })]);
    const post = await answerOf(client, 'get_page', { path_or_url: found.results[0].url });
    expect(post).toMatchObject({ title: 'Welcome', url: 'https://docs.example.org/blog/2024/01/10/welcome', date: '2024-01-10', authors: ['Ada Lovelace'], tags: ['news'] });
    expect(post.toc).toEqual([{ level: 2, title: 'Upgrading', anchor: '#upgrading' }]);
    expect(post.markdown).toBe(await (await fetch(`${app.url}/blog/2024/01/10/welcome.md`)).text());
    const next = await answerOf(client, 'get_page', { path_or_url: '/blog/2024/06/01/next', ref: '~post/next' });
    expect(next.markdown).toContain('The marsupial roadmap');
    expect(await callTool(client, 'get_page', { path_or_url: '/blog/2024/06/01/next' })).toEqual({ error: expect.stringMatching(/^404 /) });
    expect(await callTool(client, 'get_page', { path_or_url: '/blog/2024/01/10/welcome', ref: '4.5' })).toEqual({ error: expect.stringContaining('a blog has no versions') });
    // The docs' llms.txt names the tools an agent finds, the blog's among them.
    expect(await (await fetch(`${app.url}/docs/llms.txt`)).text()).toContain('get_changes, list_posts)');
    const listed = await answerOf(client, 'list_posts', {});
    expect(listed.posts.map((entry: { title: string }) => entry.title)).toEqual(['Second post', 'Welcome']);
    expect((await answerOf(client, 'list_posts', { tag: 'news' })).posts).toEqual([expect.objectContaining({ title: 'Welcome', date: '2024-01-10' })]);
    expect((await answerOf(client, 'list_posts', { ref: '~post/next' })).posts[0].url).toBe('https://docs.example.org/blog/~post%2Fnext/2024/06/01/next');
  });
  it('finds a post pushed to main or to a branch right after the webhook', async () => {
    const webhook = async () => {
      const body = '{}';
      const signature = crypto.createHmac('sha256', SECRET).update(body).digest('hex');
      const headers = { 'Content-Type': 'application/json', 'X-Hub-Signature-256': `sha256=${signature}` };
      expect((await fetch(`${app.url}/api/webhook`, { method: 'POST', body, headers })).status).toBe(200);
    };
    await repo.commit({ 'blog/2024-07-01-platypus.md': '---\ntitle: Platypus\n---\n\nThe platypus announcement.\n' });
    await repo.checkout('post/next');
    await repo.commit({ 'blog/2024-06-01-next.md': '---\ntitle: Next post\n---\n\nThe marsupial roadmap, now with an echidna.\n' });
    await repo.checkout('main');
    await webhook();
    // The published blog's index and the searched branch's are brought up to date after the sync.
    await expect.poll(async () => (await api('q=platypus')).body.results?.[0]?.url, { timeout: 30_000 }).toBe('/blog/2024/07/01/platypus');
    await expect.poll(async () => (await api(`q=echidna&ref=${encodeURIComponent('~post/next')}`)).body.total, { timeout: 30_000 }).toBe(1);
  });
});

describe('a blog of 300 posts in search', () => {
  let app: AppServer;

  beforeAll(async () => {
    // Posts of about 700 words from an 8,000-word vocabulary, used as text is (a few words often, most rarely).
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const vocabulary = Array.from({ length: 8000 }, (_, i) => Array.from({ length: 4 + (i % 7) }, () => String.fromCharCode(97 + Math.floor(random() * 26))).join(''));
    const word = () => vocabulary[Math.floor(vocabulary.length * random() ** 2.5)];
    const text = (words: number) => `${Array.from({ length: words }, word).join(' ')}.`;
    const files: Record<string, string> = { 'docsite.yaml': 'title: Many posts\ndocs:\n  path: docs\n  base: docs\nblog: {}\n', 'docs/intro.md': '# Intro\n\nHello.\n' };
    for (let i = 0; i < 300; i++) {
      const day = new Date(Date.UTC(2020, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
      files[`blog/${day}-post-${i}.md`] = `---\ntitle: Post ${i}\n---\n\n${text(80)}\n\n## ${word()} ${word()}\n\n${text(300)}\n\n## ${word()}\n\n${text(300)}\n`;
    }
    const dir = path.join(tempDir('docsite-blog-posts-'), 'site');
    await (await TestRepo.create(dir)).commit(files);
    // The smallest memory README's "Memory" keeps the 742-page corpus's index at: a search share of about 14 MiB.
    app = await startApp({ CONTENT_REPO: dir, SYNC_INTERVAL: '0', MEMORY_MB: '256' });
  }, 120_000);
  afterAll(async () => {
    await app?.stop();
    removeTempDirs();
  });

  it('finds them with an index of a few MiB, kept within a small search share', async () => {
    const res = await fetch(`${app.url}/api/search?q=${encodeURIComponent('Post 299')}`);
    expect(res.status).toBe(200);
    expect((await res.json()).results[0]).toMatchObject({ title: 'Post 299', section: { name: 'blog', label: 'Blog' } });
    const metrics = await (await fetch(`${app.url}/metrics`)).text();
    const bytes = Number(/^docsite_cache_bytes\{cache="search"\} (\d+)/m.exec(metrics)?.[1]);
    // Measured: 2.7 MiB for the docs' index and the posts' (about 210,000 words).
    expect(bytes).toBeGreaterThan(0);
    expect(bytes).toBeLessThan(4 * 2 ** 20);
  }, 120_000);
});
