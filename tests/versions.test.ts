// Versions, branch previews and permalinks of one repository cloned over real HTTP: every URL form
// serves its own content, previews follow the operator's pattern, the switcher keeps the page.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGitHttpServer, type GitHttpServer } from './support/git-http-server.js';
import { startApp, type AppServer } from './support/app-server.js';
import { TestRepo, removeTempDirs, tempDir } from './support/repos.js';

const page = (title: string, body: string) => `---\ntitle: ${title}\n---\n\n${body}\n`;

const siteConfig = `title: Test Docs
versions:
  - name: current
    banner: unreleased
  - name: "2.0"
    ref: 2.x
    label: "2.0 (stable)"
  - name: "1.0"
    ref: v1.0
    banner: unmaintained
    noIndex: true
previewBranches: "feature/*"
`;

// After every suite's own afterAll (servers stopped): the temp repositories they read go.
afterAll(removeTempDirs);

describe('versions, previews and permalinks', () => {
  let gitServer: GitHttpServer;
  let app: AppServer;
  let v1Commit: string;
  let featureCommit: string;

  beforeAll(async () => {
    const root = tempDir('docsite-versions-');
    const repo = await TestRepo.create(path.join(root, 'docs'));
    v1Commit = await repo.commit({
      'docsite.yaml': siteConfig,
      'general/index.md': page('Home', 'Home of 1.0.'),
      'general/intro.md': page('Introduction', 'Intro of 1.0.'),
      'general/guide.md': page('Guide', 'Guide of 1.0.'),
    });
    await repo.annotatedTag('v1.0');
    await repo.branch('1.x');
    await repo.commit({ 'general/intro.md': page('Introduction', 'Intro of 1.x after the release.') });
    await repo.checkout('main');
    await repo.commit({ 'general/index.md': page('Home', 'Home of 2.0.'), 'general/intro.md': page('Introduction', 'Intro of 2.0.'), 'general/guide.md': null });
    await repo.branch('2.x');
    await repo.checkout('main');
    await repo.commit({
      'general/index.md': page('Home', 'Home of next.'),
      'general/intro.md': page('Introduction', 'Intro of next.'),
      'general/only-next.md': page('Only next', 'New in next.'),
    });
    await repo.branch('feature/new-page');
    featureCommit = await repo.commit({ 'general/intro.md': page('Introduction', 'Intro of the feature.') });
    await repo.checkout('main');
    await repo.branch('private/draft');
    await repo.commit({ 'general/intro.md': page('Introduction', 'Intro of a private draft.') });
    await repo.checkout('main');
    gitServer = await startGitHttpServer(root);
    app = await startApp({ CONTENT_REPO: `${gitServer.url}/docs/.git`, SYNC_INTERVAL: '0' });
  });

  afterAll(async () => {
    await app?.stop();
    await gitServer?.close();
  });

  const get = (p: string) => fetch(app.url + p, { redirect: 'manual' });
  // React separates adjacent text with empty comments; readers do not see them.
  const text = async (p: string) => (await (await get(p)).text()).replaceAll('<!-- -->', '');

  it('serves the last version (the first released one) at /{base}/{slug}', async () => {
    const html = await text('/general/intro');
    expect(html).toContain('Intro of 2.0.');
    expect(html).not.toContain('noindex');
  });

  it('serves each named version at /{base}/{version}/{slug}: the current one at next, a tag-based one at its name', async () => {
    expect(await text('/general/next/intro')).toContain('Intro of next.');
    expect(await text('/general/1.0/intro')).toContain('Intro of 1.0.');
    expect(await text('/general/1.0/guide')).toContain('Guide of 1.0.');
    expect(await text('/general/next')).toContain('Home of next.');
  });

  it('serves a branch matching the preview pattern, with a banner naming the branch and commit', async () => {
    const html = await text('/general/~feature%2Fnew-page/intro');
    expect(html).toContain('Intro of the feature.');
    expect(html).toMatch(/Preview of branch <strong>feature\/new-page<\/strong> at commit <code>[0-9a-f]{7}<\/code>/);
    expect(html).toContain(featureCommit.slice(0, 7));
    expect(html).toContain('name="robots" content="noindex, nofollow"');
  });

  it('answers a branch outside the preview pattern with a 404, even though it exists', async () => {
    const res = await get('/general/~private%2Fdraft/intro');
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('Intro of a private draft.');
    expect((await get('/general/~1.x/intro')).status).toBe(404);
  });

  it('serves any commit at /{base}/@{commit}/{slug}', async () => {
    const html = await text(`/general/@${v1Commit}/intro`);
    expect(html).toContain('Intro of 1.0.');
    expect(html).toContain('as of commit');
  });

  it('shows the unreleased and unmaintained banners, and noindex with a canonical link where the version asks', async () => {
    expect(await text('/general/next/intro')).toMatch(/unreleased documentation for Test Docs <strong>Next<\/strong>.*href="\/general\/intro"/s);
    const old = await text('/general/1.0/intro');
    expect(old).toMatch(/<strong>1.0<\/strong>, which is no longer actively maintained/);
    expect(old).toContain('name="robots" content="noindex, nofollow"');
    expect(old).toMatch(/<link rel="canonical" href="http:\/\/127.0.0.1:\d+\/general\/intro"\/>/);
  });

  it('offers a version switcher that keeps the current page, without JavaScript', async () => {
    const html = await text('/general/next/intro');
    expect(html).toContain('<details class="version-switcher">');
    expect(html).toContain('href="/general/intro?switch"');
    expect(html).toContain('href="/general/1.0/intro?switch"');
    expect(html).toContain('2.0 (stable)');
    expect(await text('/general/1.0/intro?switch')).toContain('Intro of 1.0.');
  });

  it('sends the switcher to the version home with a note when the page does not exist there', async () => {
    const res = await get('/general/1.0/only-next?switch');
    expect(res.status).toBe(302);
    const location = res.headers.get('location')!;
    expect(location).toBe('/general/1.0?missing=only-next');
    const html = await text(location);
    expect(html).toContain('Home of 1.0.');
    expect(html).toMatch(/The page <code>only-next<\/code> does not exist in 1.0/);
    // Without the switcher, the page is shown where it exists: a temporary redirect to that version (decision 019).
    const elsewhere = await get('/general/1.0/only-next');
    expect(elsewhere.status).toBe(302);
    expect(elsewhere.headers.get('location')).toBe('/general/next/only-next');
    expect((await get('/general/1.0/nowhere-at-all')).status).toBe(404);
  });

  it('reports the commit of every version on /readyz', async () => {
    const ready = await (await get('/readyz')).json();
    expect(ready.versions['1.0']).toEqual({ ref: 'v1.0', commit: v1Commit });
    expect(Object.keys(ready.versions)).toEqual(['current', '2.0', '1.0']);
  });
});
