// Formulas (issue 58): a site that installs remark-math and rehype-katex as Docusaurus's docs show
// gets its `$…$`, `$$…$$` and ```math drawn on the server exactly as rehype-katex draws them, with
// KaTeX's stylesheet and fonts served; a formula KaTeX refuses is drawn as its error, and the page
// still serves. The expected HTML is what the real remark-math + rehype-katex pipeline writes.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromHtml } from 'hast-util-from-html';
import { toHtml } from 'hast-util-to-html';
import type { Element, Root } from 'hast';
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkMath from 'remark-math';
import remarkRehype from 'remark-rehype';
import rehypeKatex from 'rehype-katex';
import rehypeStringify from 'rehype-stringify';
import { startApp, type AppServer } from './support/app-server.js';
import { removeTempDirs, TestRepo, tempDir } from './support/repos.js';

const CONFIG = `import remarkMath from 'remark-math';
import rehypeKatex from 'rehype-katex';

export default {
  title: 'Formulas',
  url: 'https://math.example',
  baseUrl: '/',
  presets: [['classic', {
    docs: { routeBasePath: 'docs', remarkPlugins: [remarkMath], rehypePlugins: [[rehypeKatex, { macros: { '\\\\RR': '\\\\mathbb{R}' }, trust: true }]] },
    blog: false,
  }]],
};
`;

// Docusaurus's docs' form for a CommonJS config: an async config that imports the ES modules.
const ASYNC_CONFIG = `module.exports = async function createConfigAsync() {
  return {
    title: 'Formulas', url: 'https://math.example', baseUrl: '/',
    presets: [['classic', { docs: { routeBasePath: 'docs', remarkPlugins: [(await import('remark-math')).default], rehypePlugins: [(await import('rehype-katex')).default] }, blog: false }]],
  };
};
`;

const FORMULAS = [
  'Energy is $E = mc^2$ and a set is $\\{x \\in \\RR\\}$.',
  '$$\n\\frac{a}{b} = \\sqrt[3]{x^2} + \\overrightarrow{AB}\n$$',
  '```math\n\\sum_{i=0}^{n} i^2 = \\begin{pmatrix}1 & 2 \\\\ 3 & 4\\end{pmatrix}\n```',
  'A broken one: $\\frac{a$ and a link $\\href{javascript:alert(1)}{x}$.',
];
const PAGE = `# Formulas\n\n${FORMULAS.join('\n\n')}\n`;

/** The KaTeX elements of an HTML page (each `.katex-display`, or a `.katex` outside one, or an error), serialised alike. */
function formulasOf(html: string): string[] {
  const found: string[] = [];
  const visit = (node: Root | Element) => {
    for (const child of node.children) {
      if (child.type !== 'element') continue;
      const classes = Array.isArray(child.properties.className) ? child.properties.className : [];
      if (classes.includes('katex-display') || classes.includes('katex') || classes.includes('katex-error')) found.push(toHtml(child));
      else visit(child);
    }
  };
  visit(fromHtml(html, { fragment: true }));
  return found;
}

describe('remark-math and rehype-katex', () => {
  let app: AppServer;
  let expected: string[];

  beforeAll(async () => {
    const dir = path.join(tempDir('docsite-math-'), 'site');
    const repo = await TestRepo.create(dir);
    await repo.commit({ 'docusaurus.config.mjs': CONFIG, 'docs/formulas.md': PAGE, 'docs/plain.md': '# Plain\n\nNo formula here.\n' });
    await repo.branch('no-math');
    await repo.commit({ 'docusaurus.config.mjs': CONFIG.replace(/remarkPlugins: \[remarkMath\], /, '') });
    await repo.checkout('main');
    await repo.branch('async-config');
    await repo.commit({ 'docusaurus.config.mjs': null, 'docusaurus.config.js': ASYNC_CONFIG });
    await repo.checkout('main');
    // The site's own plugins, with its options, where Docusaurus runs them (trust is not followed by docsite: left out here too).
    const oracle = await unified()
      .use(remarkParse)
      .use(remarkMath)
      .use(remarkRehype)
      .use(rehypeKatex, { macros: { '\\RR': '\\mathbb{R}' } })
      .use(rehypeStringify)
      .process(PAGE);
    expected = formulasOf(String(oracle));
    app = await startApp({ CONTENT_REPO: dir, SYNC_INTERVAL: '0', PREVIEW_BRANCHES: '*' });
  });
  afterAll(async () => {
    await app?.stop();
    removeTempDirs();
  });

  const page = async (pathname: string) => {
    const response = await fetch(`${app.url}${pathname}`);
    expect(response.status).toBe(200);
    return response.text();
  };

  it('draws every formula as rehype-katex does, macros and errors included', async () => {
    const html = await page('/docs/formulas');
    expect(expected).toHaveLength(6);
    expect(formulasOf(html)).toEqual(expected);
    // The raw source is gone: no `$$` left in the article, and the display formulas are blocks.
    expect(html).not.toContain('$$');
    expect(html.match(/class="katex-display"/g)).toHaveLength(2);
    // `trust` is not followed: the javascript: URL is never a link.
    expect(html).not.toMatch(/href="javascript:/i);
  });

  it("serves KaTeX's stylesheet and its fonts with a page that has a formula, and not with one that has none", async () => {
    const html = await page('/docs/formulas');
    const href = /<link rel="stylesheet" href="([^"]*formulas[^"]*\.css)"/.exec(html)?.[1];
    expect(href).toBeDefined();
    const css = await (await fetch(`${app.url}${href}`)).text();
    expect(css).toContain('.katex-display');
    const font = /url\(([^)]+KaTeX_Main-Regular[^)]*\.woff2)\)/.exec(css)?.[1];
    expect(font).toBeDefined();
    const fontResponse = await fetch(new URL(font!.replace(/["']/g, ''), `${app.url}${href}`));
    expect(fontResponse.status).toBe(200);
    expect((await fontResponse.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    expect(await page('/docs/plain')).not.toMatch(/formulas[^"]*\.css/);
  });

  it("gives agents the formula's TeX in the page's Markdown", async () => {
    const markdown = await page('/docs/formulas.md');
    expect(markdown).toContain('$E = mc^2$');
    expect(markdown).toMatch(/```math\n\\frac\{a\}\{b\} = \\sqrt\[3\]\{x\^2\} \+ \\overrightarrow\{AB\}\n```/);
  });

  it('reads the plugins from a CommonJS config that imports them, as Docusaurus documents it', async () => {
    const html = await page('/docs/~async-config/formulas');
    expect(html.match(/class="katex-display"/g)).toHaveLength(2);
    expect(html).toContain('<annotation encoding="application/x-tex">E = mc^2</annotation>');
  });

  it('shows the source as text where the site does not install remark-math', async () => {
    const html = await page('/docs/~no-math/formulas');
    expect(formulasOf(html)).toEqual([]);
    expect(html).toContain('$E = mc^2$');
  });
});
