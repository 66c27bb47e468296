// Infima on a site's React pages in Chromium (issue 56, decision 042): a home page written against
// Infima's classes (`container`, `row`/`col col--4`, `hero hero--primary`, `button button--primary`)
// is laid out as in the site's build: a centred container, three columns on one line, buttons and
// hero in the primary colour the site's custom.css sets, in light and in dark mode. docsite's navbar
// keeps the look it has on a doc page, and a doc page does not load Infima at all.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { startApp, type AppServer } from './support/app-server.js';
import { launchBrowser } from './support/browser.js';
import { removeTempDirs, tempDir, TestRepo } from './support/repos.js';
import { hasBrowser } from './support/requirements.js';

const PRIMARY = { light: '#2e8555', dark: '#25c2a0' };

const SITE = {
  'docusaurus.config.js': `module.exports = {
  title: 'Grid Site', url: 'https://grid.example', baseUrl: '/',
  presets: [['classic', { docs: { routeBasePath: 'docs' }, theme: { customCss: './src/css/custom.css' } }]],
  themeConfig: { colorMode: { respectPrefersColorScheme: true } },
};\n`,
  // Its variables, and a rule of its own on an Infima class (Infima's hero title is 3rem).
  'src/css/custom.css': `:root { --ifm-color-primary: ${PRIMARY.light}; }\n[data-theme='dark'] { --ifm-color-primary: ${PRIMARY.dark}; }\n.hero__title { font-size: 2.5rem; }\n`,
  'docs/intro.md': '# Introduction\n\nThe docs.\n',
  'src/pages/index.js': `import React from 'react';
import Layout from '@theme/Layout';
import Link from '@docusaurus/Link';

const FEATURES = ['Fast', 'Safe', 'Plain'];

export default function Home() {
  return (
    <Layout title="Home">
      <header className="hero hero--primary">
        <div className="container text--center">
          <h1 className="hero__title">Grid Site</h1>
          <Link className="button button--secondary button--lg" to="/docs/intro">Get started</Link>
        </div>
      </header>
      <main>
        <section className="container padding-vert--lg">
          <div className="row">
            {FEATURES.map((name) => <div key={name} className="col col--4"><h2>{name}</h2><Link className="button button--primary" to="/docs/intro">Read</Link></div>)}
          </div>
        </section>
      </main>
    </Layout>
  );
}
`,
};

