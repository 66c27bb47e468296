import { describe, expect, it } from 'vitest';
import {
  apiChangesUrl,
  apiSearchUrl,
  changesUrl,
  diffUrl,
  docsPrefix,
  docsUrl,
  llmsUrl,
  markdownUrl,
  parseSelector,
  parseUrl,
  permalinkOnRef,
  searchUrl,
  refineFolder,
  urlOnRef,
  type Route,
} from './urls.js';

const grammar = { instances: [{ base: 'general', versionPaths: new Set(['5.0', 'next']), folderPaths: new Set<string>() }] };

describe('parseUrl', () => {
  const cases: [string, Route][] = [
    ['/', { kind: 'home', data: false }],
    ['/_root.data', { kind: 'home', data: true }],
    ['/general', { kind: 'doc', data: false, base: 'general', folder: '', selector: { kind: 'default' }, slug: '', prefix: '/general' }],
    ['/general/', { kind: 'doc', data: false, base: 'general', folder: '', selector: { kind: 'default' }, slug: '', prefix: '/general' }],
    ['/general.data', { kind: 'doc', data: true, base: 'general', folder: '', selector: { kind: 'default' }, slug: '', prefix: '/general' }],
    ['/general/community/mission', { kind: 'doc', data: false, base: 'general', folder: '', selector: { kind: 'default' }, slug: 'community/mission', prefix: '/general' }],
    ['/general/community/mission.data', { kind: 'doc', data: true, base: 'general', folder: '', selector: { kind: 'default' }, slug: 'community/mission', prefix: '/general' }],
    ['/general/with%20space', { kind: 'doc', data: false, base: 'general', folder: '', selector: { kind: 'default' }, slug: 'with space', prefix: '/general' }],
    ['/general/5.0/intro', { kind: 'doc', data: false, base: 'general', folder: '', selector: { kind: 'version', path: '5.0' }, slug: 'intro', prefix: '/general/5.0' }],
    ['/general/4.0/intro', { kind: 'doc', data: false, base: 'general', folder: '', selector: { kind: 'default' }, slug: '4.0/intro', prefix: '/general' }],
    [
      '/general/~feature%2Fx/intro',
      { kind: 'doc', data: false, base: 'general', folder: '', selector: { kind: 'branch', name: 'feature/x' }, slug: 'intro', prefix: '/general/~feature%2Fx' },
    ],
    ['/general/~main/', { kind: 'doc', data: false, base: 'general', folder: '', selector: { kind: 'branch', name: 'main' }, slug: '', prefix: '/general/~main' }],
    [
      '/general/@ABCDEF1/intro',
      { kind: 'doc', data: false, base: 'general', folder: '', selector: { kind: 'commit', oid: 'abcdef1' }, slug: 'intro', prefix: '/general/@abcdef1' },
    ],
    ['/general/@abcd/intro', { kind: 'not-found' }],
    ['/general/@xyz1234/intro', { kind: 'not-found' }],
    ['/general/~/intro', { kind: 'not-found' }],
    ['/general/~a..b/intro', { kind: 'not-found' }],
    [
      '/general/category/voice-and-tone',
      { kind: 'category', data: false, base: 'general', folder: '', selector: { kind: 'default' }, slug: 'category/voice-and-tone', prefix: '/general' },
    ],
    ['/general/~b/tags', { kind: 'tags', data: false, base: 'general', folder: '', selector: { kind: 'branch', name: 'b' }, slug: 'tags', prefix: '/general/~b' }],
    ['/general/tags/release-notes', { kind: 'tags', data: false, base: 'general', folder: '', selector: { kind: 'default' }, slug: 'tags/release-notes', prefix: '/general' }],
    ['/robots.txt', { kind: 'robots' }],
    ['/llms.txt', { kind: 'site-llms' }],
    ['/favicon.svg', { kind: 'build-asset' }],
    ['/manifest.webmanifest', { kind: 'build-asset' }],
    ['/sitemap.xml', { kind: 'sitemap-index' }],
    ['/general/sitemap.xml', { kind: 'sitemap', base: 'general', folder: '', selector: { kind: 'default' }, prefix: '/general' }],
    ['/general/5.0/sitemap.xml', { kind: 'sitemap', base: 'general', folder: '', selector: { kind: 'version', path: '5.0' }, prefix: '/general/5.0' }],
    ['/general/guide/sitemap.xml', { kind: 'doc', data: false, base: 'general', folder: '', selector: { kind: 'default' }, slug: 'guide/sitemap.xml', prefix: '/general' }],
    ['/elsewhere', { kind: 'not-found' }],
    ['/generalx/intro', { kind: 'not-found' }],
    ['/healthz', { kind: 'healthz' }],
    ['/readyz', { kind: 'readyz' }],
    ['/metrics', { kind: 'metrics' }],
    ['/_theme', { kind: 'theme' }],
    ['/_live', { kind: 'live' }],
    ['/assets/root-abc.js', { kind: 'build-asset' }],
    [`/_assets/${'a'.repeat(40)}/x.png`, { kind: 'repo-asset', oid: 'a'.repeat(40), name: 'x.png' }],
    ['/_assets/abc/x.png', { kind: 'not-found' }],
    ['/api/versions', { kind: 'api-versions' }],
    ['/api/versions/5.0/pages', { kind: 'api-pages', selector: { kind: 'version-name', name: '5.0' } }],
    ['/api/versions/~feature%2Fx/pages/community/mission', { kind: 'api-page', selector: { kind: 'branch', name: 'feature/x' }, slug: 'community/mission' }],
    ['/api/versions/current/sidebars/community', { kind: 'api-sidebar', selector: { kind: 'version-name', name: 'current' }, name: 'community' }],
    ['/api/versions/current/other', { kind: 'api-unknown' }],
    ['/api/schema/docsite.json', { kind: 'api-schema' }],
    ['/api/schema/search.json', { kind: 'api-schema' }],
    ['/api/schema/blog.json', { kind: 'api-schema' }],
    ['/api/search', { kind: 'api-search' }],
    ['/opensearch.xml', { kind: 'opensearch' }],
    ['/general/search', { kind: 'search', data: false, base: 'general', folder: '', selector: { kind: 'default' }, slug: 'search', prefix: '/general' }],
    ['/general/5.0/search', { kind: 'search', data: false, base: 'general', folder: '', selector: { kind: 'version', path: '5.0' }, slug: 'search', prefix: '/general/5.0' }],
    [
      '/general/~feature%2Fx/search',
      { kind: 'search', data: false, base: 'general', folder: '', selector: { kind: 'branch', name: 'feature/x' }, slug: 'search', prefix: '/general/~feature%2Fx' },
    ],
    ['/general/guide/search', { kind: 'doc', data: false, base: 'general', folder: '', selector: { kind: 'default' }, slug: 'guide/search', prefix: '/general' }],
    ['/general/community/mission.md', { kind: 'markdown', base: 'general', folder: '', selector: { kind: 'default' }, slug: 'community/mission', prefix: '/general' }],
    [
      '/general/~feature%2Fx/index.md',
      { kind: 'markdown', base: 'general', folder: '', selector: { kind: 'branch', name: 'feature/x' }, slug: '', prefix: '/general/~feature%2Fx' },
    ],
    ['/general/5.0/llms.txt', { kind: 'llms', base: 'general', folder: '', selector: { kind: 'version', path: '5.0' }, prefix: '/general/5.0', full: false }],
    ['/general/llms-full.txt', { kind: 'llms', base: 'general', folder: '', selector: { kind: 'default' }, prefix: '/general', full: true }],
    ['/general/guide/llms.txt', { kind: 'doc', data: false, base: 'general', folder: '', selector: { kind: 'default' }, slug: 'guide/llms.txt', prefix: '/general' }],
    ['/api/webhook', { kind: 'webhook' }],
    ['/api/nothing', { kind: 'api-unknown' }],
    ['/general/%E0%A4%A', { kind: 'bad-url', reason: 'malformed segment "%E0%A4%A"' }],
    ['/general/a%0Ab', { kind: 'bad-url', reason: 'malformed segment "a%0Ab"' }],
    ['/general/%00', { kind: 'bad-url', reason: 'malformed segment "%00"' }],
  ];
  it.each(cases)('%s', (pathname, route) => {
    expect(parseUrl(pathname, grammar)).toEqual(route);
  });
});

