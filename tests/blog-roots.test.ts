// Blogs wherever the site puts them (issue 48): a Docusaurus site's own docusaurus.config.js, no
// docsite.yaml, with the classic preset's blog at the site root (routeBasePath `/`, as a
// blog-first site has it) and a second blog plugin at `/releases`. Each has its list, posts, tags,
// feeds, sitemap and previews at its own root, and the docs keep theirs.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type AppServer } from './support/app-server.js';
import { removeTempDirs, TestRepo, tempDir } from './support/repos.js';

const CONFIG = `module.exports = {
  title: 'Roots',
  url: 'https://roots.example',
  baseUrl: '/',
  presets: [['classic', { docs: { routeBasePath: 'docs' }, blog: { routeBasePath: '/', blogTitle: 'Journal', postsPerPage: 1 } }]],
  plugins: [['@docusaurus/plugin-content-blog', { id: 'releases', path: 'releases', routeBasePath: 'releases', blogTitle: 'Releases' }]],
};
`;

describe('blogs at the site root and at a root of their own', () => {
  let app: AppServer;

  beforeAll(async () => {
    const dir = path.join(tempDir('docsite-blog-roots-'), 'site');
    const repo = await TestRepo.create(dir);
    await repo.commit({
      'docusaurus.config.js': CONFIG,
      'docs/intro.md': '# Intro\n\nThe docs.\n',
      'blog/2024-01-10-hello.md': '---\ntitle: Hello\ntags: [news]\n---\n\nHello words.\n',
      'blog/2024-02-20-again.md': '---\ntitle: Again\n---\n\nAgain words, see [the docs](/docs/intro) and [the first post](./2024-01-10-hello.md).\n',
      'releases/2024-03-01-v1.md': '---\ntitle: Version 1\n---\n\nThe first release.\n',
    });
    await repo.branch('post/draft');
    await repo.commit({ 'releases/2024-04-01-v2.md': '---\ntitle: Version 2\n---\n\nThe next release.\n' });
    await repo.checkout('main');
    app = await startApp({ CONTENT_REPO: dir, SYNC_INTERVAL: '0', PREVIEW_BRANCHES: '*' });
  });
  afterAll(async () => {
    await app?.stop();
    removeTempDirs();
  });

  const get = async (pathname: string, init?: RequestInit) => {
    const response = await fetch(`${app.url}${pathname}`, init);
    return { status: response.status, type: response.headers.get('content-type'), text: (await response.text()).replaceAll('<!-- -->', '') };
  };

  it('serves the blog at the site root as the home page, paginated, with its posts below the root', async () => {
    const home = await get('/');
    expect(home.status).toBe(200);
    expect(home.text).toContain('<title>Journal | Roots</title>');
    expect(home.text).toMatch(/<a [^>]*href="\/2024\/02\/20\/again"[^>]*>Again<\/a>/);
    expect(home.text).toMatch(/href="\/page\/2"[^>]*>Older entries/);
    expect(home.text).toMatch(/<link rel="stylesheet" href="\/assets\/blog-[^"]+\.css"\/>/);
    expect((await get('/page/2')).text).toContain('Hello words.');
    const post = await get('/2024/01/10/hello');
    expect(post.status).toBe(200);
    expect(post.text).toContain('<h1 class="blog-post-title">Hello</h1>');
    expect(post.text).toContain('href="/tags/news"');
    expect((await get('/tags/news')).text).toContain('Hello words.');
    expect((await get('/2024/01/10/hello.md')).text).toContain('Hello words.');
  });

  it('keeps the docs at their own base beside a root blog, and links from a post to them resolve', async () => {
    expect((await get('/docs/intro')).text).toContain('The docs.');
    const again = (await get('/2024/02/20/again')).text;
    expect(again).toMatch(/href="\/docs\/intro"/);
    // A link to another post's file resolves to that post's URL below the root.
    expect(again).toMatch(/href="\/2024\/01\/10\/hello"[^>]*>the first post/);
  });

  it('serves a second blog at its routeBasePath, with its own feeds', async () => {
    const list = await get('/releases');
    expect(list.status).toBe(200);
    expect(list.text).toContain('<title>Releases | Roots</title>');
    expect(list.text).toContain('The first release.');
    expect(list.text).not.toContain('Hello words.');
    expect((await get('/releases/2024/03/01/v1')).text).toContain('<h1 class="blog-post-title">Version 1</h1>');
    const rss = await get('/releases/rss.xml');
    expect(rss.type).toBe('application/rss+xml; charset=utf-8');
    expect(rss.text).toContain('<link>https://roots.example/releases/2024/03/01/v1</link>');
    const atom = await get('/atom.xml');
    expect(atom.type).toBe('application/atom+xml; charset=utf-8');
    expect(atom.text).toContain('https://roots.example/2024/02/20/again');
    expect(atom.text).not.toContain('v1');
  });

  it('answers a client navigation for a blog page as data', async () => {
    const data = await get('/releases/2024/03/01/v1.data');
    expect(data.status).toBe(200);
    expect(data.text).toContain('The first release.');
  });

  it('lists each blog in the sitemap index, the root blog beside the index itself, and keeps previews out of robots.txt', async () => {
    const index = (await get('/sitemap.xml')).text;
    expect(index).toContain('<loc>https://roots.example/blog-sitemap.xml</loc>');
    expect(index).toContain('<loc>https://roots.example/releases/sitemap.xml</loc>');
    expect((await get('/blog-sitemap.xml')).text).toContain('<loc>https://roots.example/2024/01/10/hello</loc>');
    expect((await get('/releases/sitemap.xml')).text).toContain('<loc>https://roots.example/releases/2024/03/01/v1</loc>');
    const robots = (await get('/robots.txt')).text;
    expect(robots).toContain('Disallow: /~\n');
    expect(robots).toContain('Disallow: /releases/~\n');
  });

  it("previews a branch's new post at that blog's root, and not on main", async () => {
    const preview = await get('/releases/~post%2Fdraft');
    expect(preview.text).toMatch(/href="\/releases\/~post%2Fdraft\/2024\/04\/01\/v2"[^>]*>Version 2/);
    // Docusaurus's default feeds are RSS and Atom.
    expect((await get('/releases/feed.json')).status).toBe(404);
    expect((await get('/releases/~post%2Fdraft/atom.xml')).text).toContain('https://roots.example/releases/~post%2Fdraft/2024/04/01/v2');
    expect((await get('/releases')).text).not.toContain('Version 2');
    expect((await get('/releases/2024/04/01/v2')).status).toBe(404);
  });

  it('answers 404 for a page no blog has', async () => {
    expect((await get('/releases/nothing')).status).toBe(404);
    expect((await get('/nothing/here')).status).toBe(404);
  });
});

