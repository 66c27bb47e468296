// Reading on every screen, in Chromium: no page scrolls sideways on a phone or small tablet, with JavaScript on or
// off; the phone menu holds the sections and the version switcher and closes after a navigation;
// an anchor jump stops below the sticky navbar; lite mode sends no script and still works.
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { hasBrowser } from './support/requirements.js';
import { launchBrowser } from './support/browser.js';
import { fitsEveryPhone, hydrated, inContext as inBrowserContext, neverHidesASection, offScreen } from './support/reading.js';
import { startApp, type AppServer } from './support/app-server.js';
import path from 'node:path';
import { removeTempDirs, TestRepo, tempDir } from './support/repos.js';

// After every suite's own afterAll (servers stopped): the temp repositories they read go.
afterAll(removeTempDirs);

describe.runIf(hasBrowser())('reading in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  const inContext = (options: BrowserContextOptions, test: (page: Page) => Promise<void>) => inBrowserContext(browser, options, test);
  describe('the embedded content', () => {
    let app: AppServer;
    beforeAll(async () => {
      app = await startApp();
    });
    afterAll(async () => {
      await app?.stop();
    });

    it("says when a page last changed from this project's git history, never the commit made at start-up", async () => {
      const html = await (await fetch(`${app.url}/general/community/mission`)).text();
      expect(html).toContain('<h1>Mission</h1>');
      // What git says of the file, when this is a checkout and the file is committed as it is.
      const file = 'content/general/community/mission.md';
      const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8', stdio: 'pipe' }).trim();
      let committed: { date: string; author: string } | undefined;
      try {
        const [time, ...author] = git('log', '-1', '--format=%at %an', '--', file).split(' ');
        if (time && git('status', '--porcelain', '--', file) === '') committed = { date: new Date(Number(time) * 1000).toISOString().slice(0, 10), author: author.join(' ') };
      } catch {
        // Not a git checkout (a copy of the project): no date is true.
      }
      if (!committed) expect(html).not.toContain('Last updated');
      else expect(html.replaceAll('<!-- -->', '')).toContain(`Last updated on <time dateTime="${committed.date}">${committed.date}</time> by ${committed.author}</span>`);
    });

    // With the embedded content's own brand (a logo beside the title); eight sections.
    neverHidesASection(
      () => browser,
      () => app,
      ['/', '/general/community/mission', '/general/search?q=string', '/general/no/such/page'],
    );

    it('turns lite mode on and off from the footer', async () => {
      await inContext({ viewport: { width: 1280, height: 800 } }, async (page) => {
        await page.goto(`${app.url}/general/community/mission`);
        expect(await page.locator('script').count()).toBeGreaterThan(0);
        await page.getByRole('button', { name: 'Lite mode (no scripts)' }).click();
        await page.waitForURL(`${app.url}/general/community/mission`);
        await page.getByRole('button', { name: 'Turn lite mode off' }).waitFor();
        await expect(page.locator('script').count()).resolves.toBe(0);
        await page.getByRole('button', { name: 'Turn lite mode off' }).click();
        await page.getByRole('button', { name: 'Lite mode (no scripts)' }).waitFor();
        expect(await page.locator('script').count()).toBeGreaterThan(0);
      });
    });

    it('keeps the desktop navbar on one row from 1024 px, and collapses it into the menu below 996 px', async () => {
      for (const width of [1024, 1280]) {
        await inContext({ viewport: { width, height: 800 } }, async (page) => {
          await page.goto(`${app.url}/general/community/mission`);
          await expect(page.locator('.navbar-sections').isVisible()).resolves.toBe(true);
          await expect(page.getByRole('link', { name: 'Menu' }).isVisible()).resolves.toBe(false);
          expect((await page.locator('.navbar').boundingBox())!.height).toBeLessThanOrEqual(60);
          expect(await offScreen(page)).toEqual([]);
        });
      }
      await inContext({ viewport: { width: 990, height: 800 } }, async (page) => {
        await page.goto(`${app.url}/general/community/mission`);
        await expect(page.locator('.navbar-sections').isVisible()).resolves.toBe(false);
        await expect(page.getByRole('link', { name: 'Menu' }).isVisible()).resolves.toBe(true);
      });
    });

    // phpunit has tabs and an unbreakable inline code span.
    fitsEveryPhone(
      () => browser,
      () => app,
      ['/general/community/mission', '/general/development/tools/phpunit', '/general/tags', '/general/no/such/page'],
    );
  });

  describe('tabs', () => {
    let app: AppServer;
    const tabs = (name: string) =>
      `<Tabs groupId="os" queryString>\n<TabItem value="linux" label="Linux">\n\n${name} on Linux\n\n</TabItem>\n<TabItem value="mac" label="macOS">\n\n${name} on macOS\n\n</TabItem>\n</Tabs>`;
    beforeAll(async () => {
      const repo = await TestRepo.create(path.join(tempDir('docsite-tabs-'), 'docs'));
      await repo.commit({ 'docsite.yaml': 'title: Tabs\n', 'general/install.md': `---\ntitle: Install\n---\n\n${tabs('Install')}\n\n${tabs('Run')}\n` });
      app = await startApp({ CONTENT_REPO: repo.dir, SYNC_INTERVAL: '0' });
    });
    afterAll(async () => {
      await app?.stop();
    });

    it('switches a tab by clicking its label, without JavaScript', async () => {
      await inContext({ javaScriptEnabled: false, viewport: { width: 390, height: 800 } }, async (page) => {
        await page.goto(`${app.url}/general/install`);
        await expect(page.getByText('Install on Linux').isVisible()).resolves.toBe(true);
        await page.locator('label', { hasText: 'macOS' }).first().click();
        await expect(page.getByText('Install on macOS').isVisible()).resolves.toBe(true);
        await expect(page.getByText('Install on Linux').isVisible()).resolves.toBe(false);
      });
    });

    it('switches by keyboard, moves every tab set of the group and the query string with it, and opens at ?os= and the remembered choice, with JavaScript', async () => {
      await inContext({ viewport: { width: 1280, height: 800 } }, async (page) => {
        await page.goto(`${app.url}/general/install`);
        await hydrated(page);
        await page.locator('input.tabs__radio').first().focus();
        await page.keyboard.press('ArrowRight');
        await page.getByText('Install on macOS').waitFor();
        await page.getByText('Run on macOS').waitFor();
        await page.waitForURL(`${app.url}/general/install?os=mac`);
        // The choice is remembered for the group: a plain visit opens on it.
        await page.goto(`${app.url}/general/install`);
        await hydrated(page);
        await page.getByText('Run on macOS').waitFor();
        // The query string wins over the remembered choice.
        await page.goto(`${app.url}/general/install?os=linux`);
        await hydrated(page);
        await page.getByText('Run on Linux').waitFor();
      });
    });
  });
});
