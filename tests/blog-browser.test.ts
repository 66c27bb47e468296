// The blog as readers see it in Chromium (issue 48): its list, a post and a tag page at a phone's
// and a desktop's width, light and dark, with nothing off the screen and nothing axe finds; usable
// with JavaScript off; with it, client navigation and the article scripts docs pages have; and what
// a post page weighs with and without JavaScript. SCREENSHOT_DIR keeps the screenshots to look at.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startApp, type AppServer } from './support/app-server.js';
import { axeViolations } from './support/axe.js';
import { launchBrowser } from './support/browser.js';
import { hydrated, inContext, offScreen } from './support/reading.js';
import { removeTempDirs, TestRepo, tempDir } from './support/repos.js';
import { hasBrowser } from './support/requirements.js';
import { kibOf, weigh } from './support/weight.js';

const CONFIG = `title: Acme Docs
docs: { path: docs, base: docs }
blog: { postsPerPage: 2, blogTitle: Acme blog, blogDescription: News from Acme, feedOptions: { xslt: true } }
navbar:
  items:
    - { to: /docs/intro, label: Docs }
    - { to: /blog, label: Blog }
`;

const AUTHORS = `ada:
  name: Ada Lovelace
  title: Engineer at Acme, writing about the analytical engine and its programs
  url: https://example.org/ada
  page: true
`;

/** A post long enough to wrap, with a long code line, a table and a heading. */
const post = (title: string, tags: string) =>
  `---\ntitle: "${title}"\nauthors: [ada]\ntags: [${tags}]\n---\n\nThe release brings faster builds and a new configuration format for every plugin of the site.\n\n<!-- truncate -->\n\n## Upgrading\n\n\`\`\`bash\nnpm install --save-exact @acme/docs-core@2.0.0 @acme/docs-theme@2.0.0 @acme/docs-plugin-search@2.0.0\n\`\`\`\n\n| Option | Default | Meaning |\n| --- | --- | --- |\n| \`routeBasePath\` | \`blog\` | Where the blog is served |\n\nA closing paragraph.\n`;

/** The pages checked, by name. */
const PAGES = { list: '/blog', post: '/blog/2024/03/01/acme-2', tag: '/blog/tags/release' };

describe.runIf(hasBrowser())('the blog in Chromium', () => {
  let app: AppServer;
  let browser: Browser;
  const shots = process.env.SCREENSHOT_DIR;

  beforeAll(async () => {
    const dir = path.join(tempDir('docsite-blog-browser-'), 'site');
    const repo = await TestRepo.create(dir);
    await repo.commit({
      'docsite.yaml': CONFIG,
      'docs/intro.md': '# Intro\n\nThe docs.\n',
      'blog/authors.yml': AUTHORS,
      'blog/2024-01-15-hello.md': post('Hello from the Acme team', 'news'),
      'blog/2024-02-01-acme-1-5.md': post('Acme 1.5: a smaller release with a rather long title that wraps', 'release, news'),
      'blog/2024-03-01-acme-2.md': post('Acme 2.0 is out', 'release'),
    });
    [app, browser] = await Promise.all([startApp({ CONTENT_REPO: dir, SYNC_INTERVAL: '0' }), launchBrowser()]);
    if (shots) fs.mkdirSync(shots, { recursive: true });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    removeTempDirs();
  });

  for (const width of [390, 1280]) {
    for (const colorScheme of ['light', 'dark'] as const) {
      it(`shows the list, a post and a tag page at ${width} px, ${colorScheme}, whole on the screen and with nothing axe finds`, async () => {
        await inContext(browser, { viewport: { width, height: 900 }, colorScheme }, async (page) => {
          const errors: string[] = [];
          page.on('pageerror', (error) => errors.push(error.message));
          page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
          for (const [name, pathname] of Object.entries(PAGES)) {
            await page.goto(app.url + pathname);
            await hydrated(page);
            expect(await offScreen(page), `${name} at ${width} px`).toEqual([]);
            expect(await axeViolations(page), `${name} at ${width} px, ${colorScheme}`).toEqual([]);
            if (shots) await page.screenshot({ path: path.join(shots, `blog-${name}-${width}-${colorScheme}.png`), fullPage: true });
          }
          // Hydration mismatches and failed scripts show as errors.
          expect(errors).toEqual([]);
        });
      });
    }
  }

  it('reads and pages with JavaScript off', async () => {
    await inContext(browser, { javaScriptEnabled: false, viewport: { width: 390, height: 900 } }, async (page) => {
      await page.goto(`${app.url}/blog`);
      await page.getByRole('link', { name: 'Older entries »' }).click();
      await page.waitForURL(`${app.url}/blog/page/2`);
      await page.getByRole('link', { name: 'Hello from the Acme team' }).first().click();
      await page.waitForURL(`${app.url}/blog/2024/01/15/hello`);
      expect(await page.locator('.blog-post .markdown').textContent()).toContain('A closing paragraph.');
      // The blog's own stylesheet applies: its layout is a grid.
      expect(await page.locator('.blog-layout').evaluate((element) => getComputedStyle(element).display)).toBe('grid');
    });
  });

  it('moves from a doc to the blog and to a post without reloading, with the copy button a doc has', async () => {
    await inContext(browser, { viewport: { width: 1280, height: 900 } }, async (page) => {
      await page.goto(`${app.url}/docs/intro`);
      await hydrated(page);
      await page.evaluate(() => Object.assign(window, { sameDocument: true }));
      await page.locator('.navbar').getByRole('link', { name: 'Blog' }).click();
      await page.waitForURL(`${app.url}/blog`);
      await page.getByRole('link', { name: 'Acme 2.0 is out' }).first().click();
      await page.waitForURL(`${app.url}${PAGES.post}`);
      await page.locator('.blog-post .copy-button').first().waitFor();
      expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
      expect(await page.locator('.blog-post-title').textContent()).toBe('Acme 2.0 is out');
    });
  });

  it('shows the RSS and Atom feeds as a page, through their XSLT stylesheet', async () => {
    await inContext(browser, { viewport: { width: 390, height: 900 } }, async (page) => {
      for (const feed of ['rss.xml', 'atom.xml']) {
        await page.goto(`${app.url}/blog/${feed}`);
        expect(await page.locator('h1').textContent(), feed).toBe('Acme Docs Blog');
        expect(await page.locator('li a').first().getAttribute('href'), feed).toBe(`${app.url}${PAGES.post}`);
        expect(await offScreen(page), feed).toEqual([]);
      }
    });
  });

  it('weighs a post page with and without JavaScript (lite mode sends no script)', async () => {
    const full = await weigh(browser, app.url + PAGES.post, { width: 390 });
    const lite = await weigh(browser, app.url + PAGES.post, { width: 390, lite: true });
    expect(lite.filter((response) => response.type === 'Script')).toEqual([]);
    expect(full.some((response) => response.type === 'Script')).toBe(true);
    expect(kibOf(lite)).toBeLessThan(kibOf(full));
    console.log(`post page: ${kibOf(full).toFixed(1)} KiB with JavaScript, ${kibOf(lite).toFixed(1)} KiB in lite mode`);
  });
});
