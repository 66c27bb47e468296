// The URL grammar of the pages plugin (decision 041), and the page a data request loads (issue 57): a page's own path is a `page` route, with or
// without a trailing slash, found before a docs instance or a blog whose route it is under (docs at
// the site root do not take it); `/` is the index page when there is one; docsite's own addresses stay its own.
import { describe, expect, it } from 'vitest';
import { pagePathOf, parseUrl, type UrlGrammar } from '../urls.js';

const rootDocs = { base: '', versionPaths: new Set<string>(), folderPaths: new Set<string>() };
const grammar: UrlGrammar = { instances: [rootDocs], blogs: ['blog'], pages: new Set(['', 'help', 'downloads/clients', 'blog/featured', 'café']) };

describe('page URLs', () => {
  it('reads a page at its path, an index page at its folder, `/` as the index page', () => {
    expect(parseUrl('/help', grammar)).toEqual({ kind: 'page', path: 'help', data: false });
    expect(parseUrl('/downloads/clients/', grammar)).toEqual({ kind: 'page', path: 'downloads/clients', data: false });
    expect(parseUrl('/caf%C3%A9', grammar)).toEqual({ kind: 'page', path: 'café', data: false });
    expect(parseUrl('/', grammar)).toEqual({ kind: 'page', path: '', data: false });
    // A client navigation's data request names the same page.
    expect(parseUrl('/help.data', grammar)).toEqual({ kind: 'page', path: 'help', data: true });
    expect(parseUrl('/_root.data', grammar)).toEqual({ kind: 'page', path: '', data: true });
  });

  it('finds a page before the docs at the site root and a blog it is under, and leaves the rest to them', () => {
    expect(parseUrl('/blog/featured', grammar)).toMatchObject({ kind: 'page', path: 'blog/featured' });
    expect(parseUrl('/blog/2024/post', grammar)).toMatchObject({ kind: 'blog', path: ['2024', 'post'] });
    expect(parseUrl('/help/more', grammar)).toMatchObject({ kind: 'doc', base: '', slug: 'help/more' });
    expect(parseUrl('/downloads', grammar)).toMatchObject({ kind: 'doc', slug: 'downloads' });
  });

  it("keeps docsite's own addresses and the root doc when there is no page at `/`", () => {
    expect(parseUrl('/api/versions', { ...grammar, pages: new Set(['api/versions']) })).toEqual({ kind: 'api-versions' });
    expect(parseUrl('/healthz', { ...grammar, pages: new Set(['healthz']) })).toEqual({ kind: 'healthz' });
    expect(parseUrl('/', { ...grammar, pages: new Set() })).toMatchObject({ kind: 'doc', base: '', slug: '' });
    expect(parseUrl('/', { instances: [], pages: new Set(['help']) })).toEqual({ kind: 'home', data: false });
  });
});

describe('pagePathOf', () => {
  it('names the page a data request loads, with the slash a trailingSlash site gives its pages', () => {
    expect(pagePathOf('/zh/docs/x')).toBe('/zh/docs/x');
    expect(pagePathOf('/zh/docs/x.data')).toBe('/zh/docs/x');
    expect(pagePathOf('/zh/docs/x.data', true)).toBe('/zh/docs/x/');
    expect(pagePathOf('/_root.data', true)).toBe('/');
  });
});
