// The review pages as a reader with JavaScript off meets them: the changes list and a rendered
// diff work, and axe finds no accessibility violations on them (with none of the page's scripts
// loaded), in light and dark.
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type AppServer } from './support/app-server.js';
import { launchBrowser } from './support/browser.js';
import { startGitHttpServer, type GitHttpServer } from './support/git-http-server.js';
import { removeTempDirs, tempDir } from './support/repos.js';
import { hasBrowser } from './support/requirements.js';
import { REVIEW_BRANCH, reviewRepo } from './support/review-repo.js';

describe.runIf(hasBrowser())('review pages in a browser with JavaScript off', () => {
  let gitServer: GitHttpServer;
  let app: AppServer;
  let browser: Browser;
  const branch = `/general/~${encodeURIComponent(REVIEW_BRANCH)}`;

  beforeAll(async () => {
    const root = tempDir('docsite-review-browser-');
    await reviewRepo(root);
    gitServer = await startGitHttpServer(root);
    [app, browser] = await Promise.all([startApp({ CONTENT_REPO: `${gitServer.url}/docs/.git`, SYNC_INTERVAL: '0' }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await gitServer?.close();
    removeTempDirs();
  });

  it('goes from the changes list to a rendered diff by its link', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${app.url}${branch}/changes`);
    await page.getByRole('link', { name: 'Rendered diff of Introduction to review' }).click();
    await page.waitForURL(/\/intro\?diff$/);
    expect(await page.locator('#main .markdown ins').first().textContent()).toBe('second');
    expect(await page.getByRole('table', { name: 'Front matter changes' }).isVisible()).toBe(true);
    await context.close();
  });

  for (const [kind, path] of [
    ['the changes list', `${branch}/changes`],
    ['a rendered diff', `${branch}/intro?diff`],
    ['a removed page', `${branch}/old?diff`],
    ['a page with versions to compare', '/general/next/intro'],
  ] as const) {
    for (const scheme of ['light', 'dark'] as const) {
      it(`has no accessibility violations on ${kind} (${scheme})`, async () => {
        // axe runs as a script, so the page's own scripts are what is turned off: none loads.
        const context = await browser.newContext({ colorScheme: scheme });
        await context.route(/\.js(\?|$)/, (route) => route.abort());
        const page = await context.newPage();
        expect((await page.goto(app.url + path))?.status()).toBe(200);
        const results = await new AxeBuilder({ page }).analyze();
        await context.close();
        expect(
          results.violations.map(
            (violation) =>
              `${violation.id}: ${violation.help} (${violation.nodes
                .map((node) => node.target.join(' '))
                .slice(0, 3)
                .join(', ')})`,
          ),
        ).toEqual([]);
      });
    }
  }
});
