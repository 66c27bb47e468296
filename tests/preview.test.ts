// `docsite preview <folder>`: an author serves their checkout, uncommitted changes included, and
// an open page shows a saved edit by itself, with no commit and nothing written to their repository.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type AppServer } from './support/app-server.js';
import { launchBrowser } from './support/browser.js';
import { TestRepo, removeTempDirs, tempDir } from './support/repos.js';
import { hasBrowser } from './support/requirements.js';

const page = (title: string, body: string) => `---\ntitle: ${title}\n---\n\n${body}\n`;

afterAll(removeTempDirs);

describe('docsite preview', () => {
  let app: AppServer;
  let repo: TestRepo;
  const file = (name: string) => path.join(repo.dir, name);
  const git = (...args: string[]) => execFileSync('git', args, { cwd: repo.dir, encoding: 'utf8' }).trim();

  beforeAll(async () => {
    repo = await TestRepo.create(path.join(tempDir('docsite-preview-'), 'checkout'));
    await repo.commit({
      '.gitignore': 'general/drafts/\n',
      'general/intro.md': page('Introduction', 'Committed text.'),
      'general/guide.md': page('Guide', 'Guide text.'),
    });
    // Work the author has not committed: an edit, a new page, and a draft .gitignore excludes.
    fs.writeFileSync(file('general/intro.md'), page('Introduction', 'Edited, not committed.'));
    fs.writeFileSync(file('general/new.md'), page('New page', 'Not even added.'));
    fs.mkdirSync(file('general/drafts'));
    fs.writeFileSync(file('general/drafts/secret.md'), page('Secret', 'Ignored.'));
    app = await startApp({}, { cli: ['preview', repo.dir] });
  });

  afterAll(async () => {
    await app?.stop();
  });

  const text = async (url: string) => (await fetch(app.url + url)).text();

  it('serves the working tree as it is on disk, as .gitignore leaves it, with a banner saying so', async () => {
    const intro = await text('/general/intro');
    expect(intro).toContain('Edited, not committed.');
    expect(intro).toMatch(/Local preview of <code>checkout<\/code>, uncommitted changes included/);
    expect(await text('/general/new')).toContain('Not even added.');
    expect((await fetch(`${app.url}/general/drafts/secret`)).status).toBe(404);
    // The browser revalidates every page: the next save changes it.
    expect((await fetch(`${app.url}/general/intro`)).headers.get('cache-control')).toBe('public, no-cache');
  });

  it('shows a saved edit on the next request, without a commit in the author repository', async () => {
    const before = git('rev-list', '--all');
    fs.writeFileSync(file('general/guide.md'), page('Guide', 'Saved a moment ago.'));
    await expect.poll(() => text('/general/guide'), { timeout: 30_000, interval: 100 }).toContain('Saved a moment ago.');
    expect(git('rev-list', '--all')).toBe(before);
    expect(git('status', '--porcelain')).toMatch(/^ ?M general\/guide\.md$/m);
  });

  describe.runIf(hasBrowser())('in Chromium', () => {
    let browser: Browser;
    beforeAll(async () => {
      browser = await launchBrowser();
    });
    afterAll(async () => {
      await browser?.close();
    });

    it('reloads an open page by itself when its file is saved', async () => {
      const tab = await browser.newPage();
      await tab.goto(`${app.url}/general/intro`);
      fs.writeFileSync(file('general/intro.md'), page('Introduction', 'Reloaded by itself.'));
      await tab.getByText('Reloaded by itself.').waitFor({ timeout: 30_000 });
      await tab.close();
    });
  });
});

describe('docsite command line', () => {
  it('refuses a folder that does not exist, with a message and status 2', () => {
    let status = 0;
    let stderr = '';
    try {
      execFileSync(process.execPath, ['bin/cli.js', 'preview', '/nonexistent/folder'], { encoding: 'utf8', stdio: 'pipe' });
    } catch (error) {
      ({ status, stderr } = error as { status: number; stderr: string });
    }
    expect(status).toBe(2);
    expect(stderr).toContain('docsite preview: "/nonexistent/folder" is not a folder');
  });
});
