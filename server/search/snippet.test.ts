import { describe, expect, it } from 'vitest';
import { makeSnippet } from './snippet.js';

const marked = ({ text, highlights }: { text: string; highlights: [number, number][] }) => highlights.map(([start, end]) => text.slice(start, end));

describe('makeSnippet', () => {
  it('highlights whole words, identifiers and their parts, in any case', () => {
    const snippet = makeSnippet('Use get_string() to fetch a String, not getstringx.', ['get_string', 'string']);
    expect(marked(snippet)).toEqual(['get_string', 'String']);
  });

  it('opens a window around the match in a long text, marking that it is cut', () => {
    const body = `${'lorem ipsum '.repeat(50)}the deprecation policy ${'dolor sit '.repeat(50)}`;
    const snippet = makeSnippet(body, ['deprecation']);
    expect(snippet.text.startsWith('… ')).toBe(true);
    expect(snippet.text.endsWith(' …')).toBe(true);
    expect(marked(snippet)).toEqual(['deprecation']);
    expect(snippet.text.length).toBeLessThan(200);
  });

  it('takes terms with regex characters literally', () => {
    expect(marked(makeSnippet('Set $CFG->debug and 4.1.2 or 4x1x2.', ['$cfg', '4.1.2']))).toEqual(['$CFG', '4.1.2']);
  });

  it('starts at the top when nothing matched in the text (a title match)', () => {
    expect(makeSnippet('Short text.', ['other'])).toEqual({ text: 'Short text.', highlights: [] });
  });
});
