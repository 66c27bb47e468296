import { describe, expect, it } from 'vitest';
import { sameSiteRedirect } from './theme.js';

describe('sameSiteRedirect', () => {
  const site = 'http://docs.example/_theme';
  it.each([
    ['/general/intro?x=1#top', '/general/intro?x=1#top'],
    ['/\t/evil.example', '/'],
    ['/\n/evil.example', '/'],
    ['//evil.example', '/'],
    ['/\\evil.example', '/'],
    ['https://evil.example/', '/'],
    ['javascript:alert(1)', '/'],
    ['/a\r\nSet-Cookie: x=1', '/aSet-Cookie:%20x=1'],
    ['/\0', '/'],
    [42, '/'],
  ])('%j goes to %j', (given, expected) => {
    const result = sameSiteRedirect(given, site);
    expect(result).toBe(expected);
    expect(result).not.toMatch(/[\0-\x1f]/);
  });
});
