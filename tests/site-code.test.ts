// A Docusaurus repository served as it is (decision 034): its ES-module config and TypeScript
// sidebars run in the sandbox at each commit; the operator's docsite.yaml wins where it speaks; and
// `docsite config --print` says where each value came from.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type AppServer } from './support/app-server.js';
import { removeTempDirs, tempDir, TestRepo } from './support/repos.js';

afterAll(removeTempDirs);

const CONFIG = `import navbar from './config/navbar.js';
export default async function createConfig() {
  return {
    title: 'Its own title',
    tagline: 'From docusaurus.config.mjs',
    presets: [['@docusaurus/preset-classic', { docs: { routeBasePath: 'guide', sidebarPath: './sidebars.ts', editUrl: ({ versionDocsDirPath, docPath, version }) => 'https://example.org/edit/' + versionDocsDirPath + '/' + docPath + '?version=' + version } }]],
    themeConfig: { navbar, footer: { links: [{ label: 'A flat footer link', href: 'https://example.org' }] } },
  };
}
`;
const NAVBAR = "module.exports = { items: [{ type: 'docSidebar', sidebarId: 'guide', label: 'From navbar.js' }, { type: 'custom-fancy' }] };\n";
const SIDEBARS = `import fs from 'fs';
const extra: string[] = fs.existsSync(__dirname + '/docs/extra.md') ? ['extra'] : [];
export default { guide: ['intro', { Topics: ['topic', ...extra] }] };
`;

describe('a Docusaurus repository served as it is', () => {
  let repo: TestRepo;
  let app: AppServer;
  let operator: string;
  let modules: string;
  const get = (url: string) => fetch(app.url + url).then((res) => res.text());

  beforeAll(async () => {
    repo = await TestRepo.create(path.join(tempDir('docsite-site-code-'), 'site'));
    await repo.commit({
      'docusaurus.config.mjs': CONFIG,
      'config/navbar.js': NAVBAR,
      'sidebars.ts': SIDEBARS,
      'docs/intro.md': '# Introduction\n\nHello.\n',
      'docs/topic.md': '# A topic\n',
      'docs/extra.md': '# Extra\n',
      'docs/packaged.mdx': "import Flavour from '@site/src/components/Flavour';\n\n# Packaged\n\n<Flavour />\n",
      'src/components/Flavour.jsx':
        "import { Badge } from 'site-badge';\nexport default () => <p>Flavour: <Badge label={process.env.DOCS_FLAVOUR} /> {String(process.env.SECRET_TOKEN)}</p>;\n",
    });
    // The site's installed packages, as `npm ci` in a clone of it would leave them (SITE_MODULES).
    modules = path.join(tempDir('docsite-site-modules-'), 'node_modules');
    fs.mkdirSync(path.join(modules, 'site-badge'), { recursive: true });
    fs.writeFileSync(path.join(modules, 'site-badge/package.json'), '{"name": "site-badge", "exports": {".": {"import": "./index.mjs"}}}');
    fs.writeFileSync(
      path.join(modules, 'site-badge/index.mjs'),
      "import React from 'react';\nexport const Badge = ({ label }) => React.createElement('span', { className: 'badge' }, label);\n",
    );
    operator = path.join(tempDir('docsite-operator-'), 'docsite.yaml');
    fs.writeFileSync(operator, 'title: The operator’s title\npreviewBranches: "*"\n');
    app = await startApp({
      CONTENT_REPO: repo.dir,
      DOCSITE_CONFIG: operator,
      SYNC_INTERVAL: '0',
      SITE_MODULES: modules,
      SITE_ENV: 'DOCS_FLAVOUR',
      DOCS_FLAVOUR: 'blue',
      SECRET_TOKEN: 'not for sites',
    });
  }, 120_000);
  afterAll(() => app?.stop());

  it('serves the docs where the config puts them, with its sidebars (computed from the files), navbar and footer', async () => {
    const html = await get('/guide/intro');
    expect(html).toContain('>From navbar.js<');
    expect(html).toContain('>Topics<');
    expect(html).toContain('href="/guide/extra"');
    expect(html).toContain('A flat footer link');
    // Its editUrl is a function: called in the sandbox with Docusaurus's arguments.
    expect(html).toContain('href="https://example.org/edit/docs/intro.md?version=current"');
  });

  it('loads the packages the operator installed (SITE_MODULES) and gives only the variables SITE_ENV names', async () => {
    const html = await get('/guide/packaged');
    expect(html).toContain('<p>Flavour: <span class="badge">blue</span> undefined</p>');
    expect(html).not.toContain('not for sites');
  });

  it("lays the operator's docsite.yaml over the config: its title wins, the rest is the site's", async () => {
    const html = await get('/guide/intro');
    expect(html).toContain('The operator’s title');
    expect(html).not.toContain('Its own title');
  });

  it('prints the configuration with where each value came from', async () => {
    const env = { ...process.env, CONTENT_REPO: repo.dir, DOCSITE_CONFIG: operator, DATA_DIR: tempDir('docsite-cli-'), LOG_LEVEL: 'error' };
    const { stdout } = await promisify(execFile)('node', [path.resolve('build/docsite.js'), 'config', '--print'], { env });
    expect(stdout).toContain(`# ${operator}\ntitle: The operator’s title`);
    expect(stdout).toContain('# docusaurus.config.mjs\ntagline: From docusaurus.config.mjs');
    expect(stdout).toMatch(/# docusaurus\.config\.mjs\n\s+base: guide/);
    expect(stdout).toMatch(/# docusaurus\.config\.mjs\n\s+sidebars: sidebars\.ts/);
  });

  it('reports what it left out: a navbar item docsite does not show, by its key path in the config', async () => {
    const report = (await (await fetch(`${app.url}/api/links`)).json()) as { problems: { file: string; message: string }[] };
    expect(report.problems).toContainEqual(
      expect.objectContaining({ file: 'docusaurus.config.mjs', message: expect.stringMatching(/^themeConfig\.navbar\.items\[1\]: a "custom-fancy" item/) }),
    );
  });

  it('keeps what the code gave on disk: a restart evaluates nothing again', async () => {
    const dataDir = tempDir('docsite-site-code-data-');
    const evaluations = async (server: AppServer) => {
      await (await fetch(`${server.url}/guide/intro`)).text();
      const metrics = await (await fetch(`${server.url}/metrics`)).text();
      return ['evaluations', 'reused'].map((name) => Number(new RegExp(`^docsite_sandbox_${name}_total (\\d+)`, 'm').exec(metrics)?.[1]));
    };
    const first = await startApp({ CONTENT_REPO: repo.dir, DATA_DIR: dataDir, SYNC_INTERVAL: '0' });
    const [ran] = await evaluations(first);
    await first.stop();
    expect(ran).toBeGreaterThan(0);
    const again = await startApp({ CONTENT_REPO: repo.dir, DATA_DIR: dataDir, SYNC_INTERVAL: '0' });
    const [ranAgain, reused] = await evaluations(again);
    await again.stop();
    expect(ranAgain).toBe(0);
    expect(reused).toBeGreaterThan(0);
  }, 120_000);
});
