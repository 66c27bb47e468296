// Reviewing a branch over HTTP: the changes of a branch (HTML and JSON) list exactly the pages it
// added, changed, removed and renamed, each page's rendered diff marks what changed, and a page
// says which versions hold it and links to its comparison with them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changesAnswerSchema } from '../server/site/schema.js';
import { startApp, type AppServer } from './support/app-server.js';
import { startGitHttpServer, type GitHttpServer } from './support/git-http-server.js';
import { removeTempDirs, tempDir } from './support/repos.js';
import { REVIEW_BRANCH, reviewRepo } from './support/review-repo.js';

describe('reviewing a branch', () => {
  let gitServer: GitHttpServer;
  let app: AppServer;
  const branch = `/general/~${encodeURIComponent(REVIEW_BRANCH)}`;

  beforeAll(async () => {
    const root = tempDir('docsite-review-');
    await reviewRepo(root);
    gitServer = await startGitHttpServer(root);
    app = await startApp({ CONTENT_REPO: `${gitServer.url}/docs/.git`, SYNC_INTERVAL: '0' });
  });
  afterAll(async () => {
    await app?.stop();
    await gitServer?.close();
    removeTempDirs();
  });

  it('lists exactly the pages the branch added, changed, removed and renamed, each with its diff', async () => {
    const res = await fetch(`${app.url}${branch}/changes`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, no-cache');
    const html = await res.text();
    const entries = [...html.matchAll(/<li><span class="change-status change-(\w+)">\w+<\/span> <a href="([^"]+)">([^<]+)<\/a> <a href="([^"]+)" class="change-diff"/g)].map(
      ([, status, href, title, diff]) => ({ status, href, title, diff: diff.replaceAll('&amp;', '&') }),
    );
    expect(entries).toEqual([
      { status: 'renamed', href: `${branch}/guide/moved`, title: 'Moving page', diff: `${branch}/guide/moved?diff` },
      { status: 'modified', href: `${branch}/intro`, title: 'Introduction to review', diff: `${branch}/intro?diff` },
      { status: 'added', href: `${branch}/new`, title: 'New page', diff: `${branch}/new?diff` },
      { status: 'removed', href: expect.stringMatching(/^\/general\/@[0-9a-f]{12}\/old$/), title: 'Old page', diff: `${branch}/old?diff` },
    ]);
    expect(html.replaceAll('<!-- -->', '')).toContain('general/guide/moved.md</code> from <code>general/moved.md</code>');
  });

  it('answers the same list in the JSON API, as its schema says', async () => {
    const res = await fetch(`${app.url}/api/changes?ref=${encodeURIComponent(`~${REVIEW_BRANCH}`)}`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(() => changesAnswerSchema.parse(body)).not.toThrow();
    expect(body.base.label).toMatch(/^the merge base with main/);
    expect(body.counts).toEqual({ added: 1, modified: 1, removed: 1, renamed: 1 });
    expect(body.pages.map((page: { status: string; path: string; oldPath: string | null }) => [page.status, page.path, page.oldPath])).toEqual([
      ['renamed', 'general/guide/moved.md', 'general/moved.md'],
      ['modified', 'general/intro.md', null],
      ['added', 'general/new.md', null],
      ['removed', 'general/old.md', null],
    ]);
    const schema = await fetch(`${app.url}/api/schema/changes.json`);
    expect((await schema.json()).title).toBe('GET /api/changes');
  });

  it('renders the diff of a changed page: words, cells, code and admonitions marked, front matter listed', async () => {
    const res = await fetch(`${app.url}${branch}/intro?diff`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, no-cache');
    const html = await res.text();
    expect(html).toContain('The <del>first</del><ins>second</ins> paragraph');
    expect(html).toMatch(/<td><del>10<\/del><ins>20<\/ins><\/td>/);
    expect(html).toMatch(/<pre[^>]*>.*<del>10<\/del><ins>20<\/ins>/s);
    expect(html).toMatch(/class="admonition[^"]*".*Mind the size<ins>, always<\/ins>\./s);
    expect(html).toMatch(/<code>title<\/code><\/th><td><del>Introduction<\/del><\/td><td><ins>Introduction to review<\/ins><\/td>/);
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    // Revalidation is a cheap 304 until a ref moves.
    const again = await fetch(`${app.url}${branch}/intro?diff`, { headers: { 'If-None-Match': res.headers.get('etag')! } });
    expect(again.status).toBe(304);
  });

  it('shows a removed page deleted whole and an added one inserted whole', async () => {
    expect(await (await fetch(`${app.url}${branch}/old?diff`)).text()).toContain('<del class="diff-block"><p>This page goes away.</p></del>');
    expect(await (await fetch(`${app.url}${branch}/new?diff`)).text()).toContain('<ins class="diff-block"><p>Brand new.</p></ins>');
  });

  it('answers a base or ref that names nothing with a clear 404 or 400, never a 500', async () => {
    const cases: [string, number][] = [
      [`${branch}/intro?diff=~no-such-branch`, 404],
      [`${branch}/intro?diff=@zz`, 400],
      [`${branch}/changes?base=@0000000`, 404],
      [`${branch}/changes?base=9.9`, 404],
      [`${branch}/no/such/page?diff`, 404],
      ['/api/changes?ref=~no-such-branch', 404],
      [`/api/changes?ref=~${encodeURIComponent(REVIEW_BRANCH)}&base=@zz`, 400],
    ];
    for (const [url, status] of cases) {
      const res = await fetch(app.url + url);
      expect(res.status, url).toBe(status);
      if (url.startsWith('/api/')) expect((await res.json()).status).toBe(status);
    }
    // The oldest version has nothing before it.
    expect((await fetch(`${app.url}/general/intro?diff`)).status).toBe(404);
  });

  it('says which versions hold a page, and compares it with another version', async () => {
    const only = await (await fetch(`${app.url}/general/next/next-only`)).text();
    expect(only).toMatch(/Available in:.*Next.*\(not in.*1\.0.*\)/s);
    // The switcher leads to the main doc of a version that lacks the page, as Docusaurus's dropdown.
    expect(only).toMatch(/<a href="\/general\?missing=next-only" rel="nofollow">1\.0<\/a>/);
    const intro = await (await fetch(`${app.url}/general/next/intro`)).text();
    expect(intro).toContain('href="/general/next/intro?diff=1.0"');
    const compared = await fetch(`${app.url}/general/next/intro?diff=1.0`);
    expect(compared.status).toBe(200);
    expect(await compared.text()).toContain('did not change');
    // A preview links to what its branch changed, in the page and in all.
    const preview = await (await fetch(`${app.url}${branch}/intro`)).text();
    expect(preview).toContain(`href="${branch}/intro?diff"`);
    expect(preview).toContain(`<a href="${branch}/changes">What this branch changed</a>`);
  });
});
