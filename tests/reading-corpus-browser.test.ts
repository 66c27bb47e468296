// Reading the corpus on every screen, in Chromium: no page scrolls sideways on a phone or small tablet, with JavaScript on or
// off; the phone menu holds the sections and the version switcher and closes after a navigation;
// an anchor jump stops below the sticky navbar; lite mode sends no script and still works.
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { hasBrowser, hasCorpus } from './support/requirements.js';
import { launchBrowser } from './support/browser.js';
import { blockBoxes, fitsEveryPhone, hydrated, inContext as inBrowserContext, offScreen } from './support/reading.js';
import { startApp, type AppServer } from './support/app-server.js';
import { corpusRepo } from './support/corpus.js';
import { exampleConfig } from './support/example.js';
import { removeTempDirs } from './support/repos.js';

// After every suite's own afterAll (servers stopped): the temp repositories they read go.
afterAll(removeTempDirs);

describe.runIf(hasBrowser())('reading the corpus in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  const inContext = (options: BrowserContextOptions, test: (page: Page) => Promise<void>) => inBrowserContext(browser, options, test);

  describe.runIf(hasCorpus())('the corpus, with two versions and a preview branch', () => {
    let app: AppServer;
    beforeAll(async () => {
      const config = exampleConfig();
      const repo = corpusRepo({
        ...config,
        'docsite.yaml': `${config['docsite.yaml']}versions:\n  - name: current\n  - name: "5.0"\n    ref: "5.0-branch"\n`,
      });
      execFileSync('git', ['branch', '5.0-branch'], { cwd: repo });
      execFileSync('git', ['branch', 'feature/preview'], { cwd: repo });
      app = await startApp({ CONTENT_REPO: repo, DOCSITE_NOW: '2026-11-22' });
    });
    afterAll(async () => {
      await app?.stop();
    });

    fitsEveryPhone(
      () => browser,
      () => app,
      [
        '/',
        '/general/community/mission',
        '/general/releases/4.0',
        '/general/development/policies/codingstyle',
        '/general/development/policies/deprecation',
        '/general/documentation/contributing',
        '/general/tags',
        '/general/tags/release-notes',
        '/general/category/product-writing-guidelines',
        '/general/next/community/mission',
        '/general/~feature%2Fpreview/community/mission',
        '/general/no/such/page',
      ],
    );

    it('keeps the sections, the sidebar and the version switcher of the phone menu on screen, and switches version from it, without JavaScript', async () => {
      await inContext({ javaScriptEnabled: false, viewport: { width: 320, height: 800 } }, async (page) => {
        await page.goto(`${app.url}/general/releases/4.0`);
        await page.getByRole('link', { name: 'Menu' }).click();
        const menu = page.locator('#docs-menu');
        await expect(menu.getByRole('navigation', { name: 'Docs sidebar' }).isVisible()).resolves.toBe(true);
        // Open every category, so every chevron is checked.
        await menu.locator('.sidebar details').evaluateAll((all) => {
          for (const details of all as HTMLDetailsElement[]) details.open = true;
        });
        expect(await offScreen(page)).toEqual([]);
        const switcher = menu.locator('.version-switcher summary');
        await switcher.click();
        await menu.getByRole('link', { name: 'Next' }).click();
        await page.waitForURL((url) => url.pathname === '/general/next/releases/4.0');
        await expect(page.locator('.version-switcher summary').first().textContent()).resolves.toContain('Next');
      });
    });

    it('keeps the shell about the page on screen after a client-side navigation: switcher, banner and canonical, with JavaScript', async () => {
      await inContext({ viewport: { width: 1280, height: 900 } }, async (page) => {
        /** What the shell links to for the page on screen. */
        const shellLinks = () =>
          page.evaluate(() => ({
            switcher: [...document.querySelectorAll('.navbar-switcher .version-switcher a')].map((a) => a.getAttribute('href')),
            banner: [...document.querySelectorAll('.version-banner a')].map((a) => a.getAttribute('href')),
            canonical: document.querySelector('link[rel="canonical"]')?.getAttribute('href'),
          }));
        /** Reads Mission under `prefix` and moves to Roadmap from the sidebar (a client navigation: the shell is kept). */
        const toRoadmap = async (prefix: string) => {
          await page.goto(`${app.url}${prefix}/community/mission`);
          await hydrated(page);
          await page.getByRole('navigation', { name: 'Docs sidebar' }).getByRole('link', { name: 'Roadmap' }).click();
          await page.waitForURL(`${app.url}${prefix}/community/roadmap`);
          await page.locator('h1', { hasText: 'Roadmap' }).waitFor();
        };
        /** The kept shell's links after `toRoadmap`, and those of a fresh load of Roadmap: they must be the same. */
        const keptAndFresh = async (prefix: string) => {
          await toRoadmap(prefix);
          const kept = await shellLinks();
          await page.reload();
          await hydrated(page);
          return { kept, fresh: await shellLinks() };
        };
        const version = await keptAndFresh('/general/next');
        expect(version.fresh.switcher).toContain('/general/community/roadmap?switch');
        expect(version.kept).toEqual(version.fresh);
        const preview = await keptAndFresh('/general/~feature%2Fpreview');
        expect(preview.fresh.banner).toContain('/general/community/roadmap');
        expect(preview.fresh.canonical).toBe(`${app.url}/general/community/roadmap`);
        expect(preview.kept).toEqual(preview.fresh);
        // And the switcher leads to this page in the other version.
        await toRoadmap('/general/next');
        const switcher = page.locator('.navbar-switcher .version-switcher');
        await switcher.locator('summary').click();
        await switcher.getByRole('link', { name: '5.0' }).click();
        await page.waitForURL((url) => url.pathname === '/general/community/roadmap');
        await page.locator('h1', { hasText: 'Roadmap' }).waitFor();
      });
    });

    it('closes the phone menu after a client-side navigation from it, with JavaScript', async () => {
      await inContext({ viewport: { width: 390, height: 800 } }, async (page) => {
        await page.goto(`${app.url}/general/community/mission`);
        await hydrated(page);
        const sidebar = page.getByRole('navigation', { name: 'Docs sidebar' });
        await page.getByRole('link', { name: 'Menu' }).click();
        await sidebar.waitFor({ state: 'visible' });
        await sidebar.getByRole('link', { name: 'Roadmap' }).click();
        await page.waitForURL(`${app.url}/general/community/roadmap`);
        await page.locator('h1', { hasText: 'Roadmap' }).waitFor();
        await sidebar.waitFor({ state: 'hidden' });
        // The page was not reloaded: the sidebar marks the new page itself.
        await expect(page.locator('#sidebar-items a[aria-current="page"]').getAttribute('href')).resolves.toBe('/general/community/roadmap');
        // It opens again, and Escape closes it.
        await page.getByRole('link', { name: 'Menu' }).click();
        await sidebar.waitFor({ state: 'visible' });
        await page.keyboard.press('Escape');
        await sidebar.waitFor({ state: 'hidden' });
      });
    });

    it('lays out only the blocks near the screen on a long page (all of them in print), and they take the place they would take laid out', async () => {
      await inContext({ javaScriptEnabled: false, viewport: { width: 390, height: 800 } }, async (page) => {
        await page.goto(`${app.url}/general/releases/4.0`);
        // The items of a list at the end of the release notes are skipped until the reader nears them.
        const item = page.locator('#article-body > ul > li').last();
        await expect(item.evaluate((li) => li.checkVisibility({ contentVisibilityAuto: true }))).resolves.toBe(false);
        // To the end of the page (again on each try: the page grows as blocks are laid out). Polled
        // from here: with JavaScript off the page runs no polling of its own.
        await expect
          .poll(
            () =>
              item.evaluate((li) => {
                window.scrollTo(0, document.documentElement.scrollHeight);
                return li.checkVisibility({ contentVisibilityAuto: true });
              }),
            { timeout: 30_000 },
          )
          .toBe(true);
      });
      // Printed, nothing is skipped.
      await inContext({ javaScriptEnabled: false, viewport: { width: 390, height: 800 } }, async (page) => {
        await page.emulateMedia({ media: 'print' });
        await page.goto(`${app.url}/general/releases/4.0`);
        await expect(
          page
            .locator('#article-body > ul > li')
            .last()
            .evaluate((li) => li.checkVisibility({ contentVisibilityAuto: true })),
        ).resolves.toBe(true);
      });
      // Everything on screen at once (a very tall window), with and without the skipping: every block in the same place.
      await inContext({ javaScriptEnabled: false, viewport: { width: 390, height: 60_000 } }, async (page) => {
        const boxes = () => blockBoxes(page);
        for (const path of ['/general/development/policies/deprecation', '/general/releases/4.0', '/general/development/policies/codingstyle']) {
          await page.goto(app.url + path);
          // Nothing is skipped any more (what stays hidden, such as another tab's panel, is hidden either way).
          await expect
            .poll(
              () =>
                page.evaluate(() =>
                  [...document.querySelectorAll('#article-body > * > *')].every((inner) => inner.checkVisibility({ contentVisibilityAuto: true }) === inner.checkVisibility()),
                ),
              { timeout: 30_000 },
            )
            .toBe(true);
          const skipping = await boxes();
          await page.evaluate(() => {
            const style = document.createElement('style');
            style.textContent = '#article-body > * { content-visibility: visible !important; }';
            document.head.append(style);
          });
          expect(await boxes(), path).toEqual(skipping);
        }
      });
    });

    it('stops an anchor jump below the sticky navbar, with and without JavaScript', async () => {
      for (const javaScriptEnabled of [true, false]) {
        await inContext({ javaScriptEnabled, viewport: { width: 1280, height: 800 } }, async (page) => {
          await page.goto(`${app.url}/general/development/policies/codingstyle#strings`);
          const heading = page.locator('#strings');
          await heading.waitFor();
          await page.waitForFunction(() => window.scrollY > 0);
          const navbar = (await page.locator('.navbar').boundingBox())!;
          const box = (await heading.boundingBox())!;
          expect(box.y, `JS ${javaScriptEnabled}`).toBeGreaterThanOrEqual(navbar.y + navbar.height);
          // One row: the navbar is no taller than its declared height.
          expect(navbar.height).toBeLessThanOrEqual(60);
        });
      }
    });

    it('marks the section being read in the table of contents, links each heading to itself, and copies a code block, with JavaScript', async () => {
      await inContext({ viewport: { width: 1280, height: 800 }, permissions: ['clipboard-read', 'clipboard-write'] }, async (page) => {
        await page.goto(`${app.url}/general/development/policies/codingstyle#strings`);
        await hydrated(page);
        const toc = page.getByRole('navigation', { name: 'On this page' });
        await toc.locator('a.toc-active', { hasText: 'Strings' }).waitFor();
        await page.locator('#arrays').scrollIntoViewIfNeeded();
        await page.evaluate(() => window.scrollBy(0, document.getElementById('arrays')!.getBoundingClientRect().top - 70));
        await toc.locator('a.toc-active', { hasText: 'Arrays' }).waitFor();
        await expect(toc.locator('a.toc-active').count()).resolves.toBe(1);
        await expect(page.locator('#arrays a.hash-link').getAttribute('href')).resolves.toBe('#arrays');

        const block = page.locator('article .code-block', { has: page.locator('pre', { hasText: /\w/ }) }).first();
        await block.hover();
        await block.getByRole('button', { name: 'Copy code to clipboard' }).click();
        await block.getByRole('button', { name: 'Copy code to clipboard' }).filter({ hasText: 'Copied' }).waitFor();
        const copied = await page.evaluate(() => navigator.clipboard.readText());
        expect(copied).toBe(await block.locator('pre').textContent());
        expect(copied.length).toBeGreaterThan(0);
      });
    });

    it('zooms an article image in a dialog and closes it with Escape, with JavaScript', async () => {
      await inContext({ viewport: { width: 1280, height: 800 } }, async (page) => {
        await page.goto(`${app.url}/general/community/plugincontribution/codeprechecks`);
        await hydrated(page);
        const image = page.locator('article .markdown img:not(a img)').first();
        await image.click();
        const dialog = page.locator('dialog.image-zoom');
        await dialog.waitFor();
        await expect(dialog.locator('img').getAttribute('src')).resolves.toBe(await image.evaluate((img: HTMLImageElement) => img.currentSrc || img.src));
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });
      });
    });

    it('draws a mermaid diagram in a sandboxed frame with JavaScript, loading mermaid only there, and shows its source without', async () => {
      await inContext({ viewport: { width: 1280, height: 800 } }, async (page) => {
        const loaded: string[] = [];
        page.on('request', (request) => request.url().includes('mermaid') && loaded.push(request.url()));
        await page.goto(`${app.url}/general/community/mission`);
        await hydrated(page);
        expect(loaded).toEqual([]);
        await page.goto(`${app.url}/general/documentation/contributing`);
        const diagram = page.locator('article pre.mermaid').first();
        await diagram.locator('iframe[src^="data:"]').waitFor();
        expect(loaded.length).toBeGreaterThan(0);
      });
      await inContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } }, async (page) => {
        await page.goto(`${app.url}/general/documentation/contributing`);
        await expect(page.locator('article pre.mermaid').first().textContent()).resolves.toMatch(/-->/);
      });
    });

    it('sends no script in lite mode (Save-Data), where links, the version switcher and the theme switch still work', async () => {
      await inContext({ extraHTTPHeaders: { 'Save-Data': 'on' }, viewport: { width: 390, height: 800 } }, async (page) => {
        const scripts: string[] = [];
        page.on('request', (request) => request.resourceType() === 'script' && scripts.push(request.url()));
        await page.goto(`${app.url}/general/community/mission`);
        await expect(page.locator('script').count()).resolves.toBe(0);
        await expect(page.locator('.lite-toggle').textContent()).resolves.toContain('no scripts');
        await page.getByRole('link', { name: 'Menu' }).click();
        await page.locator('#docs-menu .version-switcher summary').click();
        await page.locator('#docs-menu').getByRole('link', { name: 'Next' }).click();
        await page.waitForURL((url) => url.pathname === '/general/next/community/mission');
        await page.getByRole('link', { name: 'Menu' }).click();
        await page.getByRole('navigation', { name: 'Docs sidebar' }).getByRole('link', { name: 'Roadmap' }).click();
        await page.waitForURL(`${app.url}/general/next/community/roadmap`);
        await expect(page.locator('script').count()).resolves.toBe(0);
        expect(scripts).toEqual([]);
        // (Playwright drops extra headers on the request after a redirect, so scripts are not counted past this post.)
        const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
        const light = await background();
        await page.getByRole('button', { name: 'Switch to dark theme' }).click();
        await page.waitForFunction((before) => getComputedStyle(document.body).backgroundColor !== before, light);
      });
    });
  });
});
