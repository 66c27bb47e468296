// Which files of a commit are pages and where each is served, as Docusaurus's pages plugin routes
// them (its `fileToPath`, `include` and `exclude` with their defaults, `routeBasePath`).
import { describe, expect, it } from 'vitest';
import { pagesInstancesOf } from './pages-options.js';
import { routeOfFile, sitePagesOf } from './site-pages.js';

const files = [
  'src/pages/index.js',
  'src/pages/help.md',
  'src/pages/showcase.mdx',
  'src/pages/downloads/index.tsx',
  'src/pages/downloads/linux.tsx',
  'src/pages/styles.module.css',
  'src/pages/team/data/members.json',
  'src/pages/_partial.mdx',
  'src/pages/_drafts/idea.md',
  'src/pages/thing.test.tsx',
  'src/pages/__tests__/x.js',
  'src/pages/svg.d.ts',
  'src/components/Card.tsx',
  'docs/intro.md',
];

describe('the pages of a commit', () => {
  it("serves every React and Markdown file of src/pages at its path, an index file at its folder's, partials and tests left out", () => {
    const pages = sitePagesOf(files, pagesInstancesOf({}));
    expect(pages.map((page) => [page.route, page.sourcePath, page.format])).toEqual([
      ['downloads', 'src/pages/downloads/index.tsx', 'react'],
      ['downloads/linux', 'src/pages/downloads/linux.tsx', 'react'],
      ['help', 'src/pages/help.md', 'markdown'],
      ['', 'src/pages/index.js', 'react'],
      ['showcase', 'src/pages/showcase.mdx', 'markdown'],
    ]);
  });

  it("follows an instance's path, routeBasePath, include and exclude; the first file at a route wins", () => {
    const instances = pagesInstancesOf([
      { path: 'website/src/pages', routeBasePath: 'community' },
      { id: 'more', path: 'extra', include: ['**/*.md'], exclude: [] },
    ]);
    const pages = sitePagesOf(['website/src/pages/index.md', 'website/src/pages/index.js', 'extra/_a.md', 'extra/b.tsx'], instances);
    expect(pages.map((page) => [page.instance, page.route, page.relativePath])).toEqual([
      ['default', 'community', 'index.js'],
      ['more', '_a', '_a.md'],
    ]);
    expect(sitePagesOf(files, pagesInstancesOf(false))).toEqual([]);
  });

  it("routes a file as Docusaurus's fileToPath does", () => {
    expect(routeOfFile('index.tsx')).toBe('');
    expect(routeOfFile('a/b/index.md')).toBe('a/b');
    expect(routeOfFile('a/indexes.md')).toBe('a/indexes');
    expect(routeOfFile('a/b.c.mdx')).toBe('a/b.c');
  });
});
