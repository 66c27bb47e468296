// What list pages and feeds show of a post: the text before its truncation marker, and the first
// line of text as its default description (Docusaurus's `truncate` and `createExcerpt`).
import { describe, expect, it } from 'vitest';
import { DEFAULT_TRUNCATE_MARKER } from './blog-options.js';
import { excerptOf } from './excerpt.js';
import { hasTruncateMarker, truncate } from './truncate.js';

describe('truncation', () => {
  it("cuts at Docusaurus's markers, Markdown's and MDX's, and leaves texts without one whole", () => {
    expect(truncate('aaa\n<!-- truncate -->\nbbb\n ccc', /<!-- truncate -->/)).toBe('aaa\n');
    expect(truncate('\n<!-- truncate -->\nbbb\n ccc', /<!-- truncate -->/)).toBe('\n');
    expect(truncate('aaa\nbbb\n ccc', /<!-- truncate -->/)).toBe('aaa\nbbb\n ccc');
    expect(truncate('', /<!-- truncate -->/)).toBe('');
    expect(truncate('intro\n\n{/* truncate */}\n\nrest', DEFAULT_TRUNCATE_MARKER)).toBe('intro\n\n');
    expect(hasTruncateMarker('a <!--truncate--> b', DEFAULT_TRUNCATE_MARKER)).toBe(true);
    expect(hasTruncateMarker('a b', DEFAULT_TRUNCATE_MARKER)).toBe(false);
  });
});

describe('excerpt', () => {
  it('is the first line of text, past imports, code and headings, with Markdown removed', () => {
    expect(excerptOf("import X from '@site/x';\n\n```js\ncode\n```\n\n## **Bold** [link](/x) and `code`\n")).toBe('Bold link and code');
    expect(excerptOf('\n\n<p>Some <em>HTML</em> text</p>\n')).toBe('Some HTML text');
    expect(excerptOf(':::note\n\nInside a note :smile:\n')).toBe('Inside a note');
    expect(excerptOf('')).toBeUndefined();
  });
});
