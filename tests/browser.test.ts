// A reader's browser: Chromium opens a page and sees its title and headings.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { hasBrowser } from './support/requirements.js';
import { launchBrowser } from './support/browser.js';
import { startApp, type AppServer } from './support/app-server.js';

describe.runIf(hasBrowser())('in Chromium', () => {
  let app: AppServer;
  let browser: Browser;
  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
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
    await expect(page.title()).resolves.toBe('Community');
    expect(await page.locator('h1').textContent()).toBe('Community');
    expect(await page.locator('article h2').count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
  });
});
