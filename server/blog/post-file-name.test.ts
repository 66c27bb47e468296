// Docusaurus's `parseBlogFileName` cases (blogUtils.test.ts): a date in a file or folder name dates
// the post and prefixes its slug; without one the path is the slug.
import { describe, expect, it } from 'vitest';
import { parsePostFileName } from './post-file-name.js';

describe('a post file name', () => {
  it.each([
    ['some-post.md', undefined, 'some-post', '/some-post'],
    ['some-post/index.md', undefined, 'some-post', '/some-post'],
    ['some-post/some-file.md', undefined, 'some-post/some-file', '/some-post/some-file'],
    ['some-post/some-subfolder/index.md', undefined, 'some-post/some-subfolder', '/some-post/some-subfolder'],
    ['2021-05-12-announcing-docusaurus-two-beta.md', '2021-05-12', 'announcing-docusaurus-two-beta', '/2021/05/12/announcing-docusaurus-two-beta'],
    ['2021-05-12-announcing-docusaurus-two-beta/index.md', '2021-05-12', 'announcing-docusaurus-two-beta', '/2021/05/12/announcing-docusaurus-two-beta'],
    ['2021/05/12/announcing-docusaurus-two-beta/index.md', '2021-05-12', 'announcing-docusaurus-two-beta', '/2021/05/12/announcing-docusaurus-two-beta'],
    ['2021/05-12-announcing-docusaurus-two-beta/index.md', '2021-05-12', 'announcing-docusaurus-two-beta', '/2021/05/12/announcing-docusaurus-two-beta'],
    [
      '2021/05/12/announcing-docusaurus-two-beta/subfolder/file.md',
      '2021-05-12',
      'announcing-docusaurus-two-beta/subfolder/file',
      '/2021/05/12/announcing-docusaurus-two-beta/subfolder/file',
    ],
    ['team-a/2021/05/12/announcing-docusaurus-two-beta.md', '2021-05-12', 'announcing-docusaurus-two-beta', '/2021/05/12/team-a/announcing-docusaurus-two-beta'],
    ['team-a/2021/05/12/hey/announcing-docusaurus-two-beta/index.md', '2021-05-12', 'hey/announcing-docusaurus-two-beta', '/2021/05/12/team-a/hey/announcing-docusaurus-two-beta'],
  ])('%s', (file, date, text, slug) => {
    expect(parsePostFileName(file)).toEqual({ date: date === undefined ? undefined : new Date(`${date}Z`), text, slug });
  });
});
