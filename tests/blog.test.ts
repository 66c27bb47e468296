// The blog served by the real server (issue 48): a repository whose docsite.yaml turns the blog on
// (as Docusaurus's classic preset does), its list pages with truncated posts, each post with its
// neighbours, drafts left out and unlisted posts served but not listed, all without JavaScript;
// its RSS, Atom and JSON feeds, read by a strict XML parser and checked for what readers rely on.
import path from 'node:path';
import { xml2js, type Element } from 'xml-js';
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
  editUrl: https://forge.example/edit/main/
  showLastUpdateTime: true
  showLastUpdateAuthor: true
  feedOptions: { type: all, copyright: Copyright Acme, limit: 2 }
navbar:
  items:
    - { to: /docs/intro, label: Docs }
    - { to: /blog, label: Blog }
`;

describe('a blog served from git', () => {
  let app: AppServer;
  let branchCommit: string;

  beforeAll(async () => {
    const dir = path.join(tempDir('docsite-blog-'), 'site');
    const repo = await TestRepo.create(dir);
    await repo.commit({
      'docsite.yaml': CONFIG,
      'docs/intro.md': '# Intro\n\nThe docs.\n',
      'blog/authors.yml': 'ada:\n  name: Ada Lovelace\n  title: Engineer\n  page: true\n',
      'blog/2024-01-10-welcome.md': '---\ntitle: Welcome\nauthors: [ada, zed]\ntags: [news]\n---\n\nFirst words.\n\n<!-- truncate -->\n\nThe hidden rest.\n',
      'blog/2024-02-20-second.md': '---\ntitle: Second post\nlast_update: { date: 2024-07-01, author: An Editor }\n---\n\nShort and whole.\n',
      'blog/2024/03/30/third/index.mdx': '---\ntitle: Third post\n---\n\nThird intro.\n\n{/* truncate */}\n\n## More\n\nAfter the MDX marker.\n',
      'blog/secret.md': '---\ndate: 2024-04-01\nunlisted: true\nhide_table_of_contents: true\n---\n\nOnly by its link.\n\n## Hidden heading\n',
      'blog/wip.md': '---\ndate: 2024-05-01\ndraft: true\n---\n\nNot yet.\n',
    });
    // A branch where an author writes the next post.
    await repo.branch('post/next');
    branchCommit = await repo.commit({ 'blog/2024-06-01-next.md': '---\ntitle: Next post\n---\n\nWritten on a branch.\n' });
    await repo.checkout('main');
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
    expect(html).toContain('<link rel="alternate" type="application/rss+xml" href="/blog/rss.xml" title="Blog site Blog (rss)"/>');
    expect(html).toContain('<link rel="alternate" type="application/feed+json" href="/blog/feed.json" title="Blog site Blog (json)"/>');
    // The recent-posts sidebar lists listed posts only.
    expect(html).toContain('Recent posts');
    // The navbar's search form searches the docs and posts of the same ref.
    expect(html).toMatch(/<form [^>]*action="\/docs\/search"/);
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
    expect(welcome.html).toContain('<a href="https://forge.example/edit/main/blog/2024-01-10-welcome.md">Edit this page</a>');
    // When and by whom: git's last change, or the front matter's last_update.
    expect(welcome.html).toMatch(/Last updated on <time dateTime="\d{4}-\d\d-\d\d">\d{4}-\d\d-\d\d<\/time> by Test Author/);
    expect(html).toContain('Last updated on <time dateTime="2024-07-01">2024-07-01</time> by An Editor');
    // An author the authors file does not have is a problem its author sees, not a crash.
    expect(welcome.html).toContain('blog/2024-01-10-welcome.md: Author &quot;zed&quot; is not in authors.yml.');
  });

  it("shows a post's table of contents, unless its front matter hides it", async () => {
    const { html } = await get('/blog/2024/03/30/third');
    expect(html).toContain('<p class="toc-title">On this page</p>');
    expect(html).toContain('href="#more"');
    expect((await get('/blog/secret')).html).not.toContain('On this page');
  });

  it('serves an unlisted post at its URL, and not a draft', async () => {
    expect((await get('/blog/secret')).html).toContain('Only by its link.');
    expect((await get('/blog/wip')).status).toBe(404);
    expect((await get('/blog/nothing-here')).status).toBe(404);
  });

  it("tells the operator the blog's problems at /readyz: an unknown author, and posts list pages show whole", async () => {
    const ready = (await (await fetch(`${app.url}/readyz`)).json()) as { problems: { code: string; file: string; message: string }[] };
    const blog = ready.problems.filter((problem) => problem.code === 'blog');
    expect(blog.filter((problem) => problem.message.includes('truncation marker')).map((problem) => problem.file)).toEqual(['blog/secret.md', 'blog/2024-02-20-second.md']);
    expect(blog.some((problem) => problem.file === 'blog/2024-01-10-welcome.md' && problem.message.includes('"zed"'))).toBe(true);
  });

  it('still serves the docs beside it', async () => {
    const { status, html } = await get('/docs/intro');
    expect(status).toBe(200);
    expect(html).toContain('The docs.');
  });

  /** The child elements of an element named `name`. */
  const children = (element: Element, name: string) => (element.elements ?? []).filter((child) => child.name === name);
  /** The text of an element's first child named `name`. */
  const text = (element: Element, name: string) => {
    const [child] = children(element, name);
    return child?.elements?.map((node) => node.text ?? node.cdata ?? '').join('') ?? '';
  };

  it('publishes RSS 2.0 of the newest listed posts, with absolute links, guids and RFC 822 dates', async () => {
    const response = await fetch(`${app.url}/blog/rss.xml`);
    expect(response.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
    const document = xml2js(await response.text()) as Element;
    const [rss] = children(document, 'rss');
    expect(rss.attributes?.version).toBe('2.0');
    const [channel] = children(rss, 'channel');
    expect(text(channel, 'title')).toBe('Blog site Blog');
    expect(text(channel, 'link')).toBe(`${app.url}/blog`);
    expect(text(channel, 'copyright')).toBe('Copyright Acme');
    const items = children(channel, 'item');
    expect(items.map((item) => text(item, 'title'))).toEqual(['Third post', 'Second post']);
    for (const item of items) {
      expect(text(item, 'link')).toMatch(new RegExp(`^${app.url}/blog/2024/`));
      expect(text(item, 'guid')).toBe(text(item, 'link'));
      expect(new Date(text(item, 'pubDate')).toUTCString()).toBe(text(item, 'pubDate'));
    }
    expect(text(items[0], 'content:encoded')).toContain('After the MDX marker.');
  });

  it('publishes Atom with ids, updated dates and alternate links', async () => {
    const document = xml2js(await (await fetch(`${app.url}/blog/atom.xml`)).text()) as Element;
    const [feed] = children(document, 'feed');
    expect(feed.attributes?.xmlns).toBe('http://www.w3.org/2005/Atom');
    expect(text(feed, 'id')).toBe(`${app.url}/blog`);
    expect(text(feed, 'updated')).toBe('2024-03-30T00:00:00.000Z');
    const entries = children(feed, 'entry');
    expect(entries.map((entry) => [text(entry, 'id'), text(entry, 'updated'), children(entry, 'link')[0]?.attributes?.href])).toEqual([
      [`${app.url}/blog/2024/03/30/third`, '2024-03-30T00:00:00.000Z', `${app.url}/blog/2024/03/30/third`],
      [`${app.url}/blog/2024/02/20/second`, '2024-02-20T00:00:00.000Z', `${app.url}/blog/2024/02/20/second`],
    ]);
  });

  it("publishes a JSON Feed with JSON Feed 1.1's required fields", async () => {
    const feed = await (await fetch(`${app.url}/blog/feed.json`)).json();
    expect(feed.version).toMatch(/^https:\/\/jsonfeed\.org\/version\/1(\.1)?$/);
    expect(feed.title).toBe('Blog site Blog');
    expect(feed.items).toHaveLength(2);
    for (const item of feed.items) {
      expect(typeof item.id).toBe('string');
      expect(item.content_html ?? item.content_text).toEqual(expect.any(String));
      expect(item.url).toBe(item.id);
    }
  });

  it('answers 404 for a feed a blog does not publish', async () => {
    expect((await fetch(`${app.url}/blog/feed.xml`)).status).toBe(404);
  });

  it("shows a branch's new post at /blog/~branch, in that branch's list and feed, and not on main", async () => {
    const preview = await get('/blog/~post%2Fnext');
    expect(preview.status).toBe(200);
    expect(preview.html).toMatch(/href="\/blog\/~post%2Fnext\/2024\/06\/01\/next"[^>]*>Next post/);
    expect(preview.html).toMatch(/href="\/blog\/~post%2Fnext\/page\/2"/);
    expect(preview.html).toMatch(/<form [^>]*action="\/docs\/~post%2Fnext\/search"/);
    const post = await get('/blog/~post%2Fnext/2024/06/01/next');
    expect(post.html).toContain('Written on a branch.');
    expect(post.html).toMatch(/href="\/blog\/~post%2Fnext\/2024\/03\/30\/third"[^>]*>Third post »/);
    const feed = await (await fetch(`${app.url}/blog/~post%2Fnext/feed.json`)).json();
    expect(feed.items[0].id).toBe(`${app.url}/blog/~post%2Fnext/2024/06/01/next`);
    expect((await get('/blog')).html).not.toContain('Next post');
    expect((await get('/blog/2024/06/01/next')).status).toBe(404);
    expect((await get('/blog/~nothing')).status).toBe(404);
    const changes = await get('/blog/~post%2Fnext/changes');
    expect(changes.html).toContain('<h1>Changes of branch post/next</h1>');
    expect(changes.html).toMatch(/added<\/span> <a [^>]*href="\/blog\/~post%2Fnext\/2024\/06\/01\/next"[^>]*>Next post<\/a> <code>blog\/2024-06-01-next.md<\/code>/);
  });

  it('serves the branch commit at an immutable /blog/@commit permalink', async () => {
    const response = await fetch(`${app.url}/blog/@${branchCommit.slice(0, 12)}/2024/06/01/next`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('Written on a branch.');
    expect((await get('/blog/@0123456789ab')).status).toBe(404);
  });

  it("answers the blog's posts, tags and authors as JSON, on the default ref or a branch", async () => {
    const main = await (await fetch(`${app.url}/api/blog`)).json();
    expect(main.blog).toMatchObject({ id: 'default', title: 'News', url: '/blog' });
    expect(main.posts.map((post: { title: string }) => post.title)).toEqual(['Third post', 'Second post', 'Welcome']);
    expect(main.posts[2]).toMatchObject({ url: '/blog/2024/01/10/welcome', date: '2024-01-10T00:00:00.000Z', truncated: true, tags: [{ label: 'news', url: '/blog/tags/news' }] });
    expect(main.authors).toEqual([{ name: 'Ada Lovelace', url: '/blog/authors/ada', count: 1 }]);
    const branch = await (await fetch(`${app.url}/api/blog?ref=~post%2Fnext`)).json();
    expect(branch.posts[0]).toMatchObject({ title: 'Next post', url: '/blog/~post%2Fnext/2024/06/01/next' });
    const bad = await fetch(`${app.url}/api/blog?blog=nope`);
    expect(bad.status).toBe(404);
    expect(bad.headers.get('content-type')).toBe('application/problem+json');
  });
});
