import { describe, expect, it } from 'vitest';
import type { Snapshot } from '../site/index.js';
import { pageMarkdownUrl } from './page-url.js';

/** A snapshot with the docs of Moodle's shape: `docs` in version folders (the last at /docs/5.3), `general` unversioned. */
const snapshot = {
  instances: [
    {
      config: { id: 'default', base: 'docs' },
      model: { kind: 'folders' },
      versions: [
        { name: 'current', path: '5.3', isLast: true },
        { name: '4.5', path: '4.5', isLast: false },
      ],
    },
    { config: { id: 'general', base: 'general' }, model: { kind: 'folders' }, versions: [{ name: 'current', path: '', isLast: true }] },
  ],
  // A site with no blog (the URL grammar reads its roots).
  config: {},
} as unknown as Snapshot;

describe("get_page's URL", () => {
  const url = (path: string, ref?: string, instance?: string) => pageMarkdownUrl(snapshot, { path, ref, instance });

  it('reads a page by URL, path or path under the docs, at the ref asked for', () => {
    expect(url('https://moodledev.io/docs/4.5/apis/core#top')).toBe('/docs/4.5/apis/core.md');
    expect(url('/docs/5.3/apis/core.md')).toBe('/docs/5.3/apis/core.md');
    expect(url('apis/core')).toBe('/docs/5.3/apis/core.md');
    expect(url('apis/core', '4.5')).toBe('/docs/4.5/apis/core.md');
    expect(url('/docs/4.5/apis/core', '~feature/x')).toBe('/docs/~feature%2Fx/4.5/apis/core.md');
    expect(url('/docs/apis/core', '@abcdef1')).toBe('/docs/@abcdef1/apis/core.md');
    expect(url('community/mission', undefined, 'general')).toBe('/general/community/mission.md');
  });

  it('says what would work for a ref, a path or an instance it cannot read', () => {
    expect(() => url('apis/core', '9.9')).toThrow('/docs has no version "9.9"; it has current, 4.5 (list_versions).');
    expect(() => url('apis/core', '~../x')).toThrow('is not a version name, ~branch or @commit');
    expect(() => url('/api/versions')).toThrow('is not a page of this site');
    expect(() => url('x', undefined, 'nope')).toThrow('No docs instance "nope"');
  });
});

describe("get_page's URL of a blog post", () => {
  const withBlog = { ...snapshot, config: { blog: {} } } as unknown as Snapshot;
  const url = (path: string, ref?: string) => pageMarkdownUrl(withBlog, { path, ref });

  it('reads a post by its URL, on the ref its URL names or the branch or commit asked for', () => {
    expect(url('https://example.org/blog/2024/01/10/welcome#more')).toBe('/blog/2024/01/10/welcome.md');
    expect(url('/blog/2024/01/10/welcome.md')).toBe('/blog/2024/01/10/welcome.md');
    expect(url('/blog/~post%2Fnext/2024/06/01/next')).toBe('/blog/~post%2Fnext/2024/06/01/next.md');
    expect(url('/blog/2024/06/01/next', '~post/next')).toBe('/blog/~post%2Fnext/2024/06/01/next.md');
    expect(url('/blog/2024/01/10/welcome', '@abcdef1')).toBe('/blog/@abcdef1/2024/01/10/welcome.md');
  });

  it('says that a blog has no versions, and that its root is no post', () => {
    expect(() => url('/blog/2024/01/10/welcome', '4.5')).toThrow('a blog has no versions');
    expect(() => url('/blog')).toThrow('is not a page of this site');
  });
});
