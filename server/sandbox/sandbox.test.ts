import { afterAll, describe, expect, it } from 'vitest';
import { Sandbox } from './sandbox.js';
import { sameReads } from './site-files.js';
import { filesOf } from './test-files.js';

const sandbox = new Sandbox({ idleMs: 0, limits: { cpuMs: 500, memoryBytes: 32 * 1024 * 1024 }, env: { ALLOWED: 'yes' } });
afterAll(() => sandbox.close());
const now = new Date('2026-11-22T00:00:00Z');

/** Evaluates `entry` of `tree` and returns its outcome. */
const run = (tree: Record<string, string>, entry = 'sidebars.js') => sandbox.evaluate(filesOf(tree), { entry, now });

describe('the sandbox runs a site’s own code', () => {
  it('evaluates CommonJS and ES modules with require, JSON, YAML, TypeScript and @site/', async () => {
    const outcome = await run(
      {
        'sidebars.js':
          "const data = require('./data/projects.json'); const extra = require('@site/extra'); module.exports = { docs: [...data.ids, extra.default, require('./list.yml')[0]] };",
        'data/projects.json': '{"ids": ["a", "b"]}',
        'extra.ts': "const id: string = 'c'; export default id;",
        'list.yml': '- d\n',
      },
      'sidebars.js',
    );
    expect(outcome.failure).toBeUndefined();
    expect(outcome.values?.[0]).toEqual({ docs: ['a', 'b', 'c', 'd'] });
  });

  it('gives a CSS module its class names scoped and stable, as a Docusaurus build does, and keeps its CSS for the page', async () => {
    const files = {
      'chart.tsx': "import styles from './chart.module.css'; export default [styles.chart, require('./chart.module.css').chart, styles.missing ?? 'none'];",
      'chart.module.css': '.chart { color: red }',
    };
    const outcome = await run(files, 'chart.tsx');
    expect(outcome.failure).toBeUndefined();
    const [byImport, byRequire, missing] = outcome.values![0] as string[];
    expect(byImport).toMatch(/^chart_\w{5}$/);
    expect(byRequire).toBe(byImport);
    expect(missing).toBe('none');
    expect(outcome.styles['chart.module.css']).toContain(`.${byImport} {`);
    // The same file gives the same names at any commit; another text, others.
    expect(((await run(files, 'chart.tsx')).values![0] as string[])[0]).toBe(byImport);
    expect(((await run({ ...files, 'chart.module.css': '.chart { color: blue }' }, 'chart.tsx')).values![0] as string[])[0]).not.toBe(byImport);
  });

  it('gives an SVG as a React component (svgr: its title prop first), an image as its URL at the commit, and finds /img/x in the static folder', async () => {
    const files = {
      'static/img/logo.png': 'PNG',
      'src/icon.svg': '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 2 2" class="i"><title>Old</title><path d="M0 0h2" stroke-width="2"/></svg>',
      'src/page.jsx':
        "import { renderToStaticMarkup } from 'react-dom/server'; import Icon from './icon.svg'; import logo from '/img/logo.png'; export default [renderToStaticMarkup(<Icon title=\"Logo\" className=\"big\" />), logo];",
    };
    const tree = filesOf(files);
    const outcome = await sandbox.evaluate(tree, { entry: 'src/page.jsx', now, roots: ['static'] });
    expect(outcome.failure).toBeUndefined();
    const [svg, url] = outcome.values![0] as string[];
    expect(svg).toBe('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 2 2" class="big"><title>Logo</title><path d="M0 0h2" stroke-width="2"></path></svg>');
    expect(url).toBe(`/_assets/${tree.oid('static/img/logo.png')}/logo.png`);
  });

  it('gives a read-only fs of the commit, a pure path, the site’s day and only allowed variables', async () => {
    const outcome = await run({
      'sidebars.js':
        "const fs = require('fs'); const path = require('path'); module.exports = { exists: fs.existsSync(path.resolve(__dirname, 'docs', 'a.md')), missing: fs.existsSync(path.join(__dirname, 'nope')), list: fs.readdirSync(path.resolve(__dirname, 'docs')), text: fs.readFileSync(__dirname + '/docs/a.md', 'utf8'), year: new Date().getFullYear(), env: [process.env.ALLOWED, process.env.HOME] };",
      'docs/a.md': '# A',
    });
    expect(outcome.values?.[0]).toEqual({ exists: true, missing: false, list: ['a.md'], text: '# A', year: 2026, env: ['yes', null] });
  });

  it('calls an exported function and reports functions in the result so that they can be called later', async () => {
    const files = filesOf({ 'docusaurus.config.js': "export default async function () { return { title: 'T', editUrl: ({ docPath }) => 'https://e/' + docPath }; }" });
    const first = await sandbox.evaluate(files, { entry: 'docusaurus.config.js', callWith: [], now });
    const config = first.values?.[0] as { title: string; editUrl: { $function: number } };
    expect(config.title).toBe('T');
    const second = await sandbox.evaluate(files, { entry: 'docusaurus.config.js', callWith: [], now, calls: [{ fn: config.editUrl.$function, args: [{ docPath: 'a.md' }] }] });
    expect(second.values?.[1]).toBe('https://e/a.md');
  });

  it('records what it read, so that a commit that changes none of it reuses the result', async () => {
    const tree = { 'sidebars.js': "module.exports = require('./part.js');", 'part.js': 'module.exports = [1];', 'other.md': 'x' };
    const outcome = await run(tree);
    expect(sameReads(filesOf({ ...tree, 'other.md': 'changed' }), outcome.reads)).toBe(true);
    expect(sameReads(filesOf({ ...tree, 'part.js': 'module.exports = [1, 2];' }), outcome.reads)).toBe(false);
    // A config that only names its sidebars file (require.resolve) does not depend on what it holds.
    const config = { 'docusaurus.config.js': "module.exports = { sidebarPath: require.resolve('./sidebars.js') };", 'sidebars.js': 'module.exports = {};' };
    const named = await run(config, 'docusaurus.config.js');
    expect(named.values?.[0]).toEqual({ sidebarPath: '/site/sidebars.js' });
    expect(sameReads(filesOf({ ...config, 'sidebars.js': 'module.exports = { docs: [] };' }), named.reads)).toBe(true);
    expect(sameReads(filesOf({ 'docusaurus.config.js': config['docusaurus.config.js'] }), named.reads)).toBe(false);
  });

  it('names a package docsite stands in for where a result holds it (a remark plugin given as a package)', async () => {
    const outcome = await run({ 'sidebars.js': "module.exports = { plugins: [require('@docusaurus/remark-plugin-npm2yarn')] };" });
    expect(outcome.values?.[0]).toEqual({ plugins: [{ $package: '@docusaurus/remark-plugin-npm2yarn' }] });
  });

  it('stubs packages it does not have and says which', async () => {
    const outcome = await run({ 'sidebars.js': "const { themes } = require('prism-react-renderer'); require('dotenv').config(); module.exports = { theme: themes.github };" });
    expect(outcome.failure).toBeUndefined();
    // A stub in a result is its package's name (a plugin given as `remarkMath` is remark-math).
    expect(outcome.values?.[0]).toEqual({ theme: { $package: 'prism-react-renderer' } });
    expect(outcome.stubbed).toEqual(['prism-react-renderer']);
  });

  it('names the file and line of a syntax error or a thrown error', async () => {
    const thrown = await run({ 'sidebars.js': "require('./lib.js');", 'lib.js': "\n\nthrow new Error('broken sidebars');" });
    expect(thrown.failure).toMatchObject({ file: 'lib.js', line: 3, message: 'broken sidebars' });
    const syntax = await run({ 'sidebars.js': 'module.exports = {\n  docs: [,\n};' });
    expect(syntax.failure?.file).toBe('sidebars.js');
    expect(syntax.failure?.message).toMatch(/SyntaxError/);
  });
});

