// A blog read from a real commit: what a post author relies on (dates from names or front matter,
// drafts left out, unlisted posts served but not listed, neighbours, authors and tags from their
// files) and what a broken file gives (a positioned problem, never a crash).
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Repository } from '../git/repository.js';
import { removeTempDirs, TestRepo, tempDir } from '../../tests/support/repos.js';
import { type Blog, type BlogInput, loadBlog } from './blog.js';
import { blogOptions, type BlogOptionsInput } from './blog-options.js';

afterAll(removeTempDirs);

const UNDATED = new Date('2001-02-03T00:00:00Z');

/** A blog of a commit with these files, read with these options (and a memo of post sources, if given). */
async function blogOf(files: Record<string, string>, options: BlogOptionsInput = {}, postSource?: BlogInput['postSource']): Promise<Blog> {
  const dir = path.join(tempDir('docsite-blog-unit-'), 'repo');
  const repo = await TestRepo.create(dir);
  const commit = await repo.commit(files);
  const repository = Repository.open(dir);
  return loadBlog({ tree: await repository.readTreeIndex(commit), readBlob: (oid) => repository.readBlob(oid), options: blogOptions(options), undated: () => UNDATED, postSource });
}

describe('a blog at a commit', () => {
  it('dates posts by file name, folder name or front matter, newest first, and links listed neighbours', async () => {
    const blog = await blogOf({
      'blog/2024-05-01-first.md': '# First post\n\nHello.\n',
      'blog/2024/06/02/second/index.md': '---\ntitle: Second\n---\nBody <!-- truncate --> more\n',
      'blog/third.mdx': '---\ndate: 2024-07-03T10:00:00Z\nslug: /custom/third\n---\nThird {/* truncate */} rest\n',
      'blog/hidden.md': '---\ndate: 2024-06-15\nunlisted: true\n---\nHidden\n',
      'blog/wip.md': '---\ndate: 2024-08-01\ndraft: true\n---\nNot yet\n',
      'blog/undated.md': 'No date\n',
      'blog/_partial.md': 'Not a post\n',
    });
    expect(blog.posts.map((post) => [post.permalink, post.date.toISOString()])).toEqual([
      ['/blog/custom/third', '2024-07-03T10:00:00.000Z'],
      ['/blog/hidden', '2024-06-15T00:00:00.000Z'],
      ['/blog/2024/06/02/second', '2024-06-02T00:00:00.000Z'],
      ['/blog/2024/05/01/first', '2024-05-01T00:00:00.000Z'],
      ['/blog/undated', UNDATED.toISOString()],
    ]);
    expect(blog.listed.map((post) => post.title)).toEqual(['third', 'Second', 'First post', 'undated']);
    const second = blog.byPermalink.get('/blog/2024/06/02/second');
    expect(second?.prevItem).toEqual({ title: 'third', permalink: '/blog/custom/third' });
    expect(second?.nextItem).toEqual({ title: 'First post', permalink: '/blog/2024/05/01/first' });
    expect(second?.hasTruncateMarker).toBe(true);
    expect(blog.byPermalink.get('/blog/custom/third')?.hasTruncateMarker).toBe(true);
    expect(blog.byPermalink.get('/blog/2024/05/01/first')).toMatchObject({ hasTruncateMarker: false, description: 'Hello.' });
    expect([...blog.drafts.keys()]).toEqual(['/blog/wip']);
    expect(blog.byPermalink.has('/blog/wip')).toBe(false);
  });

  it('sorts ascending, at another folder and route, when the options say so', async () => {
    const blog = await blogOf({ 'news/2020-01-01-a.md': 'A', 'news/2021-01-01-b.md': 'B' }, { path: 'news', routeBasePath: '/', sortPosts: 'ascending', showReadingTime: false });
    expect(blog.posts.map((post) => post.permalink)).toEqual(['/2020/01/01/a', '/2021/01/01/b']);
    expect(blog.posts[0].readingTime).toBeUndefined();
  });

  it('resolves authors by key (with pages and socials) and tags from tags.yml, reporting inline ones', async () => {
    const blog = await blogOf({
      'blog/authors.yml': 'jo:\n  name: Jo\n  image_url: https://example.org/jo.png\n  page: true\n  socials:\n    github: jo\nal:\n  name: Al\n',
      'blog/tags.yml': 'release:\n  label: Releases\n  description: New versions\nsecurity:\n',
      'blog/2024-01-01-post.md': '---\nauthors: [jo, al, nobody]\ntags: [release, security, Other Thing]\n---\nText\n',
    });
    const [post] = blog.posts;
    expect(post.authors).toEqual([
      { key: 'jo', name: 'Jo', imageURL: 'https://example.org/jo.png', socials: { github: 'https://github.com/jo' }, page: { permalink: '/blog/authors/jo' } },
      { key: 'al', name: 'Al', imageURL: undefined, socials: undefined, page: null },
    ]);
    expect(post.tags).toEqual([
      { label: 'Releases', description: 'New versions', permalink: '/blog/tags/release', inline: false },
      { label: 'Security', description: undefined, permalink: '/blog/tags/security', inline: false },
      { label: 'Other Thing', description: undefined, permalink: '/blog/tags/other-thing', inline: true },
    ]);
    // An unknown author key fails Docusaurus's build: a problem beside the pages. An inline tag is a warning, for the author.
    expect(blog.problems.map((problem) => [problem.code, problem.file, problem.message])).toEqual([['blog', 'blog/2024-01-01-post.md', 'Author "nobody" is not in authors.yml.']]);
    expect(blog.warnings.map((problem) => problem.message)).toEqual([
      'Tag "Other Thing" is not defined in tags.yml (onInlineTags).',
      'The post has no truncation marker (<!-- truncate --> or {/* truncate */}): list pages show it whole.',
    ]);
  });

  it('places what onInlineTags, onInlineAuthors and onUntruncatedBlogPosts find where their severity says', async () => {
    const withoutAuthorsFile = {
      'blog/tags.yml': 'release:\n',
      'blog/2024-01-01-post.md': '---\nauthors: [{ name: Guest }]\ntags: [Inline]\n---\nText\n',
    };
    const files = { ...withoutAuthorsFile, 'blog/authors.yml': 'jo:\n  name: Jo\n' };
    const messages = (problems: readonly { message: string }[]) => problems.map((problem) => problem.message.split(' (')[0]);
    const warned = await blogOf(files);
    expect(warned.problems).toEqual([]);
    expect(messages(warned.warnings)).toEqual([
      'Tag "Inline" is not defined in tags.yml',
      'Author "Guest" is written inline, not in authors.yml',
      'The post has no truncation marker',
    ]);
    const thrown = await blogOf(files, { onInlineTags: 'throw', onInlineAuthors: 'ignore', onUntruncatedBlogPosts: 'ignore' });
    expect([messages(thrown.problems), thrown.warnings]).toEqual([['Tag "Inline" is not defined in tags.yml'], []]);
    // Without an authors file, an inline author is the only way to name one: nothing to say.
    expect(messages((await blogOf(withoutAuthorsFile)).warnings)).toEqual(['Tag "Inline" is not defined in tags.yml', 'The post has no truncation marker']);
  });

  it("reads each post's file once per blob when given a memo, so the next commit reads only the posts it changed", async () => {
    const memo = new Map<string, Promise<unknown>>();
    let reads = 0;
    const postSource: BlogInput['postSource'] = (oid, sourcePath, read) => {
      const key = `${oid}:${sourcePath}`;
      if (!memo.has(key))
        memo.set(
          key,
          read().then((source) => (reads++, source)),
        );
      return memo.get(key) as ReturnType<typeof read>;
    };
    const files = { 'blog/2024-01-01-a.md': '# A\n\nOne.\n', 'blog/2024-01-02-b.md': '# B\n\nTwo.\n' };
    await blogOf(files, {}, postSource);
    const next = await blogOf({ ...files, 'blog/2024-01-02-b.md': '# B\n\nTwo, edited.\n' }, {}, postSource);
    expect(reads).toBe(3);
    expect(next.posts.map((post) => post.description)).toEqual(['Two, edited.', 'One.']);
  });

  it('keeps a post with broken front matter, and reports a broken authors file at its line', async () => {
    const blog = await blogOf({
      'blog/authors.yml': 'jo:\n  title: No name\n',
      'blog/2024-01-01-bad.md': '---\ntitle: [unclosed\n---\nText\n',
      'blog/2024-01-02-wrong.md': '---\ntitle: Wrong\ndraft: sometimes\n---\nText\n',
    });
    expect(blog.posts.map((post) => post.title)).toEqual(['Wrong', 'bad']);
    expect(blog.problems).toEqual([
      { code: 'blog', file: 'blog/authors.yml', line: 2, message: 'jo: An author requires either a name or an imageURL.' },
      expect.objectContaining({ code: 'front-matter', file: 'blog/2024-01-01-bad.md', line: 2 }),
      expect.objectContaining({ code: 'front-matter', file: 'blog/2024-01-02-wrong.md', line: 3, message: expect.stringContaining('draft') }),
    ]);
  });

  it('keeps no author link, picture or edit link a browser would run as script', async () => {
    const blog = await blogOf({
      'blog/authors.yml': 'eve:\n  name: Eve\n  url: javascript:alert(1)\n  image_url: " java\\tscript:alert(2)"\n',
      'blog/2024-01-01-a.md': '---\nauthors: [eve, { name: Mal, url: "JAVASCRIPT:alert(3)", imageURL: /img/mal.png }]\n---\nA\n',
      'blog/2024-01-02-b.md': '---\nauthor: Old\nauthor_url: data:text/html,x\n---\nB\n',
    });
    expect(blog.posts.flatMap((post) => post.authors.map(({ name, url, imageURL }) => [name, url, imageURL]))).toEqual([
      ['Old', undefined, undefined],
      ['Eve', undefined, undefined],
      ['Mal', undefined, '/img/mal.png'],
    ]);
  });
});
