// The pages of a Docusaurus site's pages plugin (issue 56, decision 041), served from a real git
// repository with no docsite.yaml: a React page rendered on the server in the sandbox with the
// client API it imports (Layout, Link, useDocusaurusContext, Translate, BrowserOnly, the docs'
// versions, a swizzled component), its SVG, image and CSS module; Markdown pages with their front
// matter; partials, excluded files and a site without an index page answering 404 as its build does;
// a page whose code runs forever says so and is kept by no cache.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type AppServer } from './support/app-server.js';
import { removeTempDirs, tempDir, TestRepo } from './support/repos.js';

const SITE = {
  'docusaurus.config.js': `module.exports = {
  title: 'Pages Site', tagline: 'Pages as Docusaurus routes them', url: 'https://pages.example', baseUrl: '/',
  customFields: { apiUrl: 'https://api.pages.example' },
  presets: [['classic', { docs: { routeBasePath: 'docs' }, pages: { exclude: ['**/_*.{js,jsx,ts,tsx,md,mdx}', '**/_*/**', '**/drafts/**'] } }]],
};\n`,
  'docs/intro.md': '# Introduction\n\nThe docs.\n',
  'i18n/en/code.json': JSON.stringify({ 'home.cta': { message: 'Start reading' } }),
  'src/pages/index.js': `import React from 'react';
import Layout from '@theme/Layout';
import Link from '@docusaurus/Link';
import Translate from '@docusaurus/Translate';
import BrowserOnly from '@docusaurus/BrowserOnly';
import Admonition from '@theme/Admonition';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import Fancy from 'fancy-carousel';
import styles from './index.module.css';
import Logo from './logo.svg';
import photo from './photo.png';

export default function Home() {
  const { siteConfig } = useDocusaurusContext();
  return (
    <Layout title="Home" description="The home of the pages site">
      <header className={styles.hero}><h1>{siteConfig.tagline}</h1><Logo className={styles.logo} title="Site logo" /></header>
      <main>
        <p>API at {siteConfig.customFields.apiUrl}</p>
        <Link to="/docs/intro" className="button"><Translate id="home.cta">Read the docs</Translate></Link>
        <img src={photo} alt="A photo" />
        <BrowserOnly fallback={<p>Shown without a browser</p>}>{() => <p>In a browser</p>}</BrowserOnly>
        <Admonition type="tip">Swizzled advice</Admonition>
        <Fancy><p>Inside a package docsite does not have</p></Fancy>
        <p onClick={() => alert(1)}><a href="javascript:alert(1)">Bad link</a></p>
        <div dangerouslySetInnerHTML={{ __html: '<script>window.owned = 1</script><img src=x onerror="window.owned = 2">' }} />
      </main>
    </Layout>
  );
}
`,
  'src/pages/index.module.css': '.hero { padding: 2rem; background: url(./photo.png); }\n.logo { width: 4rem; }\n.track { background: url(https://evil.example/pixel.png); }\n',
  'src/pages/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="4" fill="#a00"/><script>alert(1)</script></svg>',
  'src/pages/photo.png': 'not really a PNG, but served as one',
  'src/theme/Admonition/index.js': 'export default function Admonition({ children }) { return <aside className="site-advice">{children}</aside>; }\n',
  'src/pages/versions.tsx': `import React from 'react';
import Layout from '@theme/Layout';
import Link from '@docusaurus/Link';
import { useVersions } from '@docusaurus/plugin-content-docs/client';
export default function Versions() {
  return <Layout title="Versions"><main><h1>All versions</h1><ul>{useVersions().map((version) => <li key={version.name}><Link to={version.path}>{version.label}</Link></li>)}</ul></main></Layout>;
}
`,
  'src/pages/help.md':
    '---\ntitle: Getting help\ndescription: Where to ask\nhide_table_of_contents: true\nwrapperClassName: help-page\n---\n\n# Help\n\n## Forum\n\nAsk in [the docs](/docs/intro).\n',
  'src/pages/community/index.mdx': '# Community\n\n## Chat\n\nJoin us.\n\n## Meetings\n\nEvery week.\n',
  'src/pages/slow.js': "import React from 'react';\nexport default function Slow() { for (;;) {} }\n",
  'src/pages/_partial.md': 'A partial.\n',
  'src/pages/drafts/idea.md': '# An idea\n',
};

afterAll(removeTempDirs);

