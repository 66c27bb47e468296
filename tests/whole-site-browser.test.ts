// The whole upstream site in Chromium (decision 028), served from the bundle as it is: the version
// menu of the docs instance, upstream's navbar, and docs and general pages on every phone width.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startApp, type AppServer } from './support/app-server.js';
import { launchBrowser } from './support/browser.js';
import { cloneBundle } from './support/bundle.js';
import { fitsEveryPhone, hydrated, inContext, neverHidesASection } from './support/reading.js';
import { removeTempDirs, tempDir } from './support/repos.js';
import { brokenLinkWords, disclosuresWithoutIcon, navbarView } from './support/shell.js';
import { hasBrowser, hasBundle } from './support/requirements.js';

afterAll(removeTempDirs);

describe.runIf(hasBrowser() && hasBundle())('the whole upstream site in Chromium', () => {
  let app: AppServer;
  let browser: Browser;
  beforeAll(async () => {
    [app, browser] = await Promise.all([
      startApp({ CONTENT_REPO: cloneBundle(path.join(tempDir('docsite-bundle-'), 'devdocs')), DOCSITE_NOW: '2026-11-22', SYNC_INTERVAL: '0' }),
      launchBrowser(),
    ]);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it("has upstream's navbar: its sections, the Writing menu, and the version menu of its config on every page", async () => {
    await inContext(browser, { viewport: { width: 1920, height: 900 } }, async (page) => {
      await page.goto(`${app.url}/docs/5.3/apis`);
      const sections = page.locator('.navbar-sections > ul');
      expect(await sections.locator(':scope > li > a, :scope > li > details > summary').allTextContents()).toEqual([
        'Guides',
        'Community',
        'Coding',
        'Processes',
        'Projects',
        'Moodle App',
        'Design System',
        'Releases',
        'Writing',
      ]);
      await sections.getByText('Writing').click();
      expect(await sections.locator('details[open] a').allTextContents()).toEqual(['Content guidelines', 'Documentation']);
      expect(await page.locator('.navbar .version-switcher summary').textContent()).toContain('main (5.3)');
      // config/navbar.js's docsVersionDropdown, as Docusaurus's stock theme shows it: on general's
      // pages too, naming the docs versions (upstream hides it there with a swizzled component).
      await page.goto(`${app.url}/general/community/mission`);
      expect(await page.locator('.navbar .version-switcher summary').textContent()).toContain('main (5.3)');
    });
  });

  // With upstream's brand: its logo and its Open Sans (its custom.css).
  neverHidesASection(
    () => browser,
    () => app,
    ['/', '/docs/5.2/apis', '/general/community/mission'],
  );

  for (const javaScriptEnabled of [true, false]) {
    it(`switches version to the same page, else to that version's main doc, JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, async () => {
      await inContext(browser, { javaScriptEnabled, viewport: { width: 1280, height: 900 } }, async (page) => {
        await page.goto(`${app.url}/docs/5.2/apis/subsystems/access`);
        if (javaScriptEnabled) await hydrated(page);
        const menu = page.locator('.navbar .version-switcher');
        await menu.locator('summary').click();
        await menu.getByRole('link', { name: '4.5', exact: true }).click();
        await page.waitForURL(/\/docs\/4\.5\/apis\/subsystems\/access/);
        expect(await page.locator('h1').textContent()).toBe('Access API');
        // A page that only the current version has: 4.5's main doc, saying the page is not there.
        await page.goto(`${app.url}/docs/5.3/apis/plugintypes/format/linear_navigation`);
        if (javaScriptEnabled) await hydrated(page);
        await menu.locator('summary').click();
        await menu.getByRole('link', { name: /^4\.5/ }).click();
        await page.waitForURL(/\/docs\/4\.5\?missing=/);
        expect(await page.locator('h1').textContent()).toBe('Introduction');
        expect(await page.locator('.version-banner').textContent()).toContain('does not exist in 4.5');
      });
    });
  }

  it("lists the archived versions as links out, after the served ones, then config/navbar.js's other links", async () => {
    await inContext(browser, { viewport: { width: 1280, height: 900 } }, async (page) => {
      await page.goto(`${app.url}/docs/5.0/apis`);
      const links = page.locator('.navbar .version-switcher li a');
      // Its dropdownItemsAfter: versionsArchived.json's first five, then two links of its own.
      expect(await links.allTextContents()).toEqual(['main (5.3)', '5.2', '5.1', '5.0', '4.5', '4.1', '4.2', '4.3', '4.4', 'Legacy documentation', 'All versions']);
      expect(await page.locator('.navbar .version-switcher a', { hasText: '4.3' }).getAttribute('href')).toBe(
        'https://69dc5eaa9c68bd0008f358f4--moodledevdocs.netlify.app/docs/4.3',
      );
    });
  });

  // The shell's rough edges (issue 43) on upstream's content and brand: the navbar with its wide logo,
  // the menus' icon, links in tables, and a preview's banner above a rendered diff.
  for (const javaScriptEnabled of [true, false]) {
    for (const width of [320, 390, 1280]) {
      it(`shows the shell whole at ${width} px, JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, async () => {
        await inContext(browser, { javaScriptEnabled, viewport: { width, height: 900 } }, async (page) => {
          const problems: string[] = [];
          for (const path of ['/', '/docs/5.3/apis', '/general/development/tools/phpunit', '/general/development/process/release', '/general/app_releases']) {
            // On a phone the menus are in the menu panel: opened (`#docs-menu`), their icons show.
            await page.goto(app.url + path + (width < 997 && path !== '/' ? '#docs-menu' : ''));
            const navbar = await navbarView(page);
            problems.push(...navbar.problems.map((problem) => `${path}: ${problem}`));
            if ((navbar.placeholderRoom ?? -1) < 0) problems.push(`${path}: the search field cuts its placeholder`);
            // The logo shrinks whole (never cropped) only where the navbar has no other room: at 390 px it is nearly its size.
            const { logo } = navbar;
            if (!logo || Math.abs(logo.width / logo.height - 138 / 35) > 0.1) problems.push(`${path}: the logo is cropped or missing (${JSON.stringify(logo)})`);
            if (logo && width >= 390 && logo.width < 100) problems.push(`${path}: the logo is squeezed to ${logo.width} px`);
            const menus = await disclosuresWithoutIcon(page);
            if (path !== '/' && menus.checked === 0) problems.push(`${path}: no menu on screen`);
            problems.push(...menus.problems.map((problem) => `${path}: ${problem}`));
            problems.push(...(await brokenLinkWords(page)).map((problem) => `${path}: ${problem}`));
          }
          // On a branch's rendered diff the preview banner is as wide as the article, not the TOC column beside it.
          // (The first one reads the branch and renders both sides: it may take a while on a busy machine.)
          await page.goto(`${app.url}/general/~ImproveIntegrationIssuesFixing/development/process/integration?diff`, { timeout: 120_000 });
          const banner = (await page.locator('.version-banner').boundingBox())!;
          const article = (await page.locator('.review-diff .doc-column').boundingBox())!;
          expect([banner.x, banner.x + banner.width].map(Math.round)).toEqual([article.x, article.x + article.width].map(Math.round));
          expect(problems).toEqual([]);
        });
      }, 180_000);
    }
  }

  fitsEveryPhone(
    () => browser,
    () => app,
    [
      '/',
      '/docs/5.3',
      '/docs/5.3/apis/subsystems/access',
      '/docs/4.5/apis/core/dml',
      '/docs/5.3/category/subsystems',
      '/docs/5.2/tags',
      '/docs/~main/5.1/apis',
      '/general/community/mission',
      '/general/releases/4.0',
      '/general/no/such/page',
    ],
  );
});
