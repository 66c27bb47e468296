import { describe, expect, it } from 'vitest';
import { untruncatedProblems } from './truncate.js';

// Docusaurus's blogUtils.test.ts › reportUntruncatedBlogPosts: the posts without a marker are named, in order.
describe('untruncatedProblems', () => {
  const posts = [
    { sourcePath: 'blog/post1.md', hasTruncateMarker: false },
    { sourcePath: 'blog/post2.md', hasTruncateMarker: true },
    { sourcePath: 'blog/subDir/post3.md', hasTruncateMarker: false },
  ];

  it('names each post without a truncation marker', () => {
    expect(untruncatedProblems(posts).map((problem) => problem.file)).toEqual(['blog/post1.md', 'blog/subDir/post3.md']);
  });
});
