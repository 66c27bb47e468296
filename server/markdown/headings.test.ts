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

  it('keep explicit ids and drop the space before them', async () => {
    expect((await renderTest('## Start {/* #start-here */}')).html).toContain('<h2 id="start-here">Start<a');
    expect((await renderTest('## Start {#start-here}')).html).toContain('<h2 id="start-here">Start<a');
  });
});