/** `#rrggbb` as Chromium computes a colour. */
function rgb(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

describe.runIf(hasBrowser())('Infima on a React page of the pages plugin, in Chromium', () => {
  let app: AppServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const newPage = async (colorScheme: 'light' | 'dark' = 'light', chosen?: 'dark') => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme });
    if (chosen) await context.addCookies([{ name: 'theme', value: chosen, url: app.url }]);
    contexts.push(context);
    const page = await context.newPage();
    const requests: string[] = [];
    page.on('request', (request) => requests.push(new URL(request.url()).pathname));
    return { page, requests };
  };

  beforeAll(async () => {
    const repo = await TestRepo.create(tempDir('docsite-infima-'));
    await repo.commit(SITE);
    app = await startApp({ CONTENT_REPO: repo.dir, SYNC_INTERVAL: '0' });
    browser = await launchBrowser();
  }, 180_000);
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await app?.stop();
    removeTempDirs();
  });

  /** The stylesheets of the page, in document order. */
  const sheetsOf = (page: import('playwright-core').Page) => page.$$eval('link[rel="stylesheet"]', (links) => links.map((link) => link.getAttribute('href') ?? ''));

  it("lays the home page out with Infima's grid, centred, its buttons in the site's primary colour", async () => {
    const { page } = await newPage();
    expect((await page.goto(`${app.url}/`))?.status(), app.output().slice(-2000)).toBe(200);
    // The site's sheet (as on every page), Infima's, then the site's again: the site's overrides of Infima win.
    const sheets = (await sheetsOf(page)).filter((href) => href.startsWith('/_assets/css/'));
    expect(sheets).toHaveLength(3);
    expect(sheets[2]).toBe(sheets[0]);
    expect(sheets[1]).not.toBe(sheets[0]);
    const infima = await page.request.get(app.url + sheets[1]);
    expect(infima.headers()['cache-control']).toMatch(/immutable/);
    expect(await infima.text()).toContain('--ifm-color-primary');
    const look = await page.evaluate(() => {
      const style = (selector: string) => getComputedStyle(document.querySelector(selector)!);
      const box = (element: Element) => element.getBoundingClientRect();
      const section = document.querySelector('main section.container')!;
      return {
        maxWidth: style('main section.container').maxWidth,
        left: box(section).left,
        right: window.innerWidth - box(section).right,
        row: style('main .row').display,
        columnTops: [...document.querySelectorAll('main .col')].map((column) => Math.round(box(column).top)),
        columnWidths: [...document.querySelectorAll('main .col')].map((column) => Math.round(box(column).width)),
        button: style('main .button--primary').backgroundColor,
        buttonRadius: style('main .button--primary').borderRadius,
        hero: style('.hero--primary').backgroundColor,
        heroAlign: style('.hero .container').textAlign,
        title: style('.hero__title').fontSize,
      };
    });
    expect(look.maxWidth).toBe('1140px');
    expect(look.left).toBeGreaterThan(0);
    expect(Math.abs(look.left - look.right)).toBeLessThanOrEqual(1);
    expect(look.row).toBe('flex');
    // Three columns of a third each, side by side.
    expect(new Set(look.columnTops).size).toBe(1);
    expect(look.columnWidths).toEqual([380, 380, 380]);
    expect(look.button).toBe(rgb(PRIMARY.light));
    expect(look.buttonRadius).not.toBe('0px');
    expect(look.hero).toBe(rgb(PRIMARY.light));
    expect(look.heroAlign).toBe('center');
    // The site's own rule wins over Infima's, as in its build.
    expect(look.title).toBe('40px');
  });

  for (const [how, scheme, chosen] of [
    ["the system's", 'dark', undefined],
    ["the reader's choice", 'light', 'dark'],
  ] as const) {
    it(`uses the site's dark primary colour on Infima's buttons in dark mode as ${how}`, async () => {
      const { page } = await newPage(scheme, chosen);
      expect((await page.goto(`${app.url}/`))?.status()).toBe(200);
      expect(await page.$eval('main .button--primary', (button) => getComputedStyle(button).backgroundColor)).toBe(rgb(PRIMARY.dark));
    });
  }

  it("keeps docsite's navbar and footer as on a doc page, and sends no Infima with a doc page", async () => {
    const shellOf = async (url: string) => {
      const { page, requests } = await newPage();
      expect((await page.goto(app.url + url, { waitUntil: 'networkidle' }))?.status()).toBe(200);
      const shell = await page.evaluate(() => {
        const pick = (element: Element | null) => {
          if (!element) return null;
          const style = getComputedStyle(element);
          return {
            font: style.fontFamily,
            size: style.fontSize,
            background: style.backgroundColor,
            height: Math.round(element.getBoundingClientRect().height),
            color: style.color,
          };
        };
        return {
          navbar: pick(document.querySelector('.navbar')),
          brand: pick(document.querySelector('.navbar .navbar-title')),
          search: pick(document.querySelector('.navbar input[type="search"]')),
          footer: pick(document.querySelector('footer.footer')),
        };
      });
      return { shell, requests, sheets: await sheetsOf(page) };
    };
    const home = await shellOf('/');
    const doc = await shellOf('/docs/intro');
    expect(Object.values(home.shell)).not.toContain(null);
    expect(home.shell).toEqual(doc.shell);
    const infima = home.sheets.find((href) => href.startsWith('/_assets/css/') && !doc.sheets.includes(href));
    expect(infima).toBeDefined();
    expect(doc.requests).not.toContain(infima);
    expect(home.requests).toContain(infima);
  });
});
