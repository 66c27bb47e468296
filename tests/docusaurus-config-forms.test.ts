// A Docusaurus site as real ones are written (issue 54), served with CONTENT_REPO alone: the site in
// a folder of the repository (website/) with its docs outside it (../docs) at the site root, a
// TypeScript config that is an async function mixing import and require, reading an unset
// environment variable, changed after its literal, its navbar from a helper module, a package it
// require.resolve()s that the sandbox does not have, an .ico logo and a label-less GitHub link; and
// a branch whose config throws, served with the config of its own last commit that ran.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type AppServer } from './support/app-server.js';
import { removeTempDirs, tempDir, TestRepo } from './support/repos.js';

const CONFIG = (title: string) => `import type { Config } from '@docusaurus/types';
const navbar = require('./config/navbar');

export default async function createConfig(): Promise<Config> {
  const config: Config = {
    title: ${JSON.stringify(title)},
    url: 'https://docs.example.org',
    baseUrl: '/',
    favicon: 'img/favicon.ico',
    // In a CI build an unset variable reads as unset: the default applies.
    tagline: process.env.DOCS_TAGLINE ?? 'Written in TypeScript',
    presets: [
      [
        'classic',
        {
          docs: { path: '../docs', routeBasePath: '/', sidebarPath: require.resolve('./sidebars.js'), editUrl: 'https://github.com/acme/site/edit/main/website/' },
          blog: false,
          theme: { customCss: require.resolve('@fontsource/noto-sans/index.css') },
        },
      ],
    ],
    themeConfig: { navbar },
  };
  // Sites change the object after its literal.
  (config.themeConfig as { navbar: { title: string } }).navbar.title = 'Changed after the literal';
  return config;
}
`;

const NAVBAR = `import type { Navbar } from '@docusaurus/theme-common';
const navbar = {
  logo: { alt: 'Acme', src: 'img/logo.ico' },
  items: [
    { type: 'docSidebar', sidebarId: 'guide', label: 'Guide', position: 'left' },
    { href: 'https://github.com/acme/site', className: 'header-github-link', 'aria-label': 'GitHub repository', position: 'right' },
  ],
};
module.exports = navbar;
`;

describe('a Docusaurus site in a folder, its config in the forms real sites write', () => {
  let repo: TestRepo;
  let app: AppServer;
  const get = (url: string) => fetch(app.url + url);

  beforeAll(async () => {
    repo = await TestRepo.create(path.join(tempDir('docsite-config-forms-'), 'site'));
    await repo.commit({
      'README.md': '# A project whose website is in website/\n',
      'website/docusaurus.config.ts': CONFIG('Title at the fork'),
      'website/config/navbar.ts': NAVBAR,
      'website/sidebars.js': "module.exports = { guide: ['intro', 'setup'] };\n",
      'website/static/img/logo.ico': 'not really an icon',
      'docs/intro.md': '---\nslug: /\n---\n\n# Welcome\n\nThe root doc.\n',
      'docs/setup.md': '# Setting up\n\nSteps.\n',
    });
    await repo.branch('broken');
    await repo.commit({ 'website/docusaurus.config.ts': "throw new Error('a branch broke its config');\n" });
    await repo.checkout('main');
    await repo.commit({ 'website/docusaurus.config.ts': CONFIG('Title on main') });
    app = await startApp({ CONTENT_REPO: repo.dir, SYNC_INTERVAL: '0' });
  }, 120_000);
  afterAll(async () => {
    await app?.stop();
    removeTempDirs();
  });

  it('serves the docs where the config puts them: the root doc at /, the others below it', async () => {
    const home = await (await get('/')).text();
    expect(home).toMatch(/<h1[^>]*>Welcome<\/h1>/);
    const setup = await get('/setup');
    expect(setup.status).toBe(200);
    const html = await setup.text();
    expect(html).toMatch(/<h1[^>]*>Setting up<\/h1>/);
    // The edit link names the file's path from the site's folder, as Docusaurus appends it.
    expect(html).toContain('href="https://github.com/acme/site/edit/main/website/../docs/setup.md"');
  });

  it("reads every value of the config: the async function's, the helper module's, the one changed after the literal", async () => {
    const html = await (await get('/setup')).text();
    expect(html).toContain('>Changed after the literal<');
    expect(html).toContain('<title>Setting up | Title on main</title>');
    expect(html).toMatch(/<img class="navbar-logo" src="\/img\/logo\.ico" alt="Acme"/);
    // The label-less link is drawn as GitHub's icon, named by its aria-label.
    expect(html).toMatch(/<a href="https:\/\/github\.com\/acme\/site" aria-label="GitHub repository"[^>]*><span class="nav-icon nav-icon-github"/);
    expect(await (await get('/img/logo.ico')).text()).toBe('not really an icon');
  });

  it('reports the package the config asked for and the sandbox has not, and nothing else of the config', async () => {
    const ready = (await (await get('/readyz')).json()) as { problems: { file: string; message: string }[] };
    expect(ready.problems.filter((problem) => problem.file === 'website/docusaurus.config.ts').map((problem) => problem.message)).toEqual([
      '"@fontsource/noto-sans/index.css" is not available to the site\'s code: an empty stub stood in for it',
    ]);
  });

  it("serves a branch whose config throws with its own last config that ran, never main's, and says so", async () => {
    const html = await (await get('/~broken/setup')).text();
    expect(html).toContain('<title>Setting up | Title at the fork</title>');
    const report = (await (await get('/api/links?ref=~broken')).json()) as { problems: { file: string; message: string }[] };
    expect(report.problems).toContainEqual(expect.objectContaining({ file: 'website/docusaurus.config.ts', message: 'could not be run: a branch broke its config' }));
    expect(report.problems).toContainEqual(
      expect.objectContaining({ message: expect.stringMatching(/^docsite serves this commit with the config of [0-9a-f]{7}, the last before it whose config could be run$/) }),
    );
  });
});
