// A reader finding their way in Chromium: with JavaScript off everything is plain HTML (details,
// links, a :target menu, a form for the theme); with JavaScript, moving within a sidebar does
// not download that sidebar again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { hasBrowser, hasCorpus } from './support/requirements.js';
import { launchBrowser } from './support/browser.js';
import { startApp, type AppServer } from './support/app-server.js';
import { exampleCorpusRepo } from './support/example.js';
import { removeTempDirs } from './support/repos.js';

// After every suite's own afterAll (servers stopped): the temp repositories they read go.
afterAll(removeTempDirs);

describe.runIf(hasCorpus() && hasBrowser())('navigating the corpus in Chromium', () => {
  let app: AppServer;
  let browser: Browser;
  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp({ CONTENT_REPO: exampleCorpusRepo(), DOCSITE_NOW: '2026-11-22' }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  async function withoutJs(width: number, test: (page: Page) => Promise<void>) {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width, height: 800 } });
    try {
      await test(await context.newPage());
    } finally {
      await context.close();
    }
  }

  it('opens a sidebar category and follows a link in it, without JavaScript', async () => {
    await withoutJs(1280, async (page) => {
      await page.goto(`${app.url}/general/community`);
      const sidebar = page.getByRole('navigation', { name: 'Docs sidebar' });
      const credits = sidebar.locator('.sidebar-category', { has: page.getByRole('link', { name: 'Credits', exact: true }) }).locator('details');
      await expect(credits.evaluate((el: HTMLDetailsElement) => el.open)).resolves.toBe(false);
      const summary = credits.locator('summary').first();
      const box = (await summary.boundingBox())!;
      // The arrow beside the label toggles; the label itself is a link to the category's page.
      await summary.click({ position: { x: box.width - 6, y: box.height / 2 } });
      await expect(credits.evaluate((el: HTMLDetailsElement) => el.open)).resolves.toBe(true);
      const child = credits.locator('ul a').first();
      const href = await child.getAttribute('href');
      await child.click();
      await page.waitForURL(`${app.url}${href}`);
      await expect(page.getByRole('navigation', { name: 'Docs sidebar' }).locator('a[aria-current="page"]').getAttribute('href')).resolves.toBe(href);
    });
  });

  it('opens the menu on a 375 px phone and goes to another page, without JavaScript', async () => {
    await withoutJs(375, async (page) => {
      await page.goto(`${app.url}/general/app/customisation`);
      const sidebar = page.getByRole('navigation', { name: 'Docs sidebar' });
      await expect(sidebar.isVisible()).resolves.toBe(false);
      await page.getByRole('link', { name: 'Menu' }).click();
      await expect(sidebar.isVisible()).resolves.toBe(true);
      await sidebar.getByRole('link', { name: 'FAQ' }).click();
      await page.waitForURL(`${app.url}/general/app/faq`);
      await expect(page.locator('h1').isVisible()).resolves.toBe(true);
      // The menu is closed on the new page, and would show this page as the current one.
      await expect(page.getByRole('navigation', { name: 'Docs sidebar' }).isVisible()).resolves.toBe(false);
      await expect(page.locator('#docs-menu a[aria-current="page"]').getAttribute('href')).resolves.toBe('/general/app/faq');
    });
  });

  it('switches to the dark theme and back, without JavaScript, and remembers it', async () => {
    await withoutJs(1280, async (page) => {
      await page.goto(`${app.url}/general/community/mission`);
      const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      const light = await background();
      await page.getByRole('button', { name: 'Switch to dark theme' }).click();
      await page.waitForURL(`${app.url}/general/community/mission`);
      const dark = await background();
      expect(dark).not.toBe(light);
      await page.goto(`${app.url}/general/community`);
      expect(await background()).toBe(dark);
      await page.getByRole('button', { name: 'Switch to light theme' }).click();
      await page.waitForURL(`${app.url}/general/community`);
      expect(await background()).toBe(light);
    });
  });

  it('follows the system dark preference until the reader chooses', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, colorScheme: 'dark' });
    const page = await context.newPage();
    await page.goto(`${app.url}/general/community`);
    await expect(page.getByRole('button', { name: 'Switch to light theme' }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('button', { name: 'Switch to dark theme' }).isVisible()).resolves.toBe(false);
    await context.close();
  });

  it('with JavaScript, moves within the release notes without fetching their sidebar again', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const dataResponses: { url: string; body: string }[] = [];
    // Bodies are read as they arrive; a read that outlives the page (a prefetch cut short) is dropped, not an error.
    const reads: Promise<void>[] = [];
    page.on('response', (response) => {
      if (!new URL(response.url()).pathname.endsWith('.data')) return;
      reads.push(
        response.text().then(
          (body) => void dataResponses.push({ url: response.url(), body }),
          () => undefined,
        ),
      );
    });
    await page.goto(`${app.url}/general/releases/4.5/4.5.1`);
    await page.waitForFunction(() => (window as unknown as { __remixRouter?: { state: { initialized: boolean } } }).__remixRouter?.state.initialized);
    const sidebar = page.getByRole('navigation', { name: 'Docs sidebar' });
    await sidebar.getByRole('link', { name: 'Moodle 4.5.2', exact: true }).click();
    await page.waitForURL(`${app.url}/general/releases/4.5/4.5.2`);
    await page.locator('h1', { hasText: 'Moodle 4.5.2' }).waitFor();
    await expect(sidebar.locator('a[aria-current="page"]').textContent()).resolves.toBe('Moodle 4.5.2');
    await page.waitForLoadState('networkidle');
    await Promise.all(reads);
    const withinSidebar = dataResponses.filter((response) => response.url.includes('4.5.2'));
    expect(withinSidebar.length).toBeGreaterThan(0);
    // The archived branches appear only in the sidebar: the page's data must not carry them.
    for (const response of withinSidebar) expect(response.body).not.toContain('Moodle 4.4');

    // Leaving the sidebar for another section loads that section's sidebar.
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Community' }).click();
    await page.waitForURL(`${app.url}/general/community`);
    await page.getByRole('navigation', { name: 'Docs sidebar' }).getByRole('link', { name: 'Mission' }).waitFor();
    expect(errors).toEqual([]);
    await Promise.all(reads);
    await context.close();
  });
});
