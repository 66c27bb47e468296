// A page's links and anchors are read with the renderer's parser and heading-id rules.
import { describe, expect, it } from 'vitest';
import { pageLinks as readLinks } from './link-check.js';
import { DOCUSAURUS_COMPONENTS } from './components/index.js';

/** A page's links with Docusaurus's components. */
const pageLinks = (source: string, file: string) => readLinks(source, file, DOCUSAURUS_COMPONENTS);

describe('pageLinks', () => {
  it('finds Markdown links, definitions, images and literal JSX URLs, each with its line', () => {
    const source = [
      '---',
      'title: T',
      '---',
      '',
      'See [a](./a.md#x) and ![pic](./pic.png).',
      '',
      '[ref]: ../b.md',
      '',
      '<Link to="/general/c">C</Link> <a href={"/computed"}>no</a> <img src="./d.svg" />',
    ].join('\n');
    expect(pageLinks(source, 'docs/p.md').links).toEqual([
      { url: './a.md#x', line: 5, kind: 'link', markdown: true },
      { url: './pic.png', line: 5, kind: 'image', markdown: true },
      { url: '../b.md', line: 7, kind: 'link', markdown: false },
      { url: '/general/c', line: 9, kind: 'link', markdown: false },
      { url: './d.svg', line: 9, kind: 'image', markdown: false },
    ]);
  });

  it('gives headings the renderer ids (explicit, slugged, repeated) and keeps JSX ids and anchors', () => {
    const source = '## Getting started\n\n## Getting started\n\n### Custom {/* #my-id */}\n\n<div id="box" />\n\n<a name="old-anchor"></a>\n';
    expect(pageLinks(source, 'docs/p.mdx').ids).toEqual(['getting-started', 'getting-started-1', 'my-id', 'box', 'old-anchor']);
  });

  it('reports a page it cannot parse instead of throwing', () => {
    const deep = `${'> '.repeat(200)}deep\n`;
    expect(pageLinks(deep, 'docs/deep.md')).toMatchObject({ links: [], ids: [], error: expect.stringContaining('nests deeper') });
  });

  it('lists the unknown components the renderer would find, each with its line, and none it knows', () => {
    const source = [
      "import Tabs from '@theme/Tabs';",
      "import Odd from '@site/src/components/Odd';",
      '',
      '<Tabs><Mystery>inside</Mystery></Tabs>',
      '',
      '<details><summary>S</summary><div>HTML</div></details>',
      '',
      'Text <Odd /> and <Foo.Bar /> and <Details>known</Details>.',
    ].join('\n');
    expect(pageLinks(source, 'docs/p.mdx').components).toEqual([
      // <Odd> is the site's own component (a local import): the sandbox renders it.
      { name: 'Mystery', line: 4 },
      { name: 'Foo.Bar', line: 8 },
    ]);
  });
});

describe('pageLinks under the site Markdown options', () => {
  it('reads a page as the renderer does: CommonMark with markdown.format md, and :::note Title read as a titled admonition', () => {
    const source = 'Some {braces} and <Mystery />.\n';
    // As MDX (the default) the page is an unknown component and braces; as CommonMark, text and HTML.
    expect(readLinks(source, 'docs/p.md', DOCUSAURUS_COMPONENTS).components).toEqual([{ name: 'Mystery', line: 1 }]);
    const md = readLinks(source, 'docs/p.md', DOCUSAURUS_COMPONENTS, { format: 'md', comments: true, admonitionTitles: true, headingIds: true });
    expect(md.components).toEqual([]);
    expect(md.error).toBeUndefined();
    // A space title with the text on the next line is an admonition, its link found on its line.
    const titled = readLinks(':::note Read [this](./a.md)\nText\n:::\n', 'docs/p.md', DOCUSAURUS_COMPONENTS);
    expect(titled.links).toEqual([{ url: './a.md', line: 1, kind: 'link', markdown: true }]);
  });
});
