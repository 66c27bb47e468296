// Docusaurus's blog plugin fixtures read by docsite's blog (issue 48): the `website/` fixture site
// committed as a git repository and loaded by server/blog, compared with the expectations written
// inline in Docusaurus's `index.test.ts` ("builds a simple website"), and the pagination snapshots
// of `blogUtils.test.ts.snap`.
//
// Where docsite differs, and why (the fixture README lists where fixtures are older than the tests):
// - Docusaurus's test runs in development mode with the `en` translations (`i18n/en/...`): docsite
//   serves one locale as a production build does, so the birthday post is the `blog/` one (title
//   "Happy 1st Birthday Slash!", description "Happy birthday!"), the draft is left out, and Simple
//   Slug's next post is "some heading", not "draft" (unlisted posts are not neighbours either).
// - The tests expect tags on date-matter, complex-slug and the birthday post that the fixture
//   versions found do not have (README "Known gaps"): tags are compared with the files as they are.
// - `editUrl`, `source` and `frontMatter` are not compared here (not what this test covers).
// - Feeds: the items of `build-snap/blog/feed.json` (a real build) are compared by id, title, date
//   and summary; their HTML is the page renderer's (tests/blog.test.ts), not Docusaurus's; the
//   build's `é` and `ô` are decomposed (README), compared after NFC normalisation.
import { afterAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import type { Blog, BlogPost } from '../server/blog/blog.js';
import { blogFeed, defaultFeedItems, feedPosts } from '../server/blog/feeds.js';
import { paginate } from '../server/blog/paginate.js';
import { loadFixtureBlog } from './support/blog-fixtures.js';
import { readJestSnapshots } from './support/jest-snapshots.js';
import { removeTempDirs } from './support/repos.js';
import { blogFixtures, hasBlogFixtures } from './support/requirements.js';

const present = hasBlogFixtures();

afterAll(removeTempDirs);

/** The post of a blog with a title (fails the test when there is none). */
function byTitle(blog: Blog, title: string): BlogPost {
  const post = blog.posts.find((candidate) => candidate.title === title);
  if (!post) throw new Error(`no post titled "${title}" in ${blog.posts.map((p) => p.title).join(', ')}`);
  return post;
}

/** The metadata Docusaurus's test compares, as docsite has it. */
function metadata(post: BlogPost) {
  const { permalink, readingTime, title, description, authors, date, tags, prevItem, nextItem, hasTruncateMarker, unlisted } = post;
  return { permalink, readingTime, title, description, authors, date, tags, prevItem, nextItem, hasTruncateMarker, unlisted };
}

describe.runIf(present)("Docusaurus's blog fixture website/ ('builds a simple website')", () => {
  let blog: Blog;
  it('reads every post but the draft, in date order, unlisted ones served but not listed', async () => {
    blog = await loadFixtureBlog('website', { path: 'blog', routeBasePath: '/blog/' });
    // Docusaurus's "i18n config translate is wired properly" order, with the draft left out (production).
    expect(blog.posts.map((post) => post.title)).toEqual([
      'test links',
      'MDX Blog Sample with require calls',
      'Full Blog Sample',
      'Complex Slug',
      'Simple Slug',
      'unlisted',
      'some heading',
      'date-matter',
      'Happy 1st Birthday Slash!',
    ]);
    expect([...blog.drafts.keys()]).toEqual(['/blog/draft']);
    expect(blog.listed.map((post) => post.title)).not.toContain('unlisted');
    expect(blog.byPermalink.get('/blog/unlisted')?.unlisted).toBe(true);
  });

  it('gives date-matter its front matter date, first line as description, and its neighbours', () => {
    expect(metadata(byTitle(blog, 'date-matter'))).toEqual({
      permalink: '/blog/date-matter',
      readingTime: 0.02,
      title: 'date-matter',
      description: 'date inside front matter',
      authors: [],
      date: new Date('2019-01-01'),
      tags: [],
      prevItem: { permalink: '/blog/heading-as-title', title: 'some heading' },
      nextItem: { permalink: '/blog/2018/12/14/Happy-First-Birthday-Slash', title: 'Happy 1st Birthday Slash!' },
      hasTruncateMarker: false,
      unlisted: false,
    });
  });

  it('dates the birthday post by its file name, with an inline author and one from authors.yml', () => {
    expect(metadata(byTitle(blog, 'Happy 1st Birthday Slash!'))).toEqual({
      permalink: '/blog/2018/12/14/Happy-First-Birthday-Slash',
      readingTime: 0.01,
      title: 'Happy 1st Birthday Slash!',
      description: 'Happy birthday!',
      authors: [
        { name: 'Yangshun Tay', imageURL: undefined, key: null, page: null, socials: {} },
        { key: 'slorber', name: 'Sébastien Lorber', title: 'Docusaurus maintainer', imageURL: undefined, socials: undefined, page: null },
      ],
      date: new Date('2018-12-14'),
      tags: [],
      prevItem: { permalink: '/blog/date-matter', title: 'date-matter' },
      nextItem: undefined,
      hasTruncateMarker: false,
      unlisted: false,
    });
  });

  it('serves a complex slug (spaces, accents) and a non-YAML date', () => {
    expect(metadata(byTitle(blog, 'Complex Slug'))).toMatchObject({
      permalink: '/blog/hey/my super path/héllô',
      readingTime: 0.02,
      description: 'complex url slug',
      authors: [],
      date: new Date('2020-08-16'),
      nextItem: { permalink: '/blog/simple/slug', title: 'Simple Slug' },
    });
  });

  it("reads the legacy author keys, and skips the draft and the unlisted post as Simple Slug's next", () => {
    expect(metadata(byTitle(blog, 'Simple Slug'))).toEqual({
      permalink: '/blog/simple/slug',
      readingTime: 0.02,
      title: 'Simple Slug',
      description: 'simple url slug',
      authors: [{ name: 'Sébastien Lorber', title: 'Docusaurus maintainer', url: 'https://sebastienlorber.com', imageURL: undefined, page: null, key: null }],
      date: new Date('2020-08-15'),
      tags: [],
      prevItem: { permalink: '/blog/hey/my super path/héllô', title: 'Complex Slug' },
      nextItem: { permalink: '/blog/heading-as-title', title: 'some heading' },
      hasTruncateMarker: false,
      unlisted: false,
    });
  });

  it('takes the title from the first heading, which is not counted or excerpted', () => {
    expect(metadata(byTitle(blog, 'some heading'))).toMatchObject({
      permalink: '/blog/heading-as-title',
      readingTime: 0,
      description: '',
      date: new Date('2019-01-02'),
      nextItem: { permalink: '/blog/date-matter', title: 'date-matter' },
    });
  });
});

describe.runIf(present)("Docusaurus's blog fixture website-blog-with-tags/", () => {
  it('gives inline tags kebab-case permalinks, and reports them against no tags file', async () => {
    const blog = await loadFixtureBlog('website-blog-with-tags', { postsPerPage: 2 });
    const tagged = blog.listed.flatMap((post) => post.tags.map((tag) => tag.permalink));
    expect(new Set(tagged)).toEqual(new Set(['/blog/tags/tag-1', '/blog/tags/tag-2']));
    expect(blog.byPermalink.size).toBe(4);
    expect(blog.listed).toHaveLength(3);
    expect(blog.problems).toEqual([]);
  });
});

describe.runIf(present)("Docusaurus's paginateBlogPosts snapshots (blogUtils.test.ts.snap)", () => {
  const snapshots = present ? readJestSnapshots(path.join(blogFixtures, '__snapshots__/blogUtils.test.ts.snap')) : new Map();
  const posts = ['post1', 'post2', 'post3', 'post4', 'post5'];
  const cases: [string, readonly string[], string, number, string][] = [
    ['generates pages', posts, '/blog', 2, 'page'],
    ['generates pages - 0 blog post', [], '/blog', 2, 'page'],
    ['generates pages at blog root', posts, '/', 2, 'page'],
    ['generates a single page', posts, '/', 10, 'page'],
    ['generates pages with custom pageBasePath', posts, '/blog', 2, 'customPageBasePath'],
  ];
  it.each(cases)('%s', (name, items, basePageUrl, postsPerPage, pageBasePath) => {
    const pages = paginate({ items, basePageUrl, blogTitle: 'Blog Title', blogDescription: 'Blog Description', postsPerPage, pageBasePath });
    expect(snapshots.get(`paginateBlogPosts ${name} 1`)).toBeDefined();
    expect(pages).toEqual(snapshots.get(`paginateBlogPosts ${name} 1`));
  });
});

describe.runIf(present)("Docusaurus's built feed of website/ (build-snap/blog/feed.json)", () => {
  it('holds the same posts, newest first, with their ids, titles, dates and summaries', async () => {
    const blog = await loadFixtureBlog('website', { postsPerPage: 3, feedOptions: { type: 'all', copyright: 'Copyright' } });
    const posts = feedPosts(blog.listed, blog.options);
    const site = { title: 'Docusaurus blog website fixture', origin: 'https://docusaurus.io', base: blog.base, locale: 'en' };
    const items = defaultFeedItems(
      posts.map((post) => ({ post, html: `<p>${post.title}</p>` })),
      site,
    );
    const ours = JSON.parse(blogFeed('json', items, blog.options, site, posts[0]?.date));
    const built = JSON.parse(fs.readFileSync(path.join(blogFixtures, '__fixtures__/website/build-snap/blog/feed.json'), 'utf8'));
    const summary = (feed: { title: string; items: Record<string, string>[] }) => ({
      title: feed.title,
      // The build used the translated birthday post (i18n/en), docsite the blog/ one.
      items: feed.items.map((item) => [item.id.normalize('NFC'), item.title.replace(' (translated)', ''), item.date_modified, item.summary?.replace(' (translated)', '')]),
    });
    expect(summary(ours)).toEqual(summary(built));
    expect(ours.version).toBe(built.version);
  });
});
