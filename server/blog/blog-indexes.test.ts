// Tag, author and archive groupings of a blog: listed posts only, authors with a page even before their first post.
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Repository } from '../git/repository.js';
import { removeTempDirs, TestRepo, tempDir } from '../../tests/support/repos.js';
import { loadBlog } from './blog.js';
import { blogOptions } from './blog-options.js';
import { blogAuthors, blogTags, postsByYear } from './blog-indexes.js';

afterAll(removeTempDirs);

describe('blog indexes', () => {
  it('groups listed posts by tag, by author with a page, and by year', async () => {
    const dir = path.join(tempDir('docsite-blog-indexes-'), 'repo');
    const repo = await TestRepo.create(dir);
    const commit = await repo.commit({
      'blog/authors.yml': 'ada:\n  name: Ada\n  page: true\nbob:\n  name: Bob\n  page: { permalink: robert }\ncy:\n  name: Cy\n',
      'blog/2023-05-01-a.md': '---\ntags: [Zeta, alpha]\nauthors: [ada, cy]\n---\nA\n',
      'blog/2024-01-01-b.md': '---\ntags: [alpha, alpha]\nauthors: [ada]\n---\nB\n',
      'blog/2024-02-01-c.md': '---\ntags: [alpha]\nauthors: [ada]\nunlisted: true\n---\nC\n',
    });
    const repository = Repository.open(dir);
    const blog = await loadBlog({
      tree: await repository.readTreeIndex(commit),
      readBlob: (oid) => repository.readBlob(oid),
      options: blogOptions({ onInlineTags: 'ignore' }),
      undated: () => new Date(0),
    });
    const tags = blogTags(blog);
    expect([...tags].map(([permalink, { tag, posts }]) => [permalink, tag.label, posts.map((post) => post.title)])).toEqual([
      ['/blog/tags/alpha', 'alpha', ['b', 'a']],
      ['/blog/tags/zeta', 'Zeta', ['a']],
    ]);
    const authors = blogAuthors(blog);
    expect([...authors].map(([permalink, { author, posts }]) => [permalink, author.name, posts.length])).toEqual([
      ['/blog/authors/ada', 'Ada', 2],
      ['/blog/authors/robert', 'Bob', 0],
    ]);
    expect(postsByYear(blog).map(({ year, posts }) => [year, posts.map((post) => post.title)])).toEqual([
      ['2024', ['b']],
      ['2023', ['a']],
    ]);
  });
});