describe('hostile code stays inside', () => {
  const hostile: [string, string, RegExp][] = [
    ['an endless loop', 'while (true) {}', /budget|stopped/],
    ['a 2 GB allocation', 'module.exports = new ArrayBuffer(2 ** 31);', /invalid array buffer length/],
    ['a heap that grows without end', 'const a = []; for (;;) a.push({ a: a.length, b: [1, 2, 3] });', /memory|budget/i],
    // QuickJS checks its budget between instructions: long native calls are stopped by ending the thread.
    ['slow native calls', "const a = []; for (;;) a.push('x'.repeat(1 << 20) + a.length);", /memory|budget|stopped/i],
    ['deep recursion', 'const f = (n) => f(n + 1) + 1; f(0);', /stack|recursion/i],
    ['child_process', "require('child_process').execSync('id');", /./],
    ['process.exit()', 'process.exit(1);', /process\.exit/],
    ['the Function constructor', "globalThis.constructor.constructor('return process')().mainModule.require('fs');", /./],
    ['reading outside the site', "module.exports = require('fs').readFileSync('../../../../etc/passwd', 'utf8');", /ENOENT/],
    ['a config that throws', "throw new TypeError('bad config');", /bad config/],
  ];
  for (const [what, code, message] of hostile) {
    it(`stops ${what} with a positioned problem`, async () => {
      const outcome = await run({ 'sidebars.js': code });
      expect(outcome.values).toBeUndefined();
      expect(outcome.failure?.file).toBe('sidebars.js');
      expect(outcome.failure?.message).toMatch(message);
    });
  }

  it('keeps Object.prototype pollution out of the server and out of the next evaluation', async () => {
    const polluted = await run({ 'sidebars.js': "Object.prototype.polluted = 'yes'; Array.prototype.map = () => 'evil'; module.exports = { a: 1 };" });
    expect(polluted.values?.[0]).toEqual({ a: 1 });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const next = await run({ 'sidebars.js': 'module.exports = { seen: ({}).polluted ?? null, map: [1].map((x) => x + 1) };' });
    expect(next.values?.[0]).toEqual({ seen: null, map: [2] });
  });

  it('serves the next evaluation after a thread had to be stopped', async () => {
    const after = await run({ 'sidebars.js': 'module.exports = 42;' });
    expect(after.values?.[0]).toBe(42);
  });
});
