import { describe, expect, it } from 'vitest';
import { postUrl } from './search-posts.js';

describe("a post's URL in search results", () => {
  it('is its permalink on the ref searched, each segment encoded, for a blog at /blog or at the site root', () => {
    expect(postUrl('/blog/2024/01/10/welcome', 'blog', '/blog')).toBe('/blog/2024/01/10/welcome');
    expect(postUrl('/blog/2024/01/10/welcome', 'blog', '/blog/~post%2Fnext')).toBe('/blog/~post%2Fnext/2024/01/10/welcome');
    expect(postUrl('/news/été à Paris', 'news', '/news/@abc1234')).toBe('/news/@abc1234/%C3%A9t%C3%A9%20%C3%A0%20Paris');
    expect(postUrl('/2024/01/10/welcome', '', '/')).toBe('/2024/01/10/welcome');
    expect(postUrl('/2024/01/10/welcome', '', '/~post%2Fnext')).toBe('/~post%2Fnext/2024/01/10/welcome');
  });
});