// Docusaurus's blog-only mode: `docs: false`, the blog at the site root.
describe('a blog-only site', () => {
  let app: AppServer;

  beforeAll(async () => {
    const dir = path.join(tempDir('docsite-blog-only-'), 'site');
    const repo = await TestRepo.create(dir);
    await repo.commit({
      'docusaurus.config.js': `module.exports = { title: 'Only a blog', url: 'https://only.example', baseUrl: '/', presets: [['classic', { docs: false, blog: { routeBasePath: '/' } }]] };\n`,
      'blog/2024-01-01-hello.md': '---\ntitle: Hello\n---\n\nHello from a blog with no docs.\n',
    });
    app = await startApp({ CONTENT_REPO: dir, SYNC_INTERVAL: '0' });
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('is ready, serves its posts from the root, and its search form finds them', async () => {
    expect((await fetch(`${app.url}/readyz`)).status).toBe(200);
    const home = await (await fetch(`${app.url}/`)).text();
    expect(home).toContain('Hello from a blog with no docs.');
    expect((await fetch(`${app.url}/2024/01/01/hello`)).status).toBe(200);
    const action = /<form role="search"[^>]*action="([^"]+)"/.exec(home)?.[1];
    expect(action).toBeDefined();
    const results = await (await fetch(`${app.url}${action}?q=hello`)).text();
    expect(results).toMatch(/<a [^>]*href="\/2024\/01\/01\/hello"/);
  });

  it('has no docs at all: no docs instance is made up for it', async () => {
    const versions = (await (await fetch(`${app.url}/api/versions`)).json()) as { instances: unknown[] };
    expect(versions.instances).toEqual([]);
    expect((await fetch(`${app.url}/general`)).status).toBe(404);
  });
});
