// What search engines and link previews read: robots.txt, a sitemap per indexable version with the
// day each page last changed, and on every page a titled head with canonical, OpenGraph and Twitter
// tags; the site-wide announcement bar of docsite.yaml; and a 404 that suggests where to go.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type AppServer } from './support/app-server.js';
import { TestRepo, removeTempDirs, tempDir } from './support/repos.js';

const page = (title: string, body: string, extra = '') => `---\ntitle: ${title}\n${extra}---\n\n${body}\n`;

const siteConfig = `title: Test Docs
url: https://docs.example.org
announcementBar:
  id: survey-2026
  content: 'Take the <a href="https://example.org/survey">survey</a><img src=x onerror=alert(1)>'
  backgroundColor: "#ffe8a3"
versions:
  - name: current
  - name: "2.0"
    ref: 2.x
  - name: "1.0"
    ref: v1.0
    noIndex: true
`;

// After every suite's own afterAll (servers stopped): the temp repositories they read go.
afterAll(removeTempDirs);

describe('robots.txt, sitemaps, page meta and the announcement bar', () => {
  let app: AppServer;

  beforeAll(async () => {
    const repo = await TestRepo.create(path.join(tempDir('docsite-seo-'), 'docs'));
    await repo.commit({
      'docsite.yaml': siteConfig,
      'general/intro.md': page('Introduction', 'Intro.', 'description: Where to start\n'),
      'general/guide.md': page('Guide', 'Guide.'),
      'general/hidden.md': page('Hidden', 'Not listed.', 'unlisted: true\n'),
    });
    await repo.annotatedTag('v1.0');
    await repo.branch('2.x');
    await repo.checkout('main');
    app = await startApp({ CONTENT_REPO: repo.dir, SYNC_INTERVAL: '0' });
  });

  afterAll(async () => {
    await app?.stop();
  });

  const get = (p: string) => fetch(app.url + p, { redirect: 'manual' });

  it('lets crawlers read the versions but not previews, permalinks, noIndex versions or the API, and names the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text).toContain('User-agent: *');
    for (const rule of ['Disallow: /general/~', 'Disallow: /general/@', 'Disallow: /general/1.0/', 'Disallow: /api/']) expect(text).toContain(rule);
    expect(text).toContain('Sitemap: https://docs.example.org/sitemap.xml');
  });

  it('indexes the sitemap of every indexable version', async () => {
    const res = await get('/sitemap.xml');
    expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
    const xml = await res.text();
    expect(xml).toContain('<loc>https://docs.example.org/general/sitemap.xml</loc>');
    expect(xml).toContain('<loc>https://docs.example.org/general/next/sitemap.xml</loc>');
    expect(xml).not.toContain('/general/1.0/');
  });

  it("lists a version's listed pages with absolute URLs and the day each last changed, and has none for noIndex versions or previews", async () => {
    const res = await get('/general/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('etag')).toBeTruthy();
    const xml = await res.text();
    expect(xml).toMatch(/<url><loc>https:\/\/docs.example.org\/general\/intro<\/loc><lastmod>\d{4}-\d{2}-\d{2}<\/lastmod><\/url>/);
    expect(xml).toContain('<loc>https://docs.example.org/general/guide</loc>');
    expect(xml).not.toContain('hidden');
    expect(await (await get('/general/next/sitemap.xml')).text()).toContain('<loc>https://docs.example.org/general/next/intro</loc>');
    expect((await get('/general/1.0/sitemap.xml')).status).toBe(404);
    expect((await get('/general/~main/sitemap.xml')).status).toBe(404);
  });

  it('gives a page a title with the site name, a canonical URL, and OpenGraph and Twitter tags', async () => {
    const html = await (await get('/general/intro')).text();
    expect(html).toContain('<title>Introduction | Test Docs</title>');
    expect(html).toContain('<link rel="canonical" href="https://docs.example.org/general/intro"/>');
    expect(html).toContain('<meta property="og:title" content="Introduction"/>');
    expect(html).toContain('<meta property="og:description" content="Where to start"/>');
    expect(html).toContain('<meta property="og:url" content="https://docs.example.org/general/intro"/>');
    expect(html).toContain('<meta property="og:site_name" content="Test Docs"/>');
    expect(html).toContain('<meta name="twitter:card" content="summary"/>');
    expect(html).not.toContain('noindex');
    // A noIndex version points search engines at the same page in the last version.
    const old = await (await get('/general/1.0/intro')).text();
    expect(old).toContain('<link rel="canonical" href="https://docs.example.org/general/intro"/>');
    expect(old).toContain('content="noindex, nofollow"');
  });

  it('shows the announcement bar of docsite.yaml above the navbar, sanitized', async () => {
    const html = await (await get('/general/intro')).text();
    expect(html).toMatch(
      /<div class="announcement" role="note" style="background:#ffe8a3"><div class="announcement-content">Take the <a href="https:\/\/example.org\/survey">survey<\/a><img src="x"><\/div><\/div><header class="navbar">/,
    );
    expect(html).not.toContain('onerror');
  });

  it('answers a missing page with pages to try instead, and shows readers no commit id', async () => {
    const res = await get('/general/old/intro');
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain('Were you looking for one of these?');
    expect(html).toContain('<a href="/general/intro">Introduction</a>');
    // (The preview banner above names the branch and commit on purpose; the error itself does not.)
    const main = /<main[\s\S]*?<\/main>/.exec(await (await get('/general/~main/nothing-here')).text())?.[0];
    expect(main).toContain('There is no page at this address.');
    expect(main).not.toMatch(/[0-9a-f]{7,40}|~main/);
  });
});
