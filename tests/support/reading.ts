// Reading in Chromium, shared by the browser tests: what sticks out of a phone's screen, hydration,
// and a context per test.
import { expect, it } from 'vitest';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import type { AppServer } from './app-server.js';

export const PHONE_WIDTHS = [320, 360, 390, 414, 768];

/**
 * What sticks out of the screen on the page shown: the document's overflow, and every visible link
 * or button partly or wholly outside the viewport (outside a box that scrolls on its own).
 */
export function offScreen(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const found: string[] = [];
    if (document.documentElement.scrollWidth > width) found.push(`page is ${document.documentElement.scrollWidth} px wide on a ${width} px screen`);
    for (const element of document.querySelectorAll<HTMLElement>('a, button, summary, input[type="submit"]')) {
      if (element.closest('.skip-link, .visually-hidden') || !element.checkVisibility({ visibilityProperty: true })) continue;
      let scrolls = false;
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX !== 'visible') scrolls = true;
      }
      const box = element.getBoundingClientRect();
      if (!scrolls && box.width > 0 && (box.left < -0.5 || box.right > width + 0.5)) {
        found.push(`${element.tagName.toLowerCase()} "${element.textContent?.trim().slice(0, 30)}" at ${Math.round(box.left)}-${Math.round(box.right)}`);
      }
    }
    return found;
  });
}

/** Waits until Remix has hydrated the page (its router is initialised). */
export const hydrated = (page: Page) => page.waitForFunction(() => (window as unknown as { __remixRouter?: { state: { initialized: boolean } } }).__remixRouter?.state.initialized);

/** Opens a context with `options`, runs `test` on a page of it, and closes it. */
export async function inContext(browser: Browser, options: BrowserContextOptions, test: (page: Page) => Promise<void>) {
  const context = await browser.newContext(options);
  try {
    await test(await context.newPage());
  } finally {
    await context.close();
  }
}

/** Visits every path at one phone width, JS on or off, and collects what sticks out. */
export async function phoneOverflow(browser: Browser, app: AppServer, paths: string[], width: number, javaScriptEnabled: boolean): Promise<string[]> {
  const problems: string[] = [];
  await inContext(browser, { javaScriptEnabled, viewport: { width, height: 800 } }, async (page) => {
    for (const path of paths) {
      await page.goto(app.url + path);
      for (const problem of await offScreen(page)) problems.push(`${path}: ${problem}`);
    }
  });
  return problems;
}

/** One test per phone width and JavaScript setting: each visits every path. */
export function fitsEveryPhone(browser: () => Browser, server: () => AppServer, paths: string[]) {
  for (const javaScriptEnabled of [true, false]) {
    for (const width of PHONE_WIDTHS) {
      it(`fits a ${width} px phone, JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, async () => {
        expect(await phoneOverflow(browser(), server(), paths, width, javaScriptEnabled)).toEqual([]);
      });
    }
  }
}

/** Desktop widths the navbar must fit (issue 36), from where Docusaurus keeps the full navbar. */
export const DESKTOP_WIDTHS = [1024, 1280, 1366, 1440, 1920];

/**
 * The navbar sections a reader cannot reach on the page shown: each must be whole inside the
 * sections' strip (so inside the viewport, and not under the search form or the switches beside
 * it), or listed in the "More" menu while that menu's button is inside the strip.
 */
export function unreachableSections(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const strip = document.querySelector('.navbar-sections')?.getBoundingClientRect();
    const right = Math.min(width, strip?.right ?? width);
    const inside = (element: Element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.left >= -0.5 && box.right <= right + 0.5;
    };
    const more = document.querySelector('.navbar-more > summary');
    const moreShown = more !== null && getComputedStyle(more.parentElement!).display !== 'none' && inside(more);
    const problems: string[] = [];
    document.querySelectorAll('.navbar-sections > ul > li').forEach((item, index) => {
      const label = item.textContent?.trim() ?? '';
      const shown = getComputedStyle(item).display !== 'none';
      const control = item.querySelector('a, summary');
      if (shown && control && inside(control)) {
        // Shown in the strip: its label whole, never cut.
        if (control.scrollWidth > control.clientWidth + 1) problems.push(`${label}: cut in the strip`);
        return;
      }
      if (shown) {
        problems.push(`${label}: outside the strip (cut, or under what sits beside it)`);
        return;
      }
      const listed = document.querySelector(`.navbar-more .more-i${index}`);
      if (!moreShown || !listed || getComputedStyle(listed).display === 'none') problems.push(`${label}: neither in the strip nor in a visible "More"`);
    });
    return problems;
  });
}

/**
 * One test per JavaScript setting: every path at every desktop width, light and dark, with every
 * section in the strip or in a visible "More" once the page's fonts have loaded (a brand font
 * draws wider or narrower labels than the fallback the page shows first, so both must fit).
 */
export function neverHidesASection(browser: () => Browser, server: () => AppServer, paths: string[]) {
  for (const javaScriptEnabled of [true, false]) {
    it(`never hides a navbar section on a desktop (1024 to 1920 px, light and dark): it is in the strip or in "More", JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, async () => {
      const problems: string[] = [];
      for (const colorScheme of ['light', 'dark'] as const) {
        for (const width of DESKTOP_WIDTHS) {
          await inContext(browser(), { javaScriptEnabled, colorScheme, viewport: { width, height: 900 } }, async (page) => {
            for (const path of paths) {
              await page.goto(server().url + path);
              // Before and after the brand's fonts arrive (font-display: swap).
              for (const problem of await unreachableSections(page)) problems.push(`${width} px ${colorScheme} ${path} (fallback font): ${problem}`);
              await page.evaluate(() => document.fonts.ready);
              for (const problem of await unreachableSections(page)) problems.push(`${width} px ${colorScheme} ${path}: ${problem}`);
            }
          });
        }
      }
      expect(problems).toEqual([]);
    });
  }
}

/** Every block of the article and the pagination with its box, for comparing two layouts of a page. */
export function blockBoxes(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('#article-body *, .pagination')].map((element) => {
      const box = element.getBoundingClientRect();
      return `${element.tagName} ${Math.round(box.left)},${Math.round(box.top)} ${Math.round(box.width)}x${Math.round(box.height)}`;
    }),
  );
}
