// A content repository cloned over real HTTP: every branch, tag and commit serves its own pages.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGitHttpServer, type GitHttpServer } from './support/git-http-server.js';
import { startApp, type AppServer } from './support/app-server.js';
import { TestRepo, removeTempDirs, tempDir } from './support/repos.js';

const page = (title: string, body: string) => `---\ntitle: ${title}\n---\n\n${body}\n`;

// After every suite's own afterAll (servers stopped): the temp repositories they read go.
afterAll(removeTempDirs);

describe('serving a repository cloned over HTTP', () => {
  let gitServer: GitHttpServer;
  let app: AppServer;
  let dataDir: string;
  let repoUrl: string;
  let firstCommit: string;

  beforeAll(async () => {
    const root = tempDir('docsite-remote-');
    const repo = await TestRepo.create(path.join(root, 'docs'));
    firstCommit = await repo.commit({ 'general/intro.md': page('Introduction', 'Text of the first release.'), 'general/guide/index.md': page('Guide', 'Guide home.') });
    await repo.annotatedTag('v1.0', 'First release');
    await repo.commit({ 'general/intro.md': page('Introduction', 'Text on the main branch.') });
    await repo.branch('feature/new-page');
    await repo.commit({ 'general/intro.md': page('Introduction', 'Text on the feature branch.'), 'general/only-here.md': page('Only on the branch', 'New.') });
    await repo.checkout('main');
    gitServer = await startGitHttpServer(root);
    repoUrl = `${gitServer.url}/docs/.git`;
    dataDir = tempDir('docsite-data-');
    app = await startApp({ CONTENT_REPO: repoUrl, DATA_DIR: dataDir });
  });

  afterAll(async () => {
    await app?.stop();
    await gitServer?.close();
  });

  const get = (p: string) => fetch(app.url + p);
  const text = async (p: string) => (await get(p)).text();

  it('serves the default branch at /{base}/{slug}', async () => {
    const res = await get('/general/intro');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<h1>Introduction</h1>');
    expect(html).toContain('Text on the main branch.');
  });

  it('serves an index page at its folder URL', async () => {
    expect(await text('/general/guide')).toContain('Guide home.');
  });

  it('serves another branch, with a percent-encoded slash in its name', async () => {
    expect(await text('/general/~feature%2Fnew-page/intro')).toContain('Text on the feature branch.');
    expect((await get('/general/~feature%2Fnew-page/only-here')).status).toBe(200);
    expect((await get('/general/only-here')).status).toBe(404);
  });

  it('resolves an annotated tag to the commit it tags', async () => {
    expect(await text('/general/~v1.0/intro')).toContain('Text of the first release.');
  });

  it('serves a commit by its full or abbreviated id', async () => {
    expect(await text(`/general/@${firstCommit}/intro`)).toContain('Text of the first release.');
    expect(await text(`/general/@${firstCommit.slice(0, 8)}/intro`)).toContain('Text of the first release.');
  });

  it('answers an unknown ref with a 404 that names it', async () => {
    const res = await get('/general/~no-such-branch/intro');
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('no-such-branch');
    expect((await get('/general/@0123456789abcdef/intro')).status).toBe(404);
  });

  it('answers an unknown page with a 404 that says what was not found', async () => {
    const res = await get('/general/missing-page');
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('/general/missing-page');
  });

  it('keeps a bare clone in DATA_DIR and serves it after a restart with the remote gone', async () => {
    const repos = fs.readdirSync(path.join(dataDir, 'repos'));
    expect(repos).toHaveLength(1);
    expect(fs.existsSync(path.join(dataDir, 'repos', repos[0], 'HEAD'))).toBe(true);
    // no checkout: a bare clone holds no working files
    expect(fs.existsSync(path.join(dataDir, 'repos', repos[0], 'general'))).toBe(false);
    await app.stop();
    await gitServer.close();
    app = await startApp({ CONTENT_REPO: repoUrl, DATA_DIR: dataDir, GIT_TIMEOUT_MS: '3000' });
    expect(await text('/general/intro')).toContain('Text on the main branch.');
  });

  it('serves CONTENT_REF instead of the default branch when set', async () => {
    const other = await startApp({ CONTENT_REPO: repoUrl, DATA_DIR: dataDir, CONTENT_REF: 'feature/new-page', GIT_TIMEOUT_MS: '3000' });
    try {
      expect(await (await fetch(other.url + '/general/intro')).text()).toContain('Text on the feature branch.');
    } finally {
      await other.stop();
    }
  });
});
