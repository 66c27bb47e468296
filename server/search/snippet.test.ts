import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeSnippet, wholeMatches } from './snippet.js';

/** What the pattern `wholeMatches` stands for finds: the reference it is checked against. */
function patternMatches(body: string, terms: readonly string[]) {
  const words = [...new Set(terms)].filter((term) => term.length > 1).sort((a, b) => b.length - a.length);
  if (!words.length) return [];
  const escaped = words.map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(?:${escaped.join('|')})(?![\\p{L}\\p{N}])`, 'giu');
  return [...body.matchAll(pattern)].map((match) => ({ index: match.index, text: match[0] }));
}

/** Markdown files of the embedded content, as texts to look in. */
function contentTexts(dir = path.resolve('content/general'), texts: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (texts.length >= 150) break;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) contentTexts(full, texts);
    else if (/\.mdx?$/.test(entry.name)) texts.push(fs.readFileSync(full, 'utf8'));
  }
  return texts;
}

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

  it('finds the whole occurrences its pattern would, on real text', () => {
    let compared = 0;
    let found = 0;
    for (const body of contentTexts()) {
      const words = body.match(/[\p{L}\p{N}_$.-]{2,}/gu) ?? [];
      // Terms of several kinds: words of the text, their parts and prefixes, in other cases.
      for (let i = 0; i + 3 < words.length && i < 400; i += 37) {
        const terms = [words[i].toLowerCase(), words[i + 1].slice(0, 3).toLowerCase(), words[i + 2].toUpperCase(), 'string', 'get_string', 'get'];
        const expected = patternMatches(body, terms);
        expect(wholeMatches(body, terms), terms.join(' ')).toEqual(expected);
        compared++;
        found += expected.length;
      }
    }
    expect(compared).toBeGreaterThan(300);
    expect(found).toBeGreaterThan(compared);
  });

  it('reads boundaries, case and characters outside the BMP as its pattern would', () => {
    const bodies = [
      'ſtring STRING string_ x𝐀string string𝐀 😀string string😀 \uD800string string\uDC00 get_stringy get_string',
      'KELVIN \u212Aelvin kelvin Kelvin İstanbul istanbul ISTANBUL ı',
      '𐐀𐐨 𐐨 𐐀 deseret𐐀 é e\u0301 ée',
    ];
    const termSets = [
      ['string', 'get_string', 'get'],
      ['kelvin', 'istanbul', 'i̇stanbul'],
      ['𐐨', 'deseret', 'é', 'e'],
      ['s', 'st'],
    ];
    for (const body of bodies) for (const terms of termSets) expect(wholeMatches(body, terms), `${body} / ${terms}`).toEqual(patternMatches(body, terms));
  });
});
