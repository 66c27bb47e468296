// The site's own remark plugins run in the sandbox over a page's tree (decision 045): the tree that
// comes back is the one unified gives when it runs the same plugin natively, over the same tree;
// a hostile plugin (an endless loop, 2 GB, a thrown error, a <script>) is a problem on the page and
// the page is rendered without it.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { transform } from 'esbuild';
import { unified, type Plugin, type Processor } from 'unified';
import { afterAll, describe, expect, it } from 'vitest';
import { RemarkPluginRunner, type SitePlugin } from './remark-plugins.js';
import { Sandbox } from './sandbox.js';
import { filesOf } from './test-files.js';
import { PackageFolder } from './site-packages.js';
import { parsePage } from '../markdown/parse.js';
import { renderTest } from '../markdown/test-support.js';

const sandbox = new Sandbox({ idleMs: 0, limits: { cpuMs: 1000 } });
afterAll(() => sandbox.close());
const now = new Date('2026-11-22T12:00:00Z');

/** A local plugin of version-2 style (CommonJS, `require`): image URLs `asset://x.png` become `/img/x.png`. */
const IMAGES = `const { visit } = require('unist-util-visit');
module.exports = function remarkAssetImages(options = {}) {
  const base = options.base || '/img/';
  return (tree, file) => {
    visit(tree, 'image', (node) => {
      if (node.url.startsWith('asset://')) node.url = base + node.url.slice('asset://'.length);
      else if (node.url.startsWith('missing://')) file.message('no such asset: ' + node.url, node);
    });
  };
};
`;
/** An ES-module plugin with options and an async transformer: a paragraph `!!! note Text` becomes a note admonition. */
const CALLOUTS = `import { visit } from 'unist-util-visit';
export default function remarkCallouts({ marker = '!!!', types = ['note'] } = {}) {
  this.data('callouts', (this.data('callouts') || 0) + 1);
  return async (tree, file) => {
    await Promise.resolve();
    visit(tree, 'paragraph', (node, index, parent) => {
      const first = node.children[0];
      if (!first || first.type !== 'text' || !first.value.startsWith(marker + ' ')) return;
      const [type, ...rest] = first.value.slice(marker.length + 1).split(' ');
      if (!types.includes(type)) return;
      first.value = rest.join(' ');
      parent.children[index] = { type: 'containerDirective', name: type, attributes: {}, children: [node], data: { page: file.data.frontMatter.title } };
    });
  };
}
`;
const PAGE = '---\ntitle: Shapes\n---\n\n# Shapes\n\n![A square](asset://square.png)\n\n!!! note Squares have **four** sides.\n\n!!! other Not a callout.\n';
const FILES = { 'src/remark/images.js': IMAGES, 'src/remark/callouts.mjs': CALLOUTS, 'docs/shapes.md': PAGE, 'static/img/square.png': 'PNG' };
const PLUGINS: SitePlugin[] = [
  { module: 'src/remark/callouts.mjs', name: 'remarkCallouts', options: { types: ['note', 'tip'] }, at: 'presets[0].docs.beforeDefaultRemarkPlugins[0]' },
  { module: 'src/remark/images.js', name: 'remarkAssetImages', at: 'presets[0].docs.remarkPlugins[0]' },
];
const page = { path: 'docs/shapes.md', source: PAGE, frontMatter: { title: 'Shapes' } };

/** The plugins run natively by unified (their code transpiled as a bundler would, `require` from docsite's node_modules) over a copy of `tree`. */
async function inUnified(tree: unknown, plugins: SitePlugin[], files: Record<string, string>): Promise<unknown> {
  const require = createRequire(import.meta.url);
  // A processor of trees only: its types change with each plugin, which this loop does not track.
  let processor = unified() as unknown as Processor;
  for (const plugin of plugins) {
    const { code } = await transform(files[plugin.module], { loader: 'js', format: 'cjs' });
    const module = { exports: {} as { default?: unknown } };
    new Function('module', 'exports', 'require', code)(module, module.exports, require);
    const attacher = (module.exports.default ?? module.exports) as Plugin<unknown[]>;
    processor = (plugin.options === undefined ? processor.use(attacher) : processor.use(attacher, plugin.options)) as unknown as Processor;
  }
  return processor.run(structuredClone(tree) as never, { path: `/site/${page.path}`, data: { frontMatter: page.frontMatter } } as never);
}

