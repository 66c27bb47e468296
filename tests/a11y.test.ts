// axe finds no accessibility violations on each kind of page a reader meets.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { hasBrowser, hasCorpus } from './support/requirements.js';
import { launchBrowser } from './support/browser.js';
import { startApp, type AppServer } from './support/app-server.js';
import { exampleCorpusRepo } from './support/example.js';
import { removeTempDirs } from './support/repos.js';

// After every suite's own afterAll (servers stopped): the temp repositories they read go.
afterAll(removeTempDirs);

describe.runIf(hasCorpus() && hasBrowser())('accessibility (axe)', () => {
  let app: AppServer;
  let browser: Browser;
  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp({ CONTENT_REPO: exampleCorpusRepo(), DOCSITE_NOW: '2026-11-22' }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  const pages: [string, string, number][] = [
    ['the landing page', '/', 200],
    ['a plain page', '/general/community/mission', 200],
    ['a page with tabs and wide code', '/general/development/policies/deprecation', 200],
    ['a generated category page', '/general/category/product-writing-guidelines', 200],
    ['a release page', '/general/releases/4.5/4.5.1', 200],
    ['a tag page', '/general/tags/release-notes', 200],
    ['a missing page', '/general/no/such/page', 404],
  ];
  for (const [kind, path, status] of pages) {
    // Dark colours are checked once, on the page with the most kinds of element.
    for (const scheme of path.includes('releases') || path.includes('deprecation') ? (['light', 'dark'] as const) : (['light'] as const)) {
      it(`has no violations on ${kind} (${scheme})`, async () => {
        const context = await browser.newContext({ colorScheme: scheme });
        const page = await context.newPage();
        const response = await page.goto(app.url + path);
        expect(response?.status()).toBe(status);
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
