import { describe, expect, it } from 'vitest';
import { blogOptions } from './blog-options.js';
import { untruncatedProblems } from './truncate.js';

// Docusaurus's blogUtils.test.ts › reportUntruncatedBlogPosts: the posts without a marker are named, in order.
describe('untruncatedProblems', () => {
  const posts = [
    { sourcePath: 'blog/post1.md', hasTruncateMarker: false },
    { sourcePath: 'blog/post2.md', hasTruncateMarker: true },
    { sourcePath: 'blog/subDir/post3.md', hasTruncateMarker: false },
  ] as never[];

  it('names each post without a truncation marker, unless the blog ignores them', () => {
    expect(untruncatedProblems({ options: blogOptions({}), posts }).map((problem) => problem.file)).toEqual(['blog/post1.md', 'blog/subDir/post3.md']);
    expect(untruncatedProblems({ options: blogOptions({ onUntruncatedBlogPosts: 'throw' }), posts })).toHaveLength(2);
    expect(untruncatedProblems({ options: blogOptions({ onUntruncatedBlogPosts: 'ignore' }), posts })).toEqual([]);
  });
});