describe("the site's own remark plugins", () => {
  const runner = new RemarkPluginRunner(sandbox);
  const tree = parsePage(PAGE, page.path).tree;

  it('give the tree unified gives with the same plugins, and the page shows it', async () => {
    const plugged = await runner.run(filesOf(FILES), page, tree, PLUGINS, now);
    expect(plugged.problems).toEqual([]);
    expect(plugged.tree).toEqual(JSON.parse(JSON.stringify(await inUnified(tree, PLUGINS, FILES))));
    const html = (await renderTest(PAGE, { file: page.path, files: FILES, pluginTree: { tree: plugged.tree, problems: [] } })).html;
    expect(html).toMatch(/<img src="[^"]*square[^"]*\.png" alt="A square"/);
    expect(html).not.toContain('asset://');
    expect(html).toContain('<div class="admonition admonition-note');
    expect(html).toContain('Squares have <strong>four</strong> sides.');
    expect(html).toContain('<p>!!! other Not a callout.</p>');
  });

  it('are run once for a page: the same tree and files give the kept result', async () => {
    const before = runner.counts.evaluated;
    await runner.run(filesOf(FILES), page, tree, PLUGINS, now);
    expect(runner.counts.evaluated).toBe(before);
    // A change to a plugin's file is a new result.
    await runner.run(filesOf({ ...FILES, 'src/remark/images.js': IMAGES.replace("'/img/'", "'/images/'") }), page, tree, PLUGINS, now);
    expect(runner.counts.evaluated).toBe(before + 1);
  });

  it("give the page's line for a message a plugin leaves on its file", async () => {
    const source = 'Intro.\n\n![Gone](missing://gone.png)\n';
    const plugged = await runner.run(filesOf(FILES), { ...page, source }, parsePage(source, page.path).tree, PLUGINS.slice(1), now);
    expect(plugged.problems).toEqual([
      expect.objectContaining({ code: 'site-plugin', file: 'docs/shapes.md', line: 3, message: expect.stringContaining('no such asset: missing://gone.png') }),
    ]);
  });

  const HOSTILE: [string, string, RegExp][] = [
    ['loop', 'module.exports = () => () => { while (true) {} };\n', /budget|stopped/],
    ['allocation', 'module.exports = () => () => { const big = new Uint8Array(2 * 1024 * 1024 * 1024); big[0] = 1; };\n', /memory|allocat|RangeError|invalid array buffer length/i],
    ['throws', "module.exports = () => (tree) => { tree.children = []; throw new Error('the plugin broke'); };\n", /the plugin broke/],
    ['node', "const { execSync } = require('child_process');\nmodule.exports = () => () => { execSync('id'); };\n", /child_process/],
    ['package', "const slug = require('github-slugger');\nmodule.exports = () => () => {};\n", /github-slugger/],
    ['never', 'module.exports = () => (tree, file, next) => new Promise(() => {});\n', /never finished/],
  ];
  for (const [name, code, said] of HOSTILE) {
    it(`leave out a plugin that ${name === 'throws' ? 'throws' : `needs ${name === 'node' ? 'a node module' : name === 'package' ? 'a package docsite lacks' : `an endless ${name}`}`}, and run the others`, async () => {
      const files = { ...FILES, [`src/remark/${name}.js`]: code };
      const plugins = [{ module: `src/remark/${name}.js`, at: 'presets[0].docs.remarkPlugins[1]' }, ...PLUGINS];
      const plugged = await runner.run(filesOf(files), page, tree, plugins, now);
      expect(plugged.problems).toEqual([expect.objectContaining({ code: 'site-plugin', file: 'docs/shapes.md', line: 1, message: expect.stringMatching(said) })]);
      expect(plugged.problems[0].message).toContain(`src/remark/${name}.js`);
      expect(plugged.tree).toEqual(JSON.parse(JSON.stringify(await inUnified(tree, PLUGINS, FILES))));
    }, 30_000);
  }

  it('run a plugin of the packages the operator installed for the site (SITE_MODULES)', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'docsite-plugin-packages-'));
    try {
      const dir = path.join(root, 'node_modules/remark-shout');
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, 'package.json'), '{"name": "remark-shout", "type": "module", "exports": "./index.js"}');
      fs.writeFileSync(
        path.join(dir, 'index.js'),
        "import { visit } from 'unist-util-visit';\nexport default function remarkShout() { return (tree) => visit(tree, 'text', (node) => { node.value = node.value.toUpperCase(); }); }\n",
      );
      const installed = new Sandbox({ idleMs: 0, packages: new PackageFolder(path.join(root, 'node_modules')) });
      try {
        const plugin = { module: '/node_modules/remark-shout/index.js', name: 'remarkShout', at: 'presets[0].docs.remarkPlugins[0]' };
        const plugged = await new RemarkPluginRunner(installed).run(filesOf(FILES), page, tree, [plugin], now);
        expect(plugged.problems).toEqual([]);
        const html = (await renderTest(PAGE, { file: page.path, files: FILES, pluginTree: { tree: plugged.tree, problems: [] } })).html;
        expect(html).toContain('<h1 id="shapes">SHAPES</h1>');
      } finally {
        await installed.close();
      }
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it('use none of the plugins when what they give is over the limit of a result, and say so', async () => {
    const small = new Sandbox({ idleMs: 0, limits: { outputChars: 1024 } });
    try {
      const plugged = await new RemarkPluginRunner(small).run(filesOf(FILES), page, tree, PLUGINS, now);
      expect(plugged.tree).toBeUndefined();
      expect(plugged.problems).toEqual([
        expect.objectContaining({ code: 'site-plugin', message: expect.stringMatching(/^the site's remark plugins: .*larger than 1 KiB; the page is shown without them$/) }),
      ]);
    } finally {
      await small.close();
    }
  });

  it('show no raw HTML a plugin puts in an MDX page, and say so', async () => {
    const files = {
      ...FILES,
      'src/remark/script.js':
        "module.exports = () => () => ({ type: 'root', children: [{ type: 'html', value: '<script>alert(1)</script>' }, { type: 'paragraph', children: [{ type: 'text', value: 'Kept.' }] }] });\n",
    };
    const plugins = [{ module: 'src/remark/script.js', at: 'presets[0].docs.remarkPlugins[0]' }];
    const plugged = await runner.run(filesOf(files), page, tree, plugins, now);
    const rendered = await renderTest(PAGE, { file: page.path, files, pluginTree: { tree: plugged.tree, problems: plugged.problems } });
    expect(rendered.html).toBe('<p>Kept.</p>');
    expect(rendered.warnings).toEqual([expect.objectContaining({ code: 'site-plugin', file: 'docs/shapes.md', line: 1, message: expect.stringContaining('raw HTML') })]);
    // In a CommonMark page, the HTML is parsed as the page's own is, and sanitized: no script.
    const md = await renderTest(PAGE, { file: page.path, files, config: 'markdown:\n  format: md\n', pluginTree: { tree: plugged.tree, problems: [] } });
    expect(md.html).not.toContain('script');
    expect(md.html).toContain('<p>Kept.</p>');
  });
});
