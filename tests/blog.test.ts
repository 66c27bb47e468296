// The blog served by the real server (issue 48): a repository whose docsite.yaml turns the blog on
// (as Docusaurus's classic preset does), its list pages with truncated posts, each post with its
// neighbours, drafts left out and unlisted posts served but not listed, all without JavaScript.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type AppServer } from './support/app-server.js';
import { removeTempDirs, TestRepo, tempDir } from './support/repos.js';

const CONFIG = `title: Blog site
docs:
  path: docs
  base: docs
blog:
  postsPerPage: 2
  blogTitle: News
navbar:
  items:
    - { to: /docs/intro, label: Docs }
    - { to: /blog, label: Blog }
`;

describe('a blog served from git', () => {
  let app: AppServer;

  beforeAll(async () => {
    const dir = path.join(tempDir('docsite-blog-'), 'site');
    const repo = await TestRepo.create(dir);
    await repo.commit({
      'docsite.yaml': CONFIG,
      'docs/intro.md': '# Intro\n\nThe docs.\n',
      'blog/authors.yml': 'ada:\n  name: Ada Lovelace\n  title: Engineer\n  page: true\n',
      'blog/2024-01-10-welcome.md': '---\ntitle: Welcome\nauthors: [ada]\ntags: [news]\n---\n\nFirst words.\n\n<!-- truncate -->\n\nThe hidden rest.\n',
      'blog/2024-02-20-second.md': '---\ntitle: Second post\n---\n\nShort and whole.\n',
      'blog/2024/03/30/third/index.mdx': '---\ntitle: Third post\n---\n\nThird intro.\n\n{/* truncate */}\n\n## More\n\nAfter the MDX marker.\n',
      'blog/secret.md': '---\ndate: 2024-04-01\nunlisted: true\n---\n\nOnly by its link.\n',
      'blog/wip.md': '---\ndate: 2024-05-01\ndraft: true\n---\n\nNot yet.\n',
    });
    app = await startApp({ CONTENT_REPO: dir, SYNC_INTERVAL: '0' });
  });
  afterAll(async () => {
    await app?.stop();
    removeTempDirs();
  });

  const get = async (pathname: string) => {
    const response = await fetch(`${app.url}${pathname}`);
    // React separates adjacent texts with empty comments: read the text as a reader sees it.
    return { status: response.status, html: (await response.text()).replaceAll('<!-- -->', '') };
  };

  it('lists the newest posts at /blog, each up to its truncation marker, with a link to the older page', async () => {
    const { status, html } = await get('/blog');
    expect(status).toBe(200);
    expect(html).toContain('<title>News | Blog site</title>');
    expect(html).toContain('href="/blog"');
    expect(html).toMatch(/<h2 class="blog-post-title"><a [^>]*href="\/blog\/2024\/03\/30\/third"[^>]*>Third post<\/a><\/h2>/);
    expect(html).toContain('Third intro.');
    expect(html).not.toContain('After the MDX marker.');
    expect(html).toContain('Short and whole.');
    expect(html).toContain('Read more');
    expect(html).not.toContain('First words.');
    expect(html).toMatch(/href="\/blog\/page\/2"[^>]*>Older entries/);
    expect(html).not.toContain('Only by its link.');
    expect(html).not.toContain('Not yet.');
    // The recent-posts sidebar lists listed posts only.
    expect(html).toContain('Recent posts');
  });

  it('serves the second list page, and 404 past the last', async () => {
    const { status, html } = await get('/blog/page/2');
    expect(status).toBe(200);
    expect(html).toContain('First words.');
    expect(html).not.toContain('The hidden rest.');
    expect(html).toMatch(/href="\/blog"[^>]*>« Newer entries/);
    expect((await get('/blog/page/3')).status).toBe(404);
    expect((await get('/blog/page/1')).status).toBe(404);
  });

  it('serves a post whole, with its date, author, tags and its newer and older neighbours', async () => {
    const { status, html } = await get('/blog/2024/02/20/second');
    expect(status).toBe(200);
    expect(html).toContain('<h1 class="blog-post-title">Second post</h1>');
    expect(html).toContain('<time dateTime="2024-02-20T00:00:00.000Z">February 20, 2024</time>');
    expect(html).toMatch(/href="\/blog\/2024\/03\/30\/third"[^>]*>« Third post/);
    expect(html).toMatch(/href="\/blog\/2024\/01\/10\/welcome"[^>]*>Welcome »/);
    const welcome = await get('/blog/2024/01/10/welcome');
    expect(welcome.html).toContain('The hidden rest.');
    expect(welcome.html).toContain('href="/blog/authors/ada"');
    expect(welcome.html).toContain('Ada Lovelace');
    expect(welcome.html).toContain('href="/blog/tags/news"');
  });

  it('serves an unlisted post at its URL, and not a draft', async () => {
    expect((await get('/blog/secret')).html).toContain('Only by its link.');
    expect((await get('/blog/wip')).status).toBe(404);
    expect((await get('/blog/nothing-here')).status).toBe(404);
  });

  it('still serves the docs beside it', async () => {
    const { status, html } = await get('/docs/intro');
    expect(status).toBe(200);
    expect(html).toContain('The docs.');
  });
});
