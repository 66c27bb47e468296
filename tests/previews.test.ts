// A preview is there when the author opens it: a branch pushed a second ago (or committed into a
// local repository read in place) opens on the first request, with polling off and no webhook; a
// branch that does not exist says which ones are close.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type AppServer } from './support/app-server.js';
import { startGitHttpServer, type GitHttpServer } from './support/git-http-server.js';
import { removeTempDirs, TestRepo, tempDir } from './support/repos.js';

const page = (title: string, body: string) => `---\ntitle: ${title}\n---\n\n${body}\n`;

describe('previews of branches pushed after start-up', () => {
  let gitServer: GitHttpServer;
  let app: AppServer;
  let repo: TestRepo;

  beforeAll(async () => {
    const root = tempDir('docsite-previews-');
    repo = await TestRepo.create(path.join(root, 'docs'));
    await repo.commit({ 'general/intro.md': page('Introduction', 'On main.') });
    gitServer = await startGitHttpServer(root);
    app = await startApp({ CONTENT_REPO: `${gitServer.url}/docs/.git`, SYNC_INTERVAL: '0' });
  });
  afterAll(async () => {
    await app?.stop();
    await gitServer?.close();
    removeTempDirs();
  });

  it('opens a branch pushed after start-up on the first request, and revalidates it on every reload', async () => {
    await repo.branch('fix/typo');
    const commit = await repo.commit({ 'general/intro.md': page('Introduction', 'Fixed the typo.') });
    await repo.checkout('main');
    const res = await fetch(`${app.url}/general/~fix%2Ftypo/intro`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('Fixed the typo.');
    expect(res.headers.get('cache-control')).toBe('public, no-cache');
    expect(res.headers.get('etag')).toBeTruthy();
    // And a permalink to a commit pushed after start-up.
    await repo.checkout('fix/typo');
    const next = await repo.commit({ 'general/intro.md': page('Introduction', 'Second fix.') });
    await repo.checkout('main');
    expect(next).not.toBe(commit);
    const permalink = await fetch(`${app.url}/general/@${next.slice(0, 10)}/intro`);
    expect(permalink.status).toBe(200);
    expect(await permalink.text()).toContain('Second fix.');
  });

  it('answers a branch that does not exist with a 404 naming the closest branches', async () => {
    const res = await fetch(`${app.url}/general/~fix%2Ftypos/intro`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('The closest are: fix/typo');
  });
});

describe('a local repository read in place', () => {
  let app: AppServer;
  let repo: TestRepo;

  beforeAll(async () => {
    repo = await TestRepo.create(path.join(tempDir('docsite-local-'), 'docs'));
    await repo.commit({ 'general/intro.md': page('Introduction', 'On main.') });
    app = await startApp({ CONTENT_REPO: repo.dir, SYNC_INTERVAL: '0' });
  });
  afterAll(async () => {
    await app?.stop();
    removeTempDirs();
  });

  it('opens a branch committed after start-up on the next request: a miss reads the refs again', async () => {
    await repo.branch('later');
    await repo.commit({ 'general/intro.md': page('Introduction', 'Committed later.') });
    await repo.checkout('main');
    const res = await fetch(`${app.url}/general/~later/intro`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('Committed later.');
  });
});
