// The site's own CSS in Chromium (issue 56, decision 042): a Docusaurus site whose custom.css sets
// Infima's variables, for light and dark mode, sees its colours and fonts on docsite's page (the
// variables, body and heading fonts, link colour, code background, navbar background), whether dark
// mode is the reader's choice or the system's. themeConfig.colorMode decides as in Docusaurus: by
// default the system's preference is ignored (light), a dark-only site is dark with no switch. A branch whose CSS tries remote url()s, a remote
// @import, a javascript: URL and an overlay over the page loads nothing from elsewhere, and the
// navbar's search stays the element under the reader's pointer. A stylesheet a component imports is
// global, as in the site's build: it applies on pages that do not show the component.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startApp, type AppServer } from './support/app-server.js';
import { launchBrowser } from './support/browser.js';
import { removeTempDirs, tempDir, TestRepo } from './support/repos.js';
import { hasBrowser } from './support/requirements.js';

/** What custom.css sets, per mode. */
const LOOK = {
  light: { primary: '#7a1fa2', code: '#eeeeff', navbar: '#fff4e0', font: '"Fixture Sans", serif', heading: 'Georgia, serif' },
  dark: { primary: '#e0a0ff', code: '#303048', navbar: '#101020', font: '"Fixture Sans", serif', heading: 'Georgia, serif' },
};

const CUSTOM_CSS = `:root {
  --ifm-color-primary: ${LOOK.light.primary};
  --ifm-font-family-base: ${LOOK.light.font};
  --ifm-heading-font-family: ${LOOK.light.heading};
  --ifm-code-background: ${LOOK.light.code};
  --ifm-navbar-background-color: ${LOOK.light.navbar};
}
[data-theme='dark'] {
  --ifm-color-primary: ${LOOK.dark.primary};
  --ifm-code-background: ${LOOK.dark.code};
  --ifm-navbar-background-color: ${LOOK.dark.navbar};
}
`;

/** A branch's CSS that tries to load from elsewhere, run script and cover the page. */
const HOSTILE_CSS = `@import url('https://evil.example/sheet.css');
@import "http://127.0.0.2:9/other.css";
body { background-image: url(https://evil.example/pixel.png); }
.markdown { background: url("javascript:alert(1)"); cursor: url(//evil.example/c.cur), auto; }
@font-face { font-family: Evil; src: url(https://evil.example/font.woff2); }
h1 { font-family: Evil; background-image: image-set("https://evil.example/i.png" 1x); }
body::after { content: ''; position: fixed; inset: 0; z-index: 2147483647; background: rgb(255 0 0 / 50%); }
`;

const CONFIG = `module.exports = {
  title: 'Styled Site', url: 'https://styled.example', baseUrl: '/',
  presets: [['classic', { docs: { routeBasePath: 'docs' }, theme: { customCss: './src/css/custom.css' } }]],
  themeConfig: {
    colorMode: { respectPrefersColorScheme: true },
    // Blocks in the copyright, as real sites write it: a <p> around it would be split by the parser and fail hydration.
    footer: { copyright: '<div style="margin-top:20px"><span>Copyright © Styled</span></div>' },
  },
};\n`;

const DOC = '# Introduction\n\nRead [the other page](./other.md) and run `npm start`.\n\n```js\nconsole.log(1);\n```\n';

