import katex from 'katex';
import { describe, expect, it } from 'vitest';
import { renderTest } from '../markdown/test-support.js';
import { sectionsFromHtml, textOfHtml } from './sections.js';

describe('sectionsFromHtml', () => {
  it('cuts the rendered page at its headings, with their anchors and the text of admonitions, tables and code', async () => {
    const page = await renderTest(
      [
        'Intro with `get_string()` &amp; more.',
        '## Hello *world* {/* #hi */}',
        ':::note[Careful]\nInside the note.\n:::',
        '```php\n$CFG->debug = 1;\n```',
        '| a | b |\n|---|---|\n| cell1 | cell2 |',
        '### Deeper',
        'Deep text.',
      ].join('\n\n'),
    );
    const sections = sectionsFromHtml(page.html);
    expect(sections.map(({ anchor, heading, parents }) => ({ anchor, heading, parents }))).toEqual([
      { anchor: '', heading: '', parents: [] },
      { anchor: 'hi', heading: 'Hello world', parents: [] },
      { anchor: 'deeper', heading: 'Deeper', parents: ['Hello world'] },
    ]);
    expect(sections[0].body).toBe('Intro with get_string() & more.');
    expect(sections[1].body).toContain('Careful Inside the note.');
    expect(sections[1].body).toContain('$CFG->debug = 1;');
    expect(sections[1].body).toContain('cell1 cell2');
    expect(sections[2].body).toBe('Deep text.');
  });

  it('indexes a formula KaTeX drew once, as the TeX it was written in', () => {
    const inline = katex.renderToString('E = mc^2', { output: 'htmlAndMathml' });
    const display = katex.renderToString('\\frac{a}{b}', { displayMode: true, output: 'htmlAndMathml' });
    const [top] = sectionsFromHtml(`<p>Energy ${inline} holds, and ${display} too.</p>`);
    expect(top.body).toBe('Energy E = mc^2 holds, and \\frac{a}{b} too.');
  });

  it("leaves the heading's # link out of its text", () => {
    const html = '<h2 id="setup">Set up<a class="hash-link" href="#setup" aria-label="Direct link to Set up">#</a></h2><p>Text.</p>';
    expect(sectionsFromHtml(html).map(({ heading, body }) => ({ heading, body }))).toEqual([{ heading: 'Set up', body: 'Text.' }]);
  });

  it('leaves out an empty top, and keeps a page with no heading whole', () => {
    expect(sectionsFromHtml('<h2 id="a">A</h2><p>x</p>').map((section) => section.anchor)).toEqual(['a']);
    expect(sectionsFromHtml('<p>only</p>')).toEqual([{ anchor: '', heading: '', parents: [], body: 'only' }]);
  });

  it('reads text as shown: entities decoded, blocks apart, tags gone', () => {
    expect(textOfHtml('<p>a&#x26;b &lt;c&gt;</p><p>d</p><span>e</span>f')).toBe('a&b <c> d ef');
  });
});
