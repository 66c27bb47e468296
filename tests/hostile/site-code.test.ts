// A stranger's branch runs its code in the sandbox (decision 034): with PREVIEW_BRANCHES='*', any
// push can put anything in sidebars.js or docusaurus.config.js. Each hostile branch below gets a
// positioned problem on its own preview; the server keeps answering every other page, its own
// process untouched, and the next branch evaluates as if nothing had happened.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type AppServer } from '../support/app-server.js';
import { removeTempDirs, tempDir, TestRepo } from '../support/repos.js';

afterAll(removeTempDirs);

const CONFIG = `module.exports = {
  title: 'A site of its own',
  presets: [['classic', { docs: { sidebarPath: require.resolve('./sidebars.js') } }]],
  themeConfig: { navbar: { items: [{ type: 'docSidebar', sidebarId: 'guide', label: 'The guide' }] } },
};
`;
const SIDEBARS = "module.exports = { guide: ['intro', { type: 'category', label: 'More', items: ['other'] }] };\n";

/** Sidebars files a stranger might push, and what the problem about each must say. */
const HOSTILE: [string, string, RegExp][] = [
  ['loop', 'while (true) {}\n', /budget|stopped/],
  ['allocation', 'const a = []; for (;;) a.push({ n: a.length, list: [1, 2, 3] });\n', /memory|budget|stopped/],
  ['recursion', 'const f = (n) => f(n + 1) + 1;\nmodule.exports = f(0);\n', /stack|recursion/i],
  ['child-process', "require('child_process').execSync('touch /tmp/docsite-pwned');\n", /child_process/],
  ['exit', 'process.exit(1);\n', /process\.exit/],
  ['escape', "globalThis.constructor.constructor('return process')().mainModule.require('fs');\n", /./],
  ['passwd', "module.exports = { guide: [require('fs').readFileSync('../../../../etc/passwd', 'utf8')] };\n", /ENOENT/],
  ['pollution', "Object.prototype.polluted = 'yes';\nthrow new Error('polluted, then thrown');\n", /polluted, then thrown/],
];

describe('hostile code on a branch', () => {
  let app: AppServer;
  const get = (url: string) => fetch(app.url + url);

  beforeAll(async () => {
    const repo = await TestRepo.create(path.join(tempDir('docsite-hostile-code-'), 'site'));
    await repo.commit({ 'docusaurus.config.js': CONFIG, 'sidebars.js': SIDEBARS, 'docs/intro.md': '# Introduction\n\nHello.\n', 'docs/other.md': '# Other\n\nMore.\n' });
    for (const [name, code] of HOSTILE) {
      await repo.checkout('main');
      await repo.branch(name);
      await repo.commit({ 'sidebars.js': code }, `Hostile ${name}`);
    }
    await repo.checkout('main');
    await repo.branch('broken-config');
    await repo.commit({ 'docusaurus.config.js': "throw new Error('the config throws');\n" });
    await repo.checkout('main');
    app = await startApp({ CONTENT_REPO: repo.dir, PREVIEW_BRANCHES: '*', SYNC_INTERVAL: '0' });
  }, 120_000);
  afterAll(() => app?.stop());

  it("serves the site's own config and sidebars on main", async () => {
    const html = await (await get('/docs/intro')).text();
    expect(html).toContain('>The guide<');
    expect(html).toContain('>More<');
  });

  for (const [name, , message] of HOSTILE) {
    it(`stops ${name} in sidebars.js with a problem at its file, and keeps serving`, async () => {
      // Main's page is asked for while the branch's code runs: it does not wait behind it.
      const [branch, main] = await Promise.all([get(`/docs/~${name}/intro`), get('/docs/other')]);
      expect(main.status).toBe(200);
      expect(branch.status).toBe(200);
      // The preview shows it where the sidebar would be; the link report lists it.
      expect(await branch.text()).toMatch(/sidebars\.js(:\d+){0,2}: could not be run: /);
      const report = (await (await get(`/api/links?ref=~${name}`)).json()) as { problems: { file: string; message: string }[] };
      const problem = report.problems.find((found) => found.file === 'sidebars.js');
      expect(problem?.message).toMatch(message);
      expect(problem?.message).not.toMatch(/\n\s+at /);
    });
  }

  it('falls back to the last good configuration when a branch breaks docusaurus.config.js, and says where', async () => {
    const res = await get('/docs/~broken-config/intro');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('>The guide<');
    const report = (await (await get('/api/links?ref=~broken-config')).json()) as { problems: { file: string; line?: number; message: string }[] };
    expect(report.problems).toContainEqual(expect.objectContaining({ file: 'docusaurus.config.js', line: 1, message: 'could not be run: the config throws' }));
  });

  it('is still whole afterwards: the server process never ran the code, and main evaluates as before', async () => {
    expect(app.process.exitCode).toBeNull();
    expect(app.output()).not.toMatch(/docsite-pwned|polluted/);
    const html = await (await get('/docs/intro')).text();
    expect(html).toContain('>More<');
    const ready = (await (await get('/readyz')).json()) as { status: string };
    expect(ready.status).toBe('ready');
  });
});
