// @docusaurus/plugin-client-redirects configured as its docs show (redirects, fromExtensions,
// toExtensions, createRedirects), served by the real server as real redirects: old addresses
// answer 301 with the page's address, which a reader without JavaScript follows too. The expected
// table is the one the plugin's 3.10.2 code computes for these routes (collectRedirects.js,
// extensionRedirects.js, writeRedirectFiles.js `createToUrl`), worked out by hand from it.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type AppServer } from './support/app-server.js';
import { removeTempDirs, TestRepo, tempDir } from './support/repos.js';

const CONFIG = `module.exports = {
  title: 'Moved',
  url: 'https://moved.example',
  baseUrl: '/project/',
  presets: [['classic', { docs: { routeBasePath: 'docs' }, blog: { routeBasePath: 'news' } }]],
  plugins: [
    ['@docusaurus/plugin-client-redirects', {
      fromExtensions: ['html'],
      toExtensions: ['htm'],
      redirects: [
        { from: ['/old-intro', '/older-intro'], to: '/docs/intro#usage' },
        // A page of the site: never shadowed.
        { from: '/docs/other', to: '/docs/intro' },
        // No page there: left out, and said.
        { from: '/gone', to: '/docs/missing' },
      ],
      // Every doc was once under /legacy/.
      createRedirects(existingPath) {
        if (existingPath.startsWith('/docs/')) return [existingPath.replace('/docs/', '/legacy/')];
        return undefined;
      },
    }],
  ],
};
`;

describe('@docusaurus/plugin-client-redirects', () => {
  let app: AppServer;

  beforeAll(async () => {
    const dir = path.join(tempDir('docsite-client-redirects-'), 'site');
    const repo = await TestRepo.create(dir);
    await repo.commit({
      'docusaurus.config.js': CONFIG,
      'docs/intro.md': '# Intro\n\n## Usage\n\nWords.\n',
      'docs/other.md': '# Other\n',
      'docs/guide/index.md': '# Guide\n',
      'docs/legacy-page.md': '---\nslug: /archive.htm\n---\n\n# Archive\n',
      'blog/2024-01-01-hello.md': '---\ntitle: Hello\n---\n\nHi.\n',
    });
    app = await startApp({ CONTENT_REPO: dir, SYNC_INTERVAL: '0' });
  });
  afterAll(async () => {
    await app?.stop();
    removeTempDirs();
  });

  /** The status and Location of a plain GET, as a browser without JavaScript (or a crawler) gets it. */
  const answer = async (pathname: string) => {
    const response = await fetch(`${app.url}${pathname}`, { redirect: 'manual' });
    return [response.status, response.headers.get('location')?.replace(app.url, '') ?? null];
  };

  it('answers each redirect of the table with a 301 to its page, below the base URL', async () => {
    const table: Record<string, string> = {
      // fromExtensions: each route from its `.html` form (an index doc's with its slash: `/guide.html/`).
      '/project/docs/intro.html': '/project/docs/intro',
      '/project/docs/guide.html/': '/project/docs/guide/',
      '/project/news/2024/01/01/hello.html': '/project/news/2024/01/01/hello',
      // toExtensions: the route ending in `.htm` from the address without it.
      '/project/docs/archive': '/project/docs/archive.htm',
      // redirects, the fragment of `to` kept.
      '/project/old-intro': '/project/docs/intro#usage',
      '/project/older-intro': '/project/docs/intro#usage',
      // createRedirects, called in the sandbox for each route.
      '/project/legacy/intro': '/project/docs/intro',
      '/project/legacy/guide/': '/project/docs/guide/',
    };
    const found = Object.fromEntries(await Promise.all(Object.keys(table).map(async (from) => [from, await answer(from)])));
    expect(found).toEqual(Object.fromEntries(Object.entries(table).map(([from, to]) => [from, [301, to]])));
    // The address without its slash works as well, and a query goes along to a target that has none.
    expect(await answer('/project/docs/guide.html')).toEqual([301, '/project/docs/guide/']);
    expect(await answer('/project/docs/intro.html?from=mail')).toEqual([301, '/project/docs/intro?from=mail']);
  });

  it('never redirects a page of the site, nor to a page that does not exist', async () => {
    expect((await fetch(`${app.url}/project/docs/other`)).status).toBe(200);
    expect((await answer('/project/gone'))[0]).toBe(404);
    // Outside the base URL nothing is the plugin's.
    expect((await answer('/old-intro'))[0]).toBe(404);
  });

  it('names what it left out in /readyz, by its key in the config', async () => {
    const problems: { file: string; message: string }[] = (await (await fetch(`${app.url}/readyz`)).json()).problems;
    const messages = problems.filter((problem) => problem.file === 'docusaurus.config.js').map((problem) => problem.message);
    expect(messages).toContain('plugins[0].redirects[2].to: "/docs/missing" is no page of the site: the redirect from /gone is left out (Docusaurus\'s build stops here)');
    expect(messages).toContain('plugins[0].redirects[1]: /docs/other is a page of the site: it is not redirected to /docs/intro');
  });
});