describe('review URLs', () => {
  it('parses the changes page of any ref and the changes API', () => {
    expect(parseUrl('/general/~feature%2Fx/changes', grammar)).toEqual({
      kind: 'changes',
      data: false,
      base: 'general',
      folder: '',
      selector: { kind: 'branch', name: 'feature/x' },
      slug: 'changes',
      prefix: '/general/~feature%2Fx',
    });
    expect(parseUrl('/general/5.0/changes', grammar)).toMatchObject({ kind: 'changes', selector: { kind: 'version', path: '5.0' } });
    expect(parseUrl('/general/guide/changes', grammar)).toMatchObject({ kind: 'doc', slug: 'guide/changes' });
    expect(parseUrl('/api/changes', grammar)).toEqual({ kind: 'api-changes' });
    expect(parseUrl('/api/schema/changes.json', grammar)).toEqual({ kind: 'api-schema' });
  });

  it('reads ?diff as the rendered diff of the page, with or without a ref', () => {
    expect(parseUrl('/general/~x/intro', grammar, new URLSearchParams('diff'))).toMatchObject({ kind: 'diff', slug: 'intro', selector: { kind: 'branch', name: 'x' } });
    expect(parseUrl('/general/intro.data', grammar, new URLSearchParams('diff=5.0'))).toMatchObject({ kind: 'diff', data: true, slug: 'intro' });
    expect(parseUrl('/general/intro', grammar, new URLSearchParams('q=diff'))).toMatchObject({ kind: 'doc' });
  });

  it('builds changes and diff URLs that parse back', () => {
    expect(changesUrl('/general/~feature%2Fx')).toBe('/general/~feature%2Fx/changes');
    expect(changesUrl('/general/5.0', '~a/b')).toBe('/general/5.0/changes?base=~a%2Fb');
    expect(diffUrl('/general/~x', 'a b/c')).toBe('/general/~x/a%20b/c?diff');
    expect(diffUrl('/general', 'intro', '@abc1234')).toBe('/general/intro?diff=@abc1234');
    const url = new URL(diffUrl('/general/5.0', 'intro', '4.4'), 'http://x');
    expect(parseUrl(url.pathname, grammar, url.searchParams)).toMatchObject({ kind: 'diff', selector: { kind: 'version', path: '5.0' }, slug: 'intro' });
    expect(url.searchParams.get('diff')).toBe('4.4');
    expect(apiChangesUrl({ ref: '~a/b', base: '5.0' })).toBe('/api/changes?ref=%7Ea%2Fb&base=5.0');
  });
});

