// A blog's options that are code (issue 48): a docusaurus.config's processBlogPosts and
// feedOptions.createFeedItems, run in the sandbox with Docusaurus's arguments, decide which posts
// the blog has and what its feeds hold, on the real server. A function that fails leaves
// Docusaurus's defaults and tells the author.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type AppServer } from './support/app-server.js';
import { removeTempDirs, TestRepo, tempDir } from './support/repos.js';

const CONFIG = `module.exports = {
  title: 'Coded',
  url: 'https://coded.example',
  baseUrl: '/',
  presets: [['classic', {
    docs: { routeBasePath: 'docs' },
    blog: {
      // Leaves out posts tagged internal, and puts the pinned one first.
      processBlogPosts: async ({ blogPosts }) => {
        const kept = blogPosts.filter((post) => !post.metadata.tags.some((tag) => tag.label === 'internal'));
        const pinned = kept.filter((post) => post.metadata.frontMatter.pinned);
        return [...pinned, ...kept.filter((post) => !post.metadata.frontMatter.pinned)].map((post) =>
          post.content.includes('SHOUT') ? { ...post, metadata: { ...post.metadata, title: post.metadata.title.toUpperCase() } } : post);
      },
      feedOptions: {
        type: 'all',
        // The newest item only, its title marked, from Docusaurus's own items.
        createFeedItems: async ({ blogPosts, defaultCreateFeedItems, ...rest }) => {
          const items = await defaultCreateFeedItems({ blogPosts, ...rest });
          return items.slice(0, 1).map((item) => ({ ...item, title: 'Latest: ' + item.title }));
        },
      },
    },
  }]],
};
`;

describe("a blog's processBlogPosts and createFeedItems", () => {
  let app: AppServer;

  beforeAll(async () => {
    const dir = path.join(tempDir('docsite-blog-code-'), 'site');
    const repo = await TestRepo.create(dir);
    await repo.commit({
      'docusaurus.config.js': CONFIG,
      'docs/intro.md': '# Intro\n',
      'blog/2024-01-01-old.md': '---\ntitle: Old but pinned\npinned: true\n---\n\nPinned words.\n',
      'blog/2024-02-01-secret.md': '---\ntitle: Internal memo\ntags: [internal]\n---\n\nNot for readers.\n',
      'blog/2024-03-01-new.md': '---\ntitle: New post\n---\n\nSHOUT new words.\n',
    });
    await repo.branch('broken');
    await repo.commit({ 'docusaurus.config.js': CONFIG.replace('const kept = ', 'throw new Error("no"); const kept = ') });
    await repo.checkout('main');
    app = await startApp({ CONTENT_REPO: dir, SYNC_INTERVAL: '0', PREVIEW_BRANCHES: '*' });
  });
  afterAll(async () => {
    await app?.stop();
    removeTempDirs();
  });

  const text = async (pathname: string) => (await (await fetch(`${app.url}${pathname}`)).text()).replaceAll('<!-- -->', '');

  it('lists the posts processBlogPosts returns, in its order, with the titles it set', async () => {
    const list = await text('/blog');
    const titles = [...list.matchAll(/<h2 class="blog-post-title"><a [^>]*>([^<]+)<\/a>/g)].map((match) => match[1]);
    expect(titles).toEqual(['Old but pinned', 'NEW POST']);
    expect(list).not.toContain('Not for readers.');
    expect((await fetch(`${app.url}/blog/2024/02/01/secret`)).status).toBe(404);
    // Neighbours follow the processed order.
    expect(await text('/blog/2024/01/01/old')).toMatch(/href="\/blog\/2024\/03\/01\/new"[^>]*>NEW POST »/);
  });

  it('fills the feeds with the items createFeedItems returns', async () => {
    const feed = await (await fetch(`${app.url}/blog/feed.json`)).json();
    expect(feed.items.map((item: { title: string; url: string }) => [item.title, item.url])).toEqual([['Latest: Old but pinned', 'https://coded.example/blog/2024/01/01/old']]);
    expect(await text('/blog/rss.xml')).toContain('<title><![CDATA[Latest: Old but pinned]]></title>');
  });

  it('keeps the posts as Docusaurus reads them when processBlogPosts fails, and says so', async () => {
    const list = await text('/blog/~broken');
    expect(list).toContain('Not for readers.');
    expect(list).toContain('docusaurus.config.js: processBlogPosts');
  });
});
