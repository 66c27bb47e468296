// The URL grammar of a blog: every address below its root is a `blog` route (on the default ref,
// a ~branch or an @commit), with a post's `.md` and the blog's llms.txt as text; a docs instance
// of the same root wins, and a site without a blog has no blog routes.
import { describe, expect, it } from 'vitest';
import { parseUrl, type UrlGrammar } from '../urls.js';

const grammar: UrlGrammar = { instances: [{ base: 'docs', versionPaths: new Set(), folderPaths: new Set() }], blogs: ['blog'] };

describe('blog URLs', () => {
  it('reads the default ref, a branch and a commit, with decoded segments', () => {
    expect(parseUrl('/blog', grammar)).toEqual({ kind: 'blog', blog: 'blog', selector: { kind: 'default' }, path: [], data: false });
    expect(parseUrl('/blog/page/2', grammar)).toMatchObject({ kind: 'blog', path: ['page', '2'] });
    expect(parseUrl('/blog/hey/my%20super%20path', grammar)).toMatchObject({ path: ['hey', 'my super path'] });
    expect(parseUrl('/blog/~post%2Fnext/2024/06/01/next', grammar)).toMatchObject({ selector: { kind: 'branch', name: 'post/next' }, path: ['2024', '06', '01', 'next'] });
    expect(parseUrl('/blog/@abcdef1234/x', grammar)).toMatchObject({ selector: { kind: 'commit', oid: 'abcdef1234' }, path: ['x'] });
    expect(parseUrl('/blog/@xyz', grammar)).toEqual({ kind: 'not-found' });
  });

  it("reads a post's Markdown and the blog's llms.txt as text", () => {
    expect(parseUrl('/blog/2024/01/01/a.md', grammar)).toMatchObject({ kind: 'blog', path: ['2024', '01', '01', 'a'], text: 'markdown' });
    expect(parseUrl('/blog/~b/llms.txt', grammar)).toMatchObject({ kind: 'blog', selector: { kind: 'branch', name: 'b' }, path: [], text: 'llms' });
  });

  it('leaves docs and unknown roots as they were', () => {
    expect(parseUrl('/docs/intro', grammar)).toMatchObject({ kind: 'doc', base: 'docs' });
    expect(parseUrl('/news', grammar)).toEqual({ kind: 'not-found' });
    expect(parseUrl('/blog', { instances: [] })).toEqual({ kind: 'not-found' });
  });
});
