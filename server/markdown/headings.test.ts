// Heading ids as Docusaurus's mdx-loader `headings` plugin makes them (issue 45, a real site's changelog).
import { describe, expect, it } from 'vitest';
import { renderTest } from './test-support.js';

describe('heading ids', () => {
  it('slug the text as written: a space before an inline element stays a final hyphen', async () => {
    const page = await renderTest('## 0.6.0 (2021-10-11) <a href="#060-2021-10-11" id="060-2021-10-11"></a>');
    expect(page.html).toContain('<h2 id="060-2021-10-11-">');
    expect(page.toc[0]).toMatchObject({ id: '060-2021-10-11-', text: '0.6.0 (2021-10-11)' });
  });

  it('slug a space after a leading inline element as a leading hyphen', async () => {
    const page = await renderTest('## <span>New</span> features');
    expect(page.html).toContain('<h2 id="new-features">');
    expect((await renderTest('## <span></span> Features')).html).toContain('<h2 id="-features">');
  });

  it('take an id from a final comment only, its first word after #; other comments count as text', async () => {
    const ids = async (source: string) => (await renderTest(source)).html.match(/<h2 id="[^"]*"/g);
    expect(await ids('## A {/* #id1 whatever #id2 */}')).toEqual(['<h2 id="id1"']);
    expect(await ids('## A {/* note */}')).toEqual(['<h2 id="a--note-"']);
    expect(await ids('## {/* #first */} then')).toEqual(['<h2 id="-first--then"']);
    expect(await ids('## A {/* #id1 *//* #id2 */}')).toEqual(['<h2 id="a--id1--id2-"']);
  });

  it('leave raw HTML out of the slug and the table of contents in CommonMark, where <!-- #id --> is an id', async () => {
    const page = await renderTest('## Foo <a id="x"></a>\n\n## Bar <!-- #bar-id -->\n\n## Baz <!-- note -->', { config: 'markdown:\n  format: md\n' });
    expect(page.html.match(/<h2 id="[^"]*"/g)).toEqual(['<h2 id="foo-"', '<h2 id="bar-id"', '<h2 id="baz-"']);
    expect(page.toc.map((heading) => heading.text)).toEqual(['Foo', 'Bar', 'Baz']);
  });

  it('keep explicit ids and drop the space before them', async () => {
    expect((await renderTest('## Start {/* #start-here */}')).html).toContain('<h2 id="start-here">Start<a');
    expect((await renderTest('## Start {#start-here}')).html).toContain('<h2 id="start-here">Start<a');
  });
});
