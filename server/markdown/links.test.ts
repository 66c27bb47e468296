import { describe, expect, it } from 'vitest';
import { assetType, resolveHref } from './links.js';
import { renderTest } from './test-support.js';

describe('asset types', () => {
  it.each([
    ['a.png', 'image/png'],
    ['A.PNG', 'image/png'],
    ['slides.pdf', 'application/pdf'],
    ['x.svg', 'image/svg+xml'],
    ['x.__proto__', undefined],
    ['x.constructor', undefined],
    ['x.php', undefined],
    ['noextension', undefined],
  ])('%s -> %s', (name, type) => {
    expect(assetType(name)).toBe(type);
  });
});

describe('links on the page', () => {
  it('resolve .md files to permalinks on the ref, keep authored URLs encoded, and publish only the docs folder', async () => {
    const page = await renderTest('[a](./other.md#x) [b](/general/with%20space) ![i](./_files/i.png) ![s](../secret.png)', {
      docs: { 'general/other.md': 'Other' },
      files: { 'general/_files/i.png': 'png', 'secret.png': 'png' },
      prefix: '/general/~b',
    });
    expect(page.html).toContain('href="/general/~b/other#x"');
    expect(page.html).toContain('href="/general/~b/with%20space"');
    expect(page.html).toMatch(/src="\/_assets\/[0-9a-f]{40}\/i\.png"/);
    expect(page.html).toContain('src="../secret.png"');
  });

  it('leave external and anchor links alone', () => {
    const context = {
      file: 'general/page.md',
      docSet: { config: {}, location: { path: 'general', base: 'general' }, bySourcePath: new Map(), tree: new Map() },
      prefix: '/general',
    } as never;
    expect(resolveHref('https://example.org/x', context)).toBe('https://example.org/x');
    expect(resolveHref('#top', context)).toBe('#top');
    expect(resolveHref('mailto:a@example.org', context)).toBe('mailto:a@example.org');
  });
});