describe('the pages of a Docusaurus site, served with CONTENT_REPO alone', () => {
  let app: AppServer;
  const get = async (path: string) => {
    const res = await fetch(app.url + path);
    return { status: res.status, text: await res.text() };
  };

  beforeAll(async () => {
    const repo = await TestRepo.create(tempDir('docsite-pages-'));
    await repo.commit(SITE);
    app = await startApp({ CONTENT_REPO: repo.dir, SYNC_INTERVAL: '0' });
  }, 120_000);
  afterAll(() => app?.stop());

  it("serves the React page at / with the site's values, translations, its SVG, image and swizzled component, rendered on the server", async () => {
    const { status, text } = await get('/');
    expect(status, app.output().slice(-3000)).toBe(200);
    expect(text).toContain('<title>Home | Pages Site</title>');
    expect(text).toContain('<meta name="description" content="The home of the pages site"/>');
    expect(text).toContain('<h1>Pages as Docusaurus routes them</h1>');
    expect(text).toContain('API at https://api.pages.example');
    expect(text).toMatch(/<a href="\/docs\/intro" class="button">Start reading<\/a>/);
    expect(text).toContain('<p>Shown without a browser</p>');
    expect(text).toContain('<aside class="site-advice">Swizzled advice</aside>');
    // A package docsite does not have renders what it wraps.
    expect(text).toContain('<p>Inside a package docsite does not have</p>');
    // The SVG as a component (its title prop first), the image by its content address.
    expect(text).toMatch(
      /<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 10 10" class="logo_\w{5}"><title>Site logo<\/title><circle cx="5" cy="5" r="4" fill="#a00"><\/circle><\/svg>/,
    );
    const photo = /<img src="(\/_assets\/[0-9a-f]{40}\/photo\.png)" alt="A photo">/.exec(text)?.[1];
    expect(photo).toBeDefined();
    const image = await fetch(app.url + photo);
    expect([image.status, image.headers.get('content-type')]).toEqual([200, 'image/png']);
    // Its own <main> is the page's landmark: the frame around it is no second one.
    expect(text.match(/<main[\s>]/g)).toHaveLength(1);
  });

  it("sends the page's CSS module with it, its class names scoped, and nothing that loads from elsewhere", async () => {
    const { text } = await get('/');
    const hero = /<header class="(hero_\w{5})">/.exec(text)?.[1];
    expect(hero).toBeDefined();
    const css = /<style>([^<]*hero_[^<]*)<\/style>/.exec(text)?.[1] ?? '';
    expect(css).toContain(`.${hero} {`);
    expect(css).toMatch(/background: url\("\/_assets\/[0-9a-f]{40}\/photo\.png"\)/);
    expect(css).not.toContain('evil.example');
  });

  it('lets nothing of the page’s code run in the browser', async () => {
    const { text } = await get('/');
    const body = text.slice(text.indexOf('id="article-body"'), text.indexOf('</footer>'));
    expect(body).not.toMatch(/<script|onclick|onerror|javascript:/i);
    expect(body).toContain('Bad link');
  });

  it('gives a React page the docs’ versions, and serves Markdown pages with their front matter', async () => {
    const versions = await get('/versions');
    expect(versions.text).toContain('<title>Versions | Pages Site</title>');
    expect(versions.text).toMatch(/<li><a href="\/docs">Next<\/a><\/li>/);
    const help = await get('/help');
    expect(help.status).toBe(200);
    expect(help.text).toContain('<title>Getting help | Pages Site</title>');
    expect(help.text).toContain('<meta name="description" content="Where to ask"/>');
    expect(help.text).toMatch(/<main id="main" class="site-page site-page-markdown help-page">/);
    expect(help.text).toMatch(/<h1[^>]*>Help/);
    expect(help.text).toContain('href="/docs/intro"');
    // hide_table_of_contents: no contents; a page without it has them, at its folder's route.
    expect(help.text).not.toContain('aria-label="On this page"');
    const community = await get('/community/');
    expect(community.status).toBe(200);
    expect(community.text).toContain('<title>Community | Pages Site</title>');
    expect(community.text).toContain('aria-label="On this page"');
  });

  it('says why a page whose code a limit stopped shows nothing, and keeps it from every cache so it is tried again', async () => {
    for (let round = 0; round < 2; round++) {
      const res = await fetch(`${app.url}/slow`);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toMatch(/class="render-error"[\s\S]*src\/pages\/slow\.js[\s\S]*budget/);
      expect(res.headers.get('cache-control')).toBe('no-store');
      // Not answered from the page cache the second time either.
      expect(res.headers.get('x-page-cache')).toBeNull();
    }
  });

  it('answers 404 for partials and excluded files, and serves the docs beside the pages', async () => {
    expect((await get('/_partial')).status).toBe(404);
    expect((await get('/drafts/idea')).status).toBe(404);
    expect((await get('/docs/intro')).status).toBe(200);
  });
});

describe('a Docusaurus site with no page at /', () => {
  let app: AppServer;

  beforeAll(async () => {
    const repo = await TestRepo.create(tempDir('docsite-no-index-'));
    await repo.commit({
      'docusaurus.config.js': "module.exports = { title: 'No Index', presets: [['classic', {}]] };\n",
      'docs/intro.md': '# Intro\n',
      'src/pages/about.md': '# About\n',
    });
    app = await startApp({ CONTENT_REPO: repo.dir, SYNC_INTERVAL: '0' });
  }, 120_000);
  afterAll(() => app?.stop());

  it("answers / with a 404, as its build does, never docsite's own landing page", async () => {
    const home = await fetch(`${app.url}/`);
    expect(home.status).toBe(404);
    expect(await home.text()).not.toContain('class="home');
    expect((await fetch(`${app.url}/about`)).status).toBe(200);
  });
});
