// Docusaurus 3's Markdown options as a reader sees them: admonition titles in both syntaxes and
// nested (markdown.mdx1Compat.admonitions, future.v4), and markdown.format.
import { describe, expect, it } from 'vitest';
import { renderTest } from './test-support.js';

/** The admonitions of rendered HTML: type and heading text, in document order. */
function admonitions(html: string): string[] {
  return [...html.matchAll(/admonition-(\w+)"><div class="admonition-heading[^"]*">(.*?)<\/div>/g)].map((match) => `${match[1]}: ${match[2].replace(/<[^>]+>/g, '')}`);
}

describe('admonition titles', () => {
  it('reads `:::info Title` with the text on the next line as a titled admonition (Docusaurus 3 default)', async () => {
    const page = await renderTest(':::info Sample Title\nCheck the [docs](https://example.org).\n:::\n\n:::tip[Bracket title]\n\nBody.\n\n:::');
    expect(admonitions(page.html)).toEqual(['info: Sample Title', 'tip: Bracket title']);
    expect(page.html).toContain('<p>Check the <a href="https://example.org">docs</a>.</p>');
    expect(page.html).not.toContain(':::');
  });

  it('keeps Markdown in a space title, and nests `::::` outside `:::`', async () => {
    const page = await renderTest('::::info **Weather**\nOn nice days, ski.\n\n:::danger *Storms*\nTake care.\n:::\n\n::::');
    expect(admonitions(page.html)).toEqual(['info: Weather', 'danger: Storms']);
    expect(page.html).toMatch(/admonition-info[\s\S]*<strong>Weather<\/strong>[\s\S]*admonition-danger[\s\S]*<em>Storms<\/em>[\s\S]*Take care\.<\/p><\/div><\/div><\/div><\/div>$/);
  });

  it('reads space titles in block quotes and indented in lists', async () => {
    const page = await renderTest('> :::caution There be dragons\n>\n> Content\n>\n> :::\n\n1. Step\n\n   :::note In a list\n   Inside.\n   :::');
    expect(admonitions(page.html)).toEqual(['caution: There be dragons', 'note: In a list']);
  });

  it("shows Docusaurus's legacy keywords in their type's style: success as tip, secondary as note", async () => {
    const page = await renderTest(':::success Done\nYes.\n:::\n\n:::secondary\nAside.\n:::');
    expect(admonitions(page.html)).toEqual(['tip: Done', 'note: secondary']);
    expect(admonitions((await renderTest(':::constructor\nX\n:::')).html)).toEqual(['note: constructor']);
  });

  it('leaves other directives and words after `:::` alone', async () => {
    const page = await renderTest(':::whatever Title\nText\n:::');
    expect(page.html).toContain(':::whatever Title');
  });

  it('shows the space form literally with future.v4 or mdx1Compat.admonitions off, as Docusaurus does', async () => {
    for (const config of ['future: { v4: true }\n', 'markdown: { mdx1Compat: { admonitions: false } }\n', 'future: { v4: { mdx1CompatDisabledByDefault: true } }\n']) {
      const page = await renderTest(':::danger Outdated\nOld.\n:::\n\n:::tip[Still titled]\nYes.\n:::', { config });
      expect(page.html, config).toContain(':::danger Outdated');
      expect(admonitions(page.html), config).toEqual(['tip: Still titled']);
    }
    // future.v4 with the option given back.
    const back = await renderTest(':::danger Outdated\nOld.\n:::', { config: 'future: { v4: true }\nmarkdown: { mdx1Compat: { admonitions: true } }\n' });
    expect(admonitions(back.html)).toEqual(['danger: Outdated']);
  });

  it('keeps the line numbers of problems after a rewritten title', async () => {
    const page = await renderTest(':::note Title\nText\n:::\n\n<span>x</div>\n');
    expect(page.warnings[0]?.line).toBe(5);
  });
});

describe('markdown.format', () => {
  const source = 'Some <b>bold</b> and {braces}\n\n    indented code\n\n<!-- a comment -->\n\n<script>alert(1)</script>\n';

  it('reads every page as MDX by default: braces are expressions, indentation is text', async () => {
    const page = await renderTest(source);
    expect(page.html).not.toContain('<pre');
    expect(page.html).not.toContain('braces');
  });

  it('`md` reads pages as CommonMark: HTML is HTML (sanitized), braces are text, indented lines are code', async () => {
    const page = await renderTest(source, { config: 'markdown: { format: md }\n' });
    expect(page.html).toContain('<b>bold</b> and {braces}');
    expect(page.html).toContain('<code class="hljs">indented code</code>');
    expect(page.html).not.toContain('a comment');
    expect(page.html).not.toContain('<script');
    expect(page.html).not.toContain('render-notice');
  });

  it("a page's front matter `mdx.format` overrides the site's, as Docusaurus's", async () => {
    expect((await renderTest(source, { frontMatter: { mdx: { format: 'md' } } })).html).toContain('{braces}');
    expect((await renderTest(source, { config: 'markdown: { format: md }\n', frontMatter: { mdx: { format: 'mdx' } } })).html).not.toContain('braces');
  });

  it('`detect` reads .md files as CommonMark and .mdx files as MDX', async () => {
    const config = 'markdown: { format: detect }\n';
    expect((await renderTest(source, { config })).html).toContain('{braces}');
    expect((await renderTest(source, { config, file: 'general/page.mdx' })).html).not.toContain('braces');
  });
});

describe('heading ids and mdx-code-block', () => {
  const ids = (html: string) => [...html.matchAll(/<h\d id="([^"]*)">(.*?)<a class="hash-link"/g)].map((match) => `${match[1]}: ${match[2].replace(/<[^>]+>/g, '')}`);

  it('gives `## Title {#id}` its id in MDX (mdx1Compat.headingIds) and CommonMark, as Docusaurus', async () => {
    const source = '## Heading Two {#custom-heading-two}\n\n## With *Bold* hello{#bold-hello}\n\n## {#id-only}\n\n## {#text-after} custom ID\n\n## a {#b{cd}\n\n## No custom ID';
    const expected = [
      'custom-heading-two: Heading Two',
      'bold-hello: With Bold hello',
      'id-only: ',
      'text-after-custom-id: {#text-after} custom ID',
      'b{cd: a',
      'no-custom-id: No custom ID',
    ];
    expect(ids((await renderTest(source)).html)).toEqual(expected);
    expect(ids((await renderTest(source, { config: 'markdown: { format: md }\n' })).html)).toEqual(expected);
  });

  it('with future.v4, `{#id}` in MDX is an expression, as Docusaurus 4 reads it: the page falls back, the comment form still works', async () => {
    const page = await renderTest('## Title {#custom}\n\n<b>x</b>', { config: 'future: { v4: true }\n' });
    expect(page.html).toContain('render-notice');
    const comment = await renderTest('## Title {/* #custom */}', { config: 'future: { v4: true }\n' });
    expect(ids(comment.html)).toEqual(['custom: Title']);
  });

  it('unwraps mdx-code-block fences, keeping the lines where they were', async () => {
    const source = "```mdx-code-block\nimport Tabs from '@theme/Tabs';\n```\n\n````mdx-code-block\n<details>\n<summary>More</summary>\n\nHidden\n\n</details>\n````\n";
    const page = await renderTest(source);
    expect(page.html).toContain('<details><summary>More</summary>');
    expect(page.html).not.toContain('mdx-code-block');
    expect(page.html).not.toContain('import Tabs');
    // A problem after the unwrapped blocks names the line the author wrote.
    expect((await renderTest(`${source}\n<span>x</div>`)).warnings[0]?.line).toBe(14);
  });
});