describe('building URLs', () => {
  it('builds search URLs that parse back to the search page', () => {
    expect(searchUrl('/general/~feature%2Fx', { q: 'a&b', section: 'guide', page: 2 })).toBe('/general/~feature%2Fx/search?q=a%26b&section=guide&page=2');
    expect(searchUrl('/general')).toBe('/general/search');
    expect(parseUrl(searchUrl('/general/5.0').split('?')[0], grammar)).toMatchObject({ kind: 'search', selector: { kind: 'version', path: '5.0' } });
    expect(apiSearchUrl({ q: 'x y', ref: '~a/b' })).toBe('/api/search?q=x+y&ref=%7Ea%2Fb');
  });

  it('builds Markdown and llms.txt URLs that parse back to what they name', () => {
    expect(markdownUrl('/general/5.0', 'a b/c')).toBe('/general/5.0/a%20b/c.md');
    expect(parseUrl(markdownUrl('/general/5.0', 'a b/c'), grammar)).toMatchObject({ kind: 'markdown', slug: 'a b/c' });
    expect(parseUrl(markdownUrl('/general', ''), grammar)).toMatchObject({ kind: 'markdown', slug: '' });
    expect(parseUrl(llmsUrl('/general/~b', true), grammar)).toMatchObject({ kind: 'llms', full: true, selector: { kind: 'branch', name: 'b' } });
  });

  it('builds ref prefixes that parse back to the same selector', () => {
    for (const selector of [{ kind: 'default' }, { kind: 'version', path: '5.0' }, { kind: 'branch', name: 'feature/x y' }, { kind: 'commit', oid: 'abcdef1234' }] as const) {
      const route = parseUrl(docsUrl(docsPrefix('general', selector), 'a b/c'), grammar);
      expect(route).toMatchObject({ kind: 'doc', selector, slug: 'a b/c' });
    }
  });

  it('moves permalinks (stored decoded) and authored URLs (already encoded) onto a ref', () => {
    expect(permalinkOnRef('/general/with space/é', 'general', '/general/~b')).toBe('/general/~b/with%20space/%C3%A9');
    expect(permalinkOnRef('/general', 'general', '/general/@abcdef1')).toBe('/general/@abcdef1');
    expect(permalinkOnRef('/generalx/y', 'general', '/general/~b')).toBe('/generalx/y');
    expect(permalinkOnRef('https://example.org/general/x', 'general', '/general/~b')).toBe('https://example.org/general/x');
    expect(urlOnRef('/general/a%20b#top', 'general', '/general/5.0')).toBe('/general/5.0/a%20b#top');
    expect(urlOnRef('/general?x=1', 'general', '/general/5.0')).toBe('/general/5.0?x=1');
    expect(urlOnRef('/generalx', 'general', '/general/5.0')).toBe('/generalx');
  });

  it('refuses selectors that cannot name anything', () => {
    expect(parseSelector('@abc')).toBeUndefined();
    expect(parseSelector('~')).toBeUndefined();
    expect(parseSelector('%ZZ')).toBeUndefined();
    expect(parseSelector('~a%0Ab')).toBeUndefined();
  });
});

