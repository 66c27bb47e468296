// A Docusaurus site's own remark plugins, named by its config, run in the sandbox over each page
// (decision 045): what a reader gets is the page as the plugins left it; a branch that pushes
// hostile plugins (an endless loop, 2 GB, a <script>) gets a positioned problem on the page that
// meets them, that page is served without them, and every other page as before.
import crypto from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type AppServer } from './support/app-server.js';
import { removeTempDirs, tempDir, TestRepo } from './support/repos.js';
import { ASSET_IMAGES_PLUGIN, CALLOUTS_PLUGIN } from '../server/sandbox/test-plugins.js';

afterAll(removeTempDirs);

const config = (extra = '') => `import callouts from './src/remark/callouts.mjs';
import images from './src/remark/images.js';
${extra ? "import hostile from './src/remark/hostile.js';\n" : ''}export default {
  title: 'Shapes',
  presets: [['classic', { blog: { remarkPlugins: [images] }, pages: { remarkPlugins: [images] }, docs: {
    beforeDefaultRemarkPlugins: [[callouts, { types: ['note', 'tip'] }]],
    remarkPlugins: [${extra}images],
    rehypePlugins: [images],
  } }]],
};
`;
/** Plugins that misbehave on the page `hostile` only: every other page must be untouched. */
const HOSTILE = `module.exports = {
  loop: () => (tree, file) => { if (file.path.endsWith('/hostile.md')) for (;;) {} },
  allocation: () => (tree, file) => { if (file.path.endsWith('/hostile.md')) { const big = []; for (;;) big.push(new Array(1 << 20).fill(big.length)); } },
  script: () => (tree, file) => file.path.endsWith('/hostile.md') ? { type: 'root', children: [{ type: 'html', value: '<script>alert(1)</script>' }, { type: 'paragraph', data: { hName: 'script' }, children: [{ type: 'text', value: 'alert(2)' }] }, { type: 'paragraph', data: { hProperties: { onClick: 'alert(3)' } }, children: [{ type: 'text', value: 'Clicked.' }] }] } : tree,
};
`;
/** Where docsite serves the static image `/img/square.png` (by its blob id, as every repository asset): git's id of the text `PNG`. */
const SQUARE = `/_assets/${crypto.createHash('sha1').update('blob 3\0PNG').digest('hex')}/square.png`;
const SHAPES = '# Shapes\n\n![A square](asset://square.png)\n\n!!! note Squares have **four** sides.\n';

