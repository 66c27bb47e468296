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
});
