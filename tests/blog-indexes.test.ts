// A blog's tags, authors and archive pages served by the real server (issue 48), as Docusaurus's
// blog makes them: the tags list and each tag's posts (paginated), the authors who have a page and
// each one's posts, every listed post by year; unlisted posts on none of them.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type AppServer } from './support/app-server.js';
import { removeTempDirs, TestRepo, tempDir } from './support/repos.js';

const post = (front: string, body: string) => `---\n${front}\n---\n\n${body}\n`;

describe("a blog's tags, authors and archive", () => {
  let app: AppServer;

  beforeAll(async () => {
    const dir = path.join(tempDir('docsite-blog-indexes-'), 'site');
    const repo = await TestRepo.create(dir);
    await repo.commit({
      'docsite.yaml': 'title: Indexes\ndocs: { path: docs, base: docs }\nblog: { postsPerPage: 1, onInlineTags: ignore }\n',
      'docs/intro.md': '# Intro\n',
      'blog/authors.yml': 'ada:\n  name: Ada Lovelace\n  title: Engineer\n  page: true\nbob:\n  name: Bob\n  page: { permalink: robert }\n',
      'blog/tags.yml': 'release:\n  label: Releases\n  description: New versions of the product.\n',
      'blog/2023-06-01-old.md': post('title: Old news\ntags: [release]\nauthors: [ada]', 'From last year.'),
      'blog/2024-02-01-new.md': post('title: New release\ntags: [release, Security Fix]\nauthors: [ada, bob]', 'Fresh.'),
      'blog/2024-03-01-hidden.md': post('title: Hidden\ntags: [release]\nauthors: [ada]\nunlisted: true', 'Unlisted.'),
    });
    app = await startApp({ CONTENT_REPO: dir, SYNC_INTERVAL: '0' });
  });
  afterAll(async () => {
    await app?.stop();
    removeTempDirs();
  });

  const get = async (pathname: string) => {
    const response = await fetch(`${app.url}${pathname}`);
    return { status: response.status, html: (await response.text()).replaceAll('<!-- -->', '') };
  };

  it('lists the tags with their counts of listed posts', async () => {
    const { status, html } = await get('/blog/tags');
    expect(status).toBe(200);
    expect(html).toMatch(/href="\/blog\/tags\/release"[^>]*>Releases <span class="blog-count">2<\/span>/);
    expect(html).toMatch(/href="\/blog\/tags\/security-fix"[^>]*>Security Fix <span class="blog-count">1<\/span>/);
  });

  it("pages a tag's posts, with the tags file's label and description", async () => {
    const first = await get('/blog/tags/release');
    expect(first.status).toBe(200);
    expect(first.html).toContain('<h1>2 posts tagged with &quot;Releases&quot;</h1>');
    expect(first.html).toContain('New versions of the product.');
    expect(first.html).toContain('Fresh.');
    expect(first.html).not.toContain('Unlisted.');
    expect(first.html).toMatch(/href="\/blog\/tags\/release\/page\/2"[^>]*>Older entries/);
    expect((await get('/blog/tags/release/page/2')).html).toContain('From last year.');
    expect((await get('/blog/tags/release/page/3')).status).toBe(404);
    expect((await get('/blog/tags/nothing')).status).toBe(404);
    // One post is "One post", as Docusaurus words it.
    expect((await get('/blog/tags/security-fix')).html).toContain('<h1>One post tagged with &quot;Security Fix&quot;</h1>');
  });

  it('lists the authors who have a page, and pages each one’s posts', async () => {
    const authors = await get('/blog/authors');
    expect(authors.html).toMatch(/href="\/blog\/authors\/ada"[^>]*>Ada Lovelace<\/a> <span class="blog-count">2<\/span>/);
    expect(authors.html).toMatch(/href="\/blog\/authors\/robert"[^>]*>Bob<\/a> <span class="blog-count">1<\/span>/);
    const ada = await get('/blog/authors/ada');
    expect(ada.html).toContain('<h1>Ada Lovelace</h1>');
    expect(ada.html).toContain('Fresh.');
    expect((await get('/blog/authors/ada/page/2')).html).toContain('From last year.');
    expect((await get('/blog/authors/robert')).html).toContain('Fresh.');
  });

  it('archives every listed post by year, newest first', async () => {
    const { status, html } = await get('/blog/archive');
    expect(status).toBe(200);
    expect(html.indexOf('<h2>2024</h2>')).toBeLessThan(html.indexOf('<h2>2023</h2>'));
    expect(html).toContain('February 1, 2024 - New release');
    expect(html).toContain('June 1, 2023 - Old news');
    expect(html).not.toContain('Hidden</a>');
  });

  it('lists its pages in a sitemap of its own, named by the sitemap index, and keeps previews from robots', async () => {
    const sitemap = await get('/blog/sitemap.xml');
    const locs = [...sitemap.html.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1].replace(app.url, ''));
    expect(locs).toEqual([
      '/blog',
      '/blog/page/2',
      '/blog/2024/02/01/new',
      '/blog/2023/06/01/old',
      '/blog/tags',
      '/blog/tags/release',
      '/blog/tags/release/page/2',
      '/blog/tags/security-fix',
      '/blog/archive',
      '/blog/authors',
      '/blog/authors/ada',
      '/blog/authors/ada/page/2',
      '/blog/authors/robert',
    ]);
    expect((await get('/sitemap.xml')).html).toContain(`<loc>${app.url}/blog/sitemap.xml</loc>`);
    const robots = (await get('/robots.txt')).html;
    expect(robots).toContain('Disallow: /blog/~');
    expect(robots).toContain('Disallow: /blog/@');
  });

  it("gives agents each post as Markdown at {post}.md, and the blog's llms.txt", async () => {
    const response = await fetch(`${app.url}/blog/2024/02/01/new.md`);
    expect(response.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    const markdown = await response.text();
    expect(markdown).toContain('# New release');
    expect(markdown).toContain('Fresh.');
    const llms = await (await fetch(`${app.url}/blog/llms.txt`)).text();
    expect(llms.split('\n').filter((line) => line.startsWith('- '))).toEqual([
      `- [New release](${app.url}/blog/2024/02/01/new.md) (2024-02-01): Fresh.`,
      `- [Old news](${app.url}/blog/2023/06/01/old.md) (2023-06-01): From last year.`,
    ]);
    expect((await fetch(`${app.url}/blog/nothing.md`)).status).toBe(404);
  });
});