describe("a site's own remark plugins", () => {
  let app: AppServer;
  const get = (url: string) => fetch(app.url + url);
  /** The link report's problems of a ref (the default branch for none). */
  const links = async (ref?: string) => {
    const res = await get(ref ? `/api/links?ref=${encodeURIComponent(ref)}` : '/api/links');
    expect(res.status).toBe(200);
    return ((await res.json()) as { problems: { code?: string; file: string; line?: number; message: string }[] }).problems;
  };

  beforeAll(async () => {
    const repo = await TestRepo.create(path.join(tempDir('docsite-site-plugins-'), 'site'));
    await repo.commit({
      'docusaurus.config.mjs': config(),
      'src/remark/images.js': ASSET_IMAGES_PLUGIN,
      'src/remark/callouts.mjs': CALLOUTS_PLUGIN,
      'src/remark/hostile.js': HOSTILE,
      'docs/shapes.md': SHAPES,
      'docs/hostile.md': '# Hostile\n\nMet by the hostile plugins.\n',
      'static/img/square.png': 'PNG',
      'blog/2026-01-02-squares.md': '---\ntitle: Squares\n---\n\n![A square](asset://square.png)\n\n!!! note Not a callout here: the blog has no such plugin.\n',
      'src/pages/about.md': '# About\n\n![A square](asset://square.png)\n',
      'docs/plain.md': '# Plain\n\n!!! other Not a callout.\n',
      // A Markdown module it imports goes through the plugins too, as in Docusaurus's loader.
      'docs/with-part.mdx': "import Part from './_part.md';\n\n# With a part\n\n<Part />\n",
      'docs/_part.md': '![A square](asset://square.png)\n\n!!! tip From the part.\n',
      // Its imports and JSX cross the sandbox as data (their ESTree with them) and still bind.
      'docs/tabs.mdx':
        'import Tabs from \'@theme/Tabs\';\nimport TabItem from \'@theme/TabItem\';\n\n# Tabs\n\n<Tabs>\n<TabItem value="a" label="First">\n\n!!! tip Inside a tab.\n\n</TabItem>\n</Tabs>\n',
    });
    for (const name of ['loop', 'allocation', 'script']) {
      await repo.checkout('main');
      await repo.branch(name);
      await repo.commit({ 'docusaurus.config.mjs': config(`hostile.${name}, `) }, `Hostile ${name}`);
    }
    await repo.checkout('main');
    app = await startApp({ CONTENT_REPO: repo.dir, PREVIEW_BRANCHES: '*', SYNC_INTERVAL: '0' });
  }, 120_000);
  afterAll(() => app?.stop());

  it('serve each page as the plugins left it, its options followed', async () => {
    const html = await (await get('/docs/shapes')).text();
    expect(html).toContain(`<img src="${SQUARE}" alt="A square"`);
    expect(html).not.toContain('asset://');
    expect(html).toMatch(/<div class="admonition admonition-note[^"]*"[^>]*>[\s\S]*Squares have <strong>four<\/strong> sides\./);
    expect(await (await get('/docs/plain')).text()).toContain('<p>!!! other Not a callout.</p>');
    const part = await (await get('/docs/with-part')).text();
    expect(part).toContain(`<img src="${SQUARE}" alt="A square"`);
    expect(part).toMatch(/<div class="admonition admonition-tip[\s\S]*From the part\./);
    const tabs = await (await get('/docs/tabs')).text();
    expect(tabs).toMatch(/<label[^>]*class="tabs__label[^"]*"[^>]*>First<\/label>/);
    expect(tabs).toMatch(/<div class="admonition admonition-tip[\s\S]*Inside a tab\./);
    // The blog's and the pages' own lists: the image plugin alone.
    const post = await (await get('/blog/2026/01/02/squares')).text();
    expect(post).toContain(`<img src="${SQUARE}" alt="A square"`);
    expect(post).toContain('<p>!!! note Not a callout here: the blog has no such plugin.</p>');
    expect(await (await get('/about')).text()).toContain(`<img src="${SQUARE}" alt="A square"`);
    // The rehype plugin is named once, as not run; the remark plugins are not.
    const problems = await links();
    expect(problems.filter((problem) => /rehypePlugins\[0\]/.test(problem.message))).toHaveLength(1);
    expect(problems.filter((problem) => problem.code === 'site-plugin')).toEqual([]);
  });

  for (const [name, said] of [
    ['loop', /budget|stopped/],
    ['allocation', /memory/],
    ['script', /raw HTML/],
  ] as const) {
    it(`give the page a hostile ${name} plugin meets a positioned problem, and serve it and the others without it`, async () => {
      const [hostile, shapes, main] = await Promise.all([get(`/docs/~${name}/hostile`), get(`/docs/~${name}/shapes`), get('/docs/shapes')]);
      expect([hostile.status, shapes.status, main.status]).toEqual([200, 200, 200]);
      const page = await hostile.text();
      expect(page).not.toMatch(/<script>alert|>alert\(2\)</);
      if (name !== 'script') expect(page).toContain('Met by the hostile plugins.');
      // What the script plugin gave is rendered and sanitized as any page: its text stays, its handler goes.
      else expect(page).toMatch(/<p>Clicked\.<\/p>/);
      expect(page).not.toContain('alert(3)');
      // Its other pages are the good plugins' work, as on main.
      expect(await shapes.text()).toContain(`<img src="${SQUARE}" alt="A square"`);
      const problems = await links(`~${name}`);
      const problem = problems.find((found) => found.code === 'site-plugin');
      expect(problem).toEqual(expect.objectContaining({ file: 'docs/hostile.md', line: 1, message: expect.stringMatching(said) }));
      expect(problems.filter((found) => found.code === 'site-plugin' && found.file !== 'docs/hostile.md')).toEqual([]);
    }, 60_000);
  }
});
