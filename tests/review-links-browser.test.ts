// A page's history and a branch's link report work with JavaScript off and axe finds no
// accessibility violations on them, on a phone's width too.
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type AppServer } from './support/app-server.js';
import { launchBrowser } from './support/browser.js';
import { removeTempDirs, TestRepo, tempDir } from './support/repos.js';
import { hasBrowser } from './support/requirements.js';

const page = (title: string, body: string) => `---\ntitle: ${title}\n---\n\n${body}\n`;

describe.runIf(hasBrowser())('history and link report in a browser without JavaScript', () => {
  let app: AppServer;
  let browser: Browser;

  beforeAll(async () => {
    const repo = await TestRepo.create(path.join(tempDir('docsite-review-browser-'), 'docs'));
    await repo.commit(
      { 'general/intro.md': page('Introduction', 'Start [here](./old-guide.md).'), 'general/old-guide.md': page('Guide', '## Install\n\nSteps.') },
      'Add the guide',
    );
    await repo.commit(
      {
        'general/old-guide.md': null,
        'general/guides/setup.md': page('Guide', '## Install\n\nSteps.'),
        'general/intro.md': page('Introduction', 'Start [here](./guides/setup.md).'),
      },
      'Move the guide',
    );
    await repo.commit(
      { 'general/guides/setup.md': page('Guide', '## Install\n\nSteps, and a very long subject line follows.') },
      'Explain the installation steps of the guide in much more detail than before',
    );
    await repo.branch('broken');
    await repo.commit({ 'general/intro.md': page('Introduction', 'Start [here](./guides/setup.md#nope) or [there](./gone.md).') }, 'Break two links');
    await repo.checkout('main');
    [app, browser] = await Promise.all([startApp({ CONTENT_REPO: repo.dir, SYNC_INTERVAL: '0' }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    removeTempDirs();
  });

  const pages: [string, string, string][] = [
    ['a history page', '/general/guides/setup?history', 'Move the guide'],
    ['a link report with broken links', '/general/~broken/links', 'no heading #nope'],
  ];
  for (const [kind, url, text] of pages) {
    for (const width of [1280, 320]) {
      it(`shows ${kind} with no violations at ${width} px`, async () => {
        const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width, height: 800 } });
        const tab = await context.newPage();
        const response = await tab.goto(app.url + url);
        expect(response?.status()).toBe(200);
        expect(await tab.locator('main').innerText()).toContain(text);
        // Nothing wider than the screen.
        expect(await tab.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        if (process.env.SCREENSHOTS) await tab.screenshot({ path: path.join(process.env.SCREENSHOTS, `${kind.replaceAll(' ', '-')}-${width}.png`), fullPage: true });
        await context.close();
        // axe needs scripts to run in the page, which a context with JavaScript off stops (it
        // hangs). Lite mode sends the same page with no script at all: what a reader without
        // JavaScript gets, with the browser still able to run axe.
        const lite = await browser.newContext({ viewport: { width, height: 800 } });
        await lite.addCookies([{ name: 'lite', value: 'on', url: app.url }]);
        const litePage = await lite.newPage();
        await litePage.goto(app.url + url);
        expect(await litePage.locator('script').count()).toBe(0);
        const results = await new AxeBuilder({ page: litePage }).analyze();
        await lite.close();
        expect(results.violations.map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`)).toEqual([]);
      });
    }
  }
});