/** `#rrggbb` as Chromium computes a colour. */
function rgb(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

/** The look of a doc page as Chromium computes it. */
function lookOf(page: Page) {
  return page.evaluate(() => {
    const style = (selector: string) => getComputedStyle(document.querySelector(selector)!);
    return {
      primary: getComputedStyle(document.documentElement).getPropertyValue('--ifm-color-primary').trim(),
      font: getComputedStyle(document.body).fontFamily,
      heading: style('article h1').fontFamily,
      link: style('article p a').color,
      code: style('article p code').backgroundColor,
      navbar: style('.navbar').backgroundColor,
    };
  });
}

describe.runIf(hasBrowser())("a site's own CSS in Chromium", () => {
  let app: AppServer;
  let browser: Browser;

  beforeAll(async () => {
    const repo = await TestRepo.create(tempDir('docsite-site-css-'));
    await repo.commit({
      'docusaurus.config.js': CONFIG,
      'docs/intro.md': DOC,
      'docs/other.md': '# Other\n',
      'src/css/custom.css': CUSTOM_CSS,
      // Sass with no docusaurus-plugin-sass: left out, and said so.
      'src/components/Legacy.js': "import './Legacy.scss';\nexport default () => null;\n",
      'src/components/Legacy.scss': '$c: red;\np { color: $c; }\n',
    });
    await repo.branch('hostile');
    await repo.commit({ 'src/css/custom.css': HOSTILE_CSS }, 'Hostile CSS');
    await repo.checkout('main');
    await repo.branch('plain');
    await repo.commit({ 'docusaurus.config.js': CONFIG.replace(", theme: { customCss: './src/css/custom.css' }", '') }, 'No CSS');
    await repo.checkout('main');
    await repo.branch('docusaurus-default');
    await repo.commit({ 'docusaurus.config.js': CONFIG.replace('colorMode: { respectPrefersColorScheme: true },', '') }, 'Default colour mode');
    await repo.checkout('main');
    await repo.branch('component-css');
    await repo.commit(
      {
        'src/components/Banner.js':
          "import React from 'react';\nimport './Banner.css';\n// import './Old.css';\nexport default function Banner() { return <p className=\"banner\">Hi</p>; }\n",
        'src/components/Banner.css': 'article p code { border: 3px solid rgb(1, 2, 3); }\n',
        'src/components/Old.css': 'article h1 { color: rgb(9, 9, 9); }\n',
      },
      'A component that imports its stylesheet',
    );
    await repo.checkout('main');
    await repo.branch('dark-only');
    await repo.commit({ 'docusaurus.config.js': CONFIG.replace('respectPrefersColorScheme: true', "defaultMode: 'dark', disableSwitch: true") }, 'Dark only');
    await repo.checkout('main');
    app = await startApp({ CONTENT_REPO: repo.dir, SYNC_INTERVAL: '0' });
    browser = await launchBrowser();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    removeTempDirs();
  });

  for (const [mode, how] of [
    ['light', 'by default'],
    ['dark', "as the system's colour scheme"],
    ['dark', "as the reader's choice"],
  ] as const) {
    it(`shows the colours and fonts custom.css sets for ${mode} mode, ${how}`, async () => {
      const context = await browser.newContext({ colorScheme: how === 'by default' ? 'light' : how.includes('system') ? 'dark' : 'light' });
      if (how.includes('choice')) await context.addCookies([{ name: 'theme', value: 'dark', url: app.url }]);
      const page = await context.newPage();
      const response = await page.goto(`${app.url}/docs/intro`);
      expect(response?.status(), app.output().slice(-2000)).toBe(200);
      const sheet = await page.$eval('link[href^="/_assets/css/"]', (link) => link.getAttribute('href'));
      const asset = await page.request.get(app.url + sheet);
      expect(asset.headers()['cache-control']).toMatch(/immutable/);
      const want = LOOK[mode];
      expect(await lookOf(page)).toEqual({
        primary: want.primary,
        font: want.font,
        heading: want.heading,
        link: rgb(want.primary),
        code: rgb(want.code),
        navbar: rgb(want.navbar),
      });
      await context.close();
    });
  }

  it("opens in light mode whatever the system's preference when the config leaves colorMode to Docusaurus's defaults", async () => {
    const page = await browser.newPage({ colorScheme: 'dark' });
    expect((await page.goto(`${app.url}/docs/~docusaurus-default/intro`))?.status()).toBe(200);
    expect(await page.getAttribute('html', 'data-theme')).toBe('light');
    expect(await lookOf(page)).toMatchObject({ primary: LOOK.light.primary, navbar: rgb(LOOK.light.navbar) });
    await expect(page.locator('.theme-toggle .to-dark').isVisible()).resolves.toBe(true);
    await page.close();
  });

  it('keeps a dark-only site dark, with no switch, even for a reader who chose light', async () => {
    const context = await browser.newContext({ colorScheme: 'light' });
    await context.addCookies([{ name: 'theme', value: 'light', url: app.url }]);
    const page = await context.newPage();
    expect((await page.goto(`${app.url}/docs/~dark-only/intro`))?.status()).toBe(200);
    expect(await lookOf(page)).toMatchObject({ primary: LOOK.dark.primary, navbar: rgb(LOOK.dark.navbar), code: rgb(LOOK.dark.code) });
    expect(await page.locator('.theme-toggle').count()).toBe(0);
    await context.close();
  });

  it("hydrates without an error, keeping the system's mode, when the footer's copyright holds blocks", async () => {
    const page = await browser.newPage({ colorScheme: 'dark' });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${app.url}/docs/intro`);
    await page.waitForFunction(() => (window as unknown as { __remixRouter?: { state: { initialized: boolean } } }).__remixRouter?.state.initialized);
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
    expect(await page.locator('.footer__copyright').textContent()).toBe('Copyright © Styled');
    expect(await page.getAttribute('html', 'data-theme')).toBe('dark');
    await page.close();
  });

  it('applies the stylesheet a component imports on every page, as the build bundles it, and not one commented out', async () => {
    const page = await browser.newPage({ colorScheme: 'light' });
    expect((await page.goto(`${app.url}/docs/~component-css/intro`))?.status()).toBe(200);
    const seen = await page.evaluate(() => ({
      border: getComputedStyle(document.querySelector('article p code')!).borderTopColor,
      heading: getComputedStyle(document.querySelector('article h1')!).color,
    }));
    expect(seen.border).toBe('rgb(1, 2, 3)');
    expect(seen.heading).not.toBe('rgb(9, 9, 9)');
    expect(await lookOf(page)).toMatchObject({ primary: LOOK.light.primary });
    await page.close();
  });

  it('tells the author in /readyz what of the CSS was left out, and why', async () => {
    const ready = (await (await fetch(`${app.url}/readyz`)).json()) as { problems: { code: string; file: string; message: string }[] };
    expect(ready.problems).toContainEqual(
      expect.objectContaining({ code: 'site-css', file: 'src/components/Legacy.scss', message: expect.stringMatching(/docusaurus-plugin-sass/) }),
    );
  });

  it("keeps docsite's own look for a commit whose config names no CSS", async () => {
    const page = await browser.newPage({ colorScheme: 'light' });
    expect((await page.goto(`${app.url}/docs/~plain/intro`))?.status()).toBe(200);
    expect(await page.$$('link[href^="/_assets/css/"]')).toHaveLength(0);
    const look = await lookOf(page);
    expect(look.primary).toBe('');
    expect(look.link).toBe(rgb('#0b5cb8'));
    await page.close();
  });

  it("lets a hostile branch's CSS load nothing from elsewhere and cover none of the navbar", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    const response = await page.goto(`${app.url}/docs/~hostile/intro`, { waitUntil: 'networkidle' });
    expect(response?.status()).toBe(200);
    const sheet = await page.$eval('link[href^="/_assets/css/"]', (link) => link.getAttribute('href'));
    const css = await (await page.request.get(app.url + sheet)).text();
    expect(css).toContain('position: fixed');
    expect(css).not.toMatch(/evil\.example|javascript:|127\.0\.0\.2/);
    const origin = new URL(app.url).origin;
    expect(requests.filter((url) => !url.startsWith(`${origin}/`) && !url.startsWith('data:'))).toEqual([]);
    // The overlay is drawn (under the navbar), and the search box is what a click there reaches.
    expect(await page.evaluate(() => getComputedStyle(document.body, '::after').position)).toBe('fixed');
    const search = page.locator('.navbar input[type="search"]').first();
    const box = (await search.boundingBox())!;
    const hit = await page.evaluate(([x, y]) => document.elementFromPoint(x, y)?.closest('.navbar') !== null, [box.x + box.width / 2, box.y + box.height / 2]);
    expect(hit).toBe(true);
    // Playwright's click fails when another element (the overlay) would receive it.
    await search.click({ timeout: 5000 });
    await page.close();
  });
});
