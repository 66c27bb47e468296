import { describe, expect, it } from 'vitest';
import { encodedPermalink, joinUrl } from './blog-url.js';

describe('blog URLs', () => {
  it('joins parts with single slashes, as Docusaurus normalizes them', () => {
    expect(joinUrl('/blog/', '/simple/slug')).toBe('/blog/simple/slug');
    expect(joinUrl('', '')).toBe('/');
  });

  it("encodes a permalink's raw characters once, keeping the escapes of its ref", () => {
    expect(encodedPermalink('/blog/~post%2Fnext/2024/06/01/next')).toBe('/blog/~post%2Fnext/2024/06/01/next');
    expect(encodedPermalink('/blog/2024/01/01/héllo world')).toBe('/blog/2024/01/01/h%C3%A9llo%20world');
  });
});