describe('permalinks on another ref', () => {
  it.each([
    ['/general/community', '/general/~feature%2Fx', '/general/~feature%2Fx/community'],
    ['/general', '/general/@abc1234', '/general/@abc1234'],
    ['/general/releases/4.5', '/general/5.0', '/general/5.0/releases/4.5'],
    ['/general/x', '/general', '/general/x'],
    ['/generalities', '/general/~b', '/generalities'],
    ['https://example.org/general/x', '/general/~b', 'https://example.org/general/x'],
  ])('%s under %s -> %s', (permalink, prefix, expected) => {
    expect(permalinkOnRef(permalink, 'general', prefix)).toBe(expected);
  });
});

describe('several docs instances, versions in folders', () => {
  const site = {
    instances: [
      { base: 'docs', versionPaths: new Set<string>(), folderPaths: new Set(['5.3', '5.2']) },
      { base: 'general', versionPaths: new Set<string>(), folderPaths: new Set<string>() },
    ],
  };

  it('reads the instance from the first segment and a version folder after the ref', () => {
    expect(parseUrl('/docs/5.2/apis/core', site)).toEqual({
      kind: 'doc',
      data: false,
      base: 'docs',
      selector: { kind: 'default' },
      folder: '5.2',
      slug: 'apis/core',
      prefix: '/docs/5.2',
    });
    expect(parseUrl('/docs/~feature%2Fx/5.2/apis', site)).toMatchObject({
      base: 'docs',
      selector: { kind: 'branch', name: 'feature/x' },
      folder: '5.2',
      slug: 'apis',
      prefix: '/docs/~feature%2Fx/5.2',
    });
    expect(parseUrl('/docs/5.3/category/subsystems', site)).toMatchObject({ kind: 'category', folder: '5.3', slug: 'category/subsystems' });
    expect(parseUrl('/docs/5.3/search', site)).toMatchObject({ kind: 'search', folder: '5.3' });
    expect(parseUrl('/docs/apis', site)).toMatchObject({ kind: 'doc', folder: '', slug: 'apis', prefix: '/docs' });
    expect(parseUrl('/general/community/mission', site)).toMatchObject({ base: 'general', folder: '', slug: 'community/mission' });
    expect(parseUrl('/docsx/5.2', site)).toEqual({ kind: 'not-found' });
  });

  it('fits a route to the version folders of the commit it reads', () => {
    const onBranch = parseUrl('/docs/~b/5.4/category/x', site);
    expect(onBranch).toMatchObject({ kind: 'doc', folder: '', slug: '5.4/category/x' });
    expect(refineFolder(onBranch, new Set(['5.4', '5.3']))).toMatchObject({ kind: 'category', folder: '5.4', slug: 'category/x', prefix: '/docs/~b/5.4' });
    const gone = parseUrl('/docs/@abcdef1/5.2/apis', site);
    expect(refineFolder(gone, new Set(['5.3']))).toMatchObject({ kind: 'doc', folder: '', slug: '5.2/apis', prefix: '/docs/@abcdef1' });
    expect(refineFolder(gone, new Set(['5.2']))).toBe(gone);
  });
});

