// A reader's browser: Chromium opens a page and sees its title and headings.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { hasBrowser } from './support/requirements.js';
import { launchBrowser } from './support/browser.js';
import { startApp, type AppServer } from './support/app-server.js';
import { inContext, offScreen } from './support/reading.js';
import { navbarView } from './support/shell.js';
import { untilIndexed } from './support/indexed.js';

describe.runIf(hasBrowser())('in Chromium', () => {
  let app: AppServer;
  let browser: Browser;
  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
    // The search tests read a whole index: after a start it answers as far as it has gone.
    await untilIndexed(app.url, '?q=roadmap');
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('shows a page with its title and a heading', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${app.url}/general/community`);
    await expect(page.title()).resolves.toBe('Community | Moodle Developer Resources');
    expect(await page.locator('h1').textContent()).toBe('Community');
    expect(await page.locator('article h2').count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
  });

  it("sends a page's article once, and keeps it through hydration, client navigation and going back", async () => {
    const phrase = 'A mission statement is only useful';
    const html = await (await fetch(`${app.url}/general/community/mission`)).text();
    expect(html.split(phrase)).toHaveLength(2);

    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    await page.goto(`${app.url}/general/community/mission`);
    await page.waitForFunction(() => (window as unknown as { __remixRouter?: { state: { initialized: boolean } } }).__remixRouter?.state.initialized);
    await expect(page.locator('article').textContent()).resolves.toContain(phrase);

    await page.getByRole('navigation', { name: 'Docs sidebar' }).getByRole('link', { name: 'Roadmap' }).click();
    await page.waitForURL(`${app.url}/general/community/roadmap`);
    await page.locator('h1', { hasText: 'Roadmap' }).waitFor();
    const roadmap = await page.locator('article .markdown').textContent();
    expect(roadmap?.length).toBeGreaterThan(200);
    expect(roadmap).not.toContain(phrase);

    await page.goBack();
    await page.locator('h1', { hasText: 'Mission' }).waitFor();
    await expect(page.locator('article .markdown').textContent()).resolves.toContain(phrase);
    expect(errors).toEqual([]);
  });

  // The shell's rough edges (issue 43), at a small phone, a common phone and a desktop, JavaScript on and off.
  for (const javaScriptEnabled of [true, false]) {
    for (const width of [320, 390, 1280]) {
      const setting = `${width} px, JavaScript ${javaScriptEnabled ? 'on' : 'off'}`;

      it(`fits logo, title and a search field with its whole placeholder in the navbar (${setting})`, async () => {
        await inContext(browser, { javaScriptEnabled, viewport: { width, height: 800 } }, async (page) => {
          for (const path of ['/', '/general/community']) {
            await page.goto(app.url + path);
            const navbar = await navbarView(page);
            expect(navbar.problems, path).toEqual([]);
            expect(await offScreen(page), path).toEqual([]);
            // The logo keeps its configured size; the title may shorten (or go, on the smallest phone) before the search field is cut.
            expect(navbar.logo, path).toMatchObject({ width: navbar.logo?.configured, height: 28 });
            expect(navbar.placeholderRoom, path).toBeGreaterThanOrEqual(0);
            if (width >= 390) expect(navbar.title?.width, path).toBeGreaterThan(40);
            if (width >= 1280) expect(navbar.title?.cut, path).toBe(false);
          }
        });
      });

      it(`searches from the landing page (${setting})`, async () => {
        await inContext(browser, { javaScriptEnabled, viewport: { width, height: 800 } }, async (page) => {
          await page.goto(app.url);
          const field = page.getByRole('searchbox', { name: 'Search the documentation' });
          await field.fill('roadmap');
          await field.press('Enter');
          await page.waitForURL(`${app.url}/general/search?q=roadmap`, { timeout: 120_000 });
          await page.getByRole('link', { name: 'Roadmap', exact: true }).first().waitFor({ timeout: 120_000 });
        });
        // The first search of a start builds the index: on a busy machine, far more than a reader waits.
      }, 180_000);

      it(`offers one list of suggestions on a missing page, each page once (${setting})`, async () => {
        await inContext(browser, { javaScriptEnabled, viewport: { width, height: 800 } }, async (page) => {
          expect((await page.goto(`${app.url}/general/community/roadmapp`))?.status()).toBe(404);
          const main = page.locator('main');
          await expect(main.locator('h2').allTextContents()).resolves.toEqual(['Were you looking for one of these?']);
          const pages = (await main.locator('li > a').evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).pathname))) as string[];
          expect(pages).toContain('/general/community/roadmap');
          expect(new Set(pages).size).toBe(pages.length);
          expect(await offScreen(page)).toEqual([]);
        });
      });
    }
  }

  it("answers /favicon.ico and the page's icon link with the site's icon", async () => {
    const page = await browser.newPage();
    await page.goto(`${app.url}/general/community`);
    const href = await page.locator('link[rel="icon"]').getAttribute('href');
    await page.close();
    for (const path of ['/favicon.ico', href!]) {
      const res = await fetch(app.url + path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type'), path).toMatch(/^image\//);
    }
  });
});
