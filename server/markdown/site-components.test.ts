import { afterAll, describe, expect, it } from 'vitest';
import { IslandRenderer } from '../sandbox/islands.js';
import { Sandbox } from '../sandbox/sandbox.js';
import { filesOf } from '../sandbox/test-files.js';
import { pageLinks } from './link-check.js';
import { DOCUSAURUS_COMPONENTS } from './components/index.js';
import { renderTest } from './test-support.js';

const sandbox = new Sandbox({ idleMs: 0, limits: { cpuMs: 1000 } });
afterAll(() => sandbox.close());
const islands = new IslandRenderer(sandbox);
const site = { baseUrl: '/', title: 'Site', url: '', permalink: '/general/page' };

/** Renders `source` as general/page.md of `files` as the page renderer does: once, then again with the islands it named. */
async function renderWithIslands(source: string, files: Record<string, string>, prefix = '/general') {
  const docs = { 'general/other.md': 'Other' };
  const first = await renderTest(source, { files, prefix, docs });
  const rendered = await islands.render(filesOf({ 'general/page.md': source, ...files }), first.islandsNeeded ?? [], site, new Date('2026-11-22T12:00:00Z'));
  const page = await renderTest(source, { files, prefix, docs, islands: rendered.islands, markdown: rendered.markdown });
  return { first, page };
}

const summary = `import React from 'react';
import CodeBlock from '@theme/CodeBlock';
import Details from '@theme/Details';
import Description from './summary.mdx';
export default function Summary({ title, extra: Extra, children }) {
  return <div className="summary"><h4>{title}</h4>{children ?? <Description />}{Extra ? <Extra /> : null}
    <Details summary={<summary>View example</summary>}><CodeBlock language="php">{'<?php\\necho 1;'}</CodeBlock></Details>
    <a href="./other.md">Other</a></div>;
}`;

describe('the site’s own components in a page', () => {
  it('asks for each local component with its props, and shows its children until it has it', async () => {
    const source = "import Summary from './_files/summary';\nimport extra from './_files/extra.md';\n\n<Summary title=\"Version\" extra={extra}>Own **text**</Summary>\n";
    const page = await renderTest(source, {});
    expect(page.islandsNeeded).toEqual([
      expect.objectContaining({
        from: 'general/page.md',
        specifier: './_files/summary',
        name: 'default',
        props: { title: 'Version', extra: { $import: { specifier: './_files/extra.md', name: 'default' } } },
        children: true,
      }),
    ]);
    expect(page.html).toContain('Own <strong>text</strong>');
    // The link report no longer counts it as unknown: the sandbox renders it.
    expect(pageLinks(source, 'general/page.md', DOCUSAURUS_COMPONENTS).components).toEqual([]);
  });

  it('renders the component, its .md/.mdx modules through the Markdown pipeline, code blocks highlighted and links resolved', async () => {
    const files = {
      'general/_files/summary.tsx': summary,
      'general/_files/summary.mdx': 'The **default** description.\n\n:::caution\n\nCareful.\n\n:::\n',
      'general/_files/extra.md': 'See [the other page](../other.md).',
    };
    const source =
      'import Summary from \'./_files/summary\';\nimport extra from \'./_files/extra.md\';\n\n## Version\n\n<Summary title="Version" extra={extra} />\n\n<Summary title="Mine">Own **text**</Summary>\n';
    const { page } = await renderWithIslands(source, files);
    expect(page.warnings).toEqual([]);
    expect(page.islandsNeeded).toBeUndefined();
    expect(page.usesSiteCode).toBe(true);
    expect(page.html).toContain('<div class="summary"><h4>Version</h4><p>The <strong>default</strong> description.</p>');
    expect(page.html).toContain('<div class="admonition admonition-caution theme-admonition theme-admonition-caution">');
    expect(page.html).toContain('<p>See <a href="/general/other">the other page</a>.</p>');
    expect(page.html).toMatch(/<details><summary>View example<\/summary><div class="code-block[^"]*"[^>]*>[\s\S]*<span class="hljs-meta">&#x3C;\?php<\/span>/);
    expect(page.html).toContain('<a href="/general/other">Other</a>');
    expect(page.html).toContain('<h4>Mine</h4>Own <strong>text</strong>');
  });

  it('passes the page’s literal `export const` values as props', async () => {
    const page = await renderTest("import Summary from './_files/summary';\n\nexport const example = `echo 1;`;\n\n<Summary example={example} />\n", {});
    expect(page.islandsNeeded?.[0].props).toEqual({ example: 'echo 1;' });
    expect(page.warnings).toEqual([]);
  });

  it("passes an element of the page's imports as a prop (Moodle's extraDescription={<AccessDescription />})", async () => {
    const files = {
      'src/WithExtra.jsx': 'export default ({ extraDescription }) => <div className="with">{extraDescription}</div>;',
      'general/_files/extra.md': 'See [the other page](../other.md).',
    };
    const source = "import WithExtra from '@site/src/WithExtra';\nimport Access from './_files/extra.md';\n\n<WithExtra extraDescription={<Access />} />\n";
    const { page } = await renderWithIslands(source, files);
    expect(page.warnings).toEqual([]);
    expect(page.html).toContain('<div class="with"><p>See <a href="/general/other">the other page</a>.</p></div>');
  });

  it('renders an imported Markdown module used as an element without the sandbox', async () => {
    const page = await renderTest("import Part from './_part.mdx';\n\n<Part />\n", { markdown: { 'general/_part.mdx': 'A *part*.' } });
    expect(page.islandsNeeded).toBeUndefined();
    expect(page.html).toBe('<p>A <em>part</em>.</p>');
  });

  it('strips <script>, event handlers and javascript: links from what a component renders', async () => {
    const files = {
      'src/Evil.jsx':
        'export default () => <div><script>{\'alert(1)\'}</script><img src="x.png" onError="alert(2)" /><a href="javascript:alert(3)">x</a><p dangerouslySetInnerHTML={{ __html: \'<img src=x onerror=alert(4)><script>alert(5)</script>\' }} /></div>;',
    };
    const { page } = await renderWithIslands("import Evil from '@site/src/Evil';\n\n<Evil />\n", files);
    expect(page.islandsNeeded).toBeUndefined();
    expect(page.html).not.toMatch(/<script|alert|onerror|javascript:/i);
    expect(page.html).toContain('<div>');
  });

  it('gives a component that throws or renders forever a problem, and the page still renders (a notice on a preview only)', async () => {
    const files = {
      'src/Throws.jsx': "export default () => { throw new Error('nope'); };",
      'src/Forever.jsx': 'export default () => { while (true) {} };',
    };
    const source = "import Throws from '@site/src/Throws';\nimport Forever from '@site/src/Forever';\n\nBefore.\n\n<Throws>kept</Throws>\n\n<Forever />\n\nAfter.\n";
    const { page } = await renderWithIslands(source, files);
    expect(page.error).toBeUndefined();
    expect(page.html).toBe('<p>Before.</p>\n<p>kept</p>\n<p>After.</p>');
    expect(page.warnings.map((warning) => [warning.code, warning.line])).toEqual([
      ['site-component', 6],
      ['site-component', 8],
    ]);
    expect(page.warnings[0].message).toMatch(/<Throws> could not be rendered \(src\/Throws\.jsx.*\): nope/);
    expect(page.warnings[1].message).toMatch(/<Forever> could not be rendered.*(budget|stopped)/);
    const preview = await renderWithIslands(source, files, '/general/~branch');
    expect(preview.page.html).toContain('class="mdx-unknown" data-component="Throws"');
  });
});
