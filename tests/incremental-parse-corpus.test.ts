// The incremental parse gives the very tree a full parse gives, on every large page of the real
// corpus, edited the ways pushes edit pages: a paragraph added at the end, a line changed in the
// middle, a section inserted, one after another.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { forgetParses, MIN_REMEMBERED_BYTES, parsePageReusing, reuseCounts } from '../server/markdown/incremental-parse.js';
import { parsePage } from '../server/markdown/parse.js';
import { corpusContent, hasCorpus } from './support/requirements.js';

/** Every .md/.mdx file under `dir`, relative to it. */
function pagesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.mdx?$/.test(file) && !file.split(path.sep).includes('node_modules'))
    .sort();
}

/** The edits a push makes, each a function of the page's text. */
const EDITS: [name: string, edit: (source: string) => string][] = [
  ['a paragraph added at the end', (source) => `${source}\n\nA paragraph added by a push, with \`code\` and a [link](https://example.org).\n`],
  [
    'a line changed in the middle',
    (source) => {
      const lines = source.split('\n');
      const middle = Math.floor(lines.length / 2);
      lines[middle] = `${lines[middle]} changed`;
      return lines.join('\n');
    },
  ],
  [
    'a section inserted at two thirds',
    (source) => {
      const lines = source.split('\n');
      lines.splice(Math.floor((lines.length * 2) / 3), 0, '', '## A new section', '', 'Its text, with *emphasis* and {1 + 1}.', '');
      return lines.join('\n');
    },
  ],
];

describe.runIf(hasCorpus())('the incremental parse on the real corpus', () => {
  const pages = pagesUnder(corpusContent)
    .map((file) => ({ file, source: fs.readFileSync(path.join(corpusContent, file), 'utf8') }))
    .filter(({ source }) => source.length >= MIN_REMEMBERED_BYTES);

  it('has large pages to check', () => {
    expect(pages.length).toBeGreaterThan(10);
  });

  it('gives the tree of a full parse, positions included, after each edit, keeping blocks before and after the change', async () => {
    const before = { ...reuseCounts };
    for (const { file, source } of pages) {
      forgetParses();
      parsePageReusing(source, file);
      // One push after another, each editing the version the last one left.
      let current = source;
      for (const [name, edit] of EDITS) {
        current = edit(current);
        expect(parsePageReusing(current, file), `${file}: ${name}`).toEqual(parsePage(current, file));
      }
      // A long loop of parses: let vitest's worker talk to its runner between pages.
      await new Promise((resolve) => setImmediate(resolve));
    }
    // Pages with a section heading kept blocks (the word list, one long table, has none).
    const withSections = pages.filter(({ source }) => /^#{1,6} /m.test(source));
    expect(withSections.length).toBeGreaterThan(pages.length * 0.9);
    // (A change above a page's first section, as the middle line of a short-sectioned page can be, keeps nothing.)
    expect(reuseCounts.reused - before.reused).toBeGreaterThan(withSections.length * EDITS.length * 0.95);
    // The two edits in the middle kept the blocks after them too, on most pages.
    expect(reuseCounts.ends - before.ends).toBeGreaterThan(withSections.length * 1.5);
  }, 300_000);
});
