import { describe, expect, it } from 'vitest';
import { blogOptions } from './blog-options.js';
import { feedStylesheetOf, withStylesheet } from './feed-stylesheet.js';

describe('feed stylesheets', () => {
  const xsltOf = (xslt: boolean | null | Record<string, unknown>) => blogOptions({ feedOptions: { xslt } });

  it('names none by default, and for a JSON feed ever', () => {
    expect(feedStylesheetOf(blogOptions({}), 'rss')).toBeUndefined();
    expect(feedStylesheetOf(xsltOf(null), 'atom')).toBeUndefined();
    expect(feedStylesheetOf(xsltOf(true), 'json')).toBeUndefined();
  });

  it("names docsite's own for each XML feed xslt asks for, even where it names a file of the repository", () => {
    expect([feedStylesheetOf(xsltOf(true), 'rss'), feedStylesheetOf(xsltOf(true), 'atom')]).toEqual(['rss.xsl', 'atom.xsl']);
    const custom = xsltOf({ rss: 'custom-rss.xsl', atom: null });
    expect([feedStylesheetOf(custom, 'rss'), feedStylesheetOf(custom, 'atom')]).toEqual(['rss.xsl', undefined]);
  });

  it('puts the processing instruction right after the XML declaration, as Docusaurus does', () => {
    // Docusaurus's feed.test.ts snapshot "rss has xslt files for feed": the declaration, then the instruction, then a new line.
    expect(withStylesheet('<?xml version="1.0" encoding="utf-8"?>\n<rss version="2.0"/>', 'rss.xsl')).toBe(
      '<?xml version="1.0" encoding="utf-8"?><?xml-stylesheet type="text/xsl" href="rss.xsl"?>\n<rss version="2.0"/>',
    );
  });
});