describe('docs at any route (decision 040)', () => {
  const none = new Set<string>();
  const site = {
    instances: [
      { base: '', versionPaths: none, folderPaths: new Set(['2.0']) },
      { base: 'docs/api', versionPaths: none, folderPaths: none },
      { base: 'docs', versionPaths: none, folderPaths: none },
      { base: 'api', versionPaths: none, folderPaths: none },
    ],
    blogs: ['docs/news'],
  };

  it('reads the instance or blog whose route is the longest the path starts with; the root one takes the rest', () => {
    expect(parseUrl('/docs/api/intro', site)).toMatchObject({ kind: 'doc', base: 'docs/api', slug: 'intro', prefix: '/docs/api' });
    expect(parseUrl('/docs/intro', site)).toMatchObject({ kind: 'doc', base: 'docs', slug: 'intro' });
    expect(parseUrl('/docs/news/2024/01/01/hello', site)).toMatchObject({ kind: 'blog', blog: 'docs/news', path: ['2024', '01', '01', 'hello'] });
    expect(parseUrl('/guide/intro', site)).toMatchObject({ kind: 'doc', base: '', slug: 'guide/intro', prefix: '/' });
    expect(parseUrl('/', site)).toMatchObject({ kind: 'doc', base: '', slug: '', prefix: '/' });
    expect(parseUrl('/_root.data', site)).toMatchObject({ kind: 'doc', base: '', slug: '', data: true });
    // The root docs' own llms.txt, not the site's index of them.
    expect(parseUrl('/llms.txt', site)).toMatchObject({ kind: 'llms', base: '', full: false });
  });

  it("reads a site's sitemap below its base URL (a locale's: /zh/sitemap.xml) as its sitemap index, unless docs sit there", () => {
    const zh = { instances: [{ base: 'zh/docs', versionPaths: none, folderPaths: none }], blogs: ['zh/blog'], root: 'zh' };
    expect(parseUrl('/zh/sitemap.xml', zh)).toEqual({ kind: 'sitemap-index' });
    expect(parseUrl('/zh/docs/sitemap.xml', zh)).toMatchObject({ kind: 'sitemap', base: 'zh/docs' });
    const docsAtRoot = { instances: [{ base: 'zh', versionPaths: none, folderPaths: none }], root: 'zh' };
    expect(parseUrl('/zh/sitemap.xml', docsAtRoot)).toMatchObject({ kind: 'sitemap', base: 'zh' });
  });

  it('reads refs and version folders after the root: ~branch, @commit, a version path', () => {
    expect(parseUrl('/~feature%2Fx/guide', site)).toMatchObject({ kind: 'doc', base: '', selector: { kind: 'branch', name: 'feature/x' }, slug: 'guide', prefix: '/~feature%2Fx' });
    expect(parseUrl('/@abcdef1/guide', site)).toMatchObject({ kind: 'doc', selector: { kind: 'commit', oid: 'abcdef1' }, slug: 'guide' });
    expect(parseUrl('/2.0/guide', site)).toMatchObject({ kind: 'doc', base: '', folder: '2.0', slug: 'guide', prefix: '/2.0' });
  });

  it("keeps docsite's own API endpoints, and gives the rest of /api/ to a site's docs there", () => {
    expect(parseUrl('/api/versions', site)).toMatchObject({ kind: 'api-versions' });
    expect(parseUrl('/api/search', site)).toMatchObject({ kind: 'api-search' });
    expect(parseUrl('/api/endpoints/users', site)).toMatchObject({ kind: 'doc', base: 'api', slug: 'endpoints/users' });
    // Without docs at /api, an unknown endpoint is the API's own 404.
    expect(parseUrl('/api/endpoints', { instances: [site.instances[2]] })).toMatchObject({ kind: 'api-unknown' });
  });

  it('builds URLs at the root that parse back: pages, Markdown, llms.txt, a version folder, a branch', () => {
    expect(docsPrefix('', { kind: 'default' })).toBe('/');
    expect(docsUrl('/', '')).toBe('/');
    expect(docsUrl('/', 'guide/intro')).toBe('/guide/intro');
    expect(markdownUrl('/', '')).toBe('/index.md');
    expect(llmsUrl('/')).toBe('/llms.txt');
    expect(permalinkOnRef('/guide/intro', '', '/~b')).toBe('/~b/guide/intro');
    expect(permalinkOnRef('/', '', '/~b')).toBe('/~b');
    expect(urlOnRef('/guide/intro#x', '', '/~b')).toBe('/~b/guide/intro#x');
    expect(permalinkOnRef('/docs/api/x', 'docs/api', '/docs/api/~b')).toBe('/docs/api/~b/x');
  });
});
