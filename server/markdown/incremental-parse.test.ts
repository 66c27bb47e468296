import { beforeEach, describe, expect, it } from 'vitest';
import { forgetParses, MIN_REMEMBERED_BYTES, parsePageReusing, reuseCounts } from './incremental-parse.js';
import { parsePage } from './parse.js';

/** A page large enough to be remembered: front matter, an import, then sections of text. */
function largePage(extra = ''): string {
  const section = (n: number) => `## Section ${n}\n\nParagraph ${n} with **bold**, \`code\` and {'an expression'}.\n\n- item\n- item\n\n`;
  let page = `---\ntitle: Large\n---\n\nimport Tabs from '@theme/Tabs';\n\n# Large\n\n`;
  for (let n = 0; page.length < MIN_REMEMBERED_BYTES + 2_000; n++) page += section(n);
  return page + extra;
}

/** Parses `first`, then `second`, and returns the second parse and whether it kept blocks of the first. */
function twice(first: string, second: string) {
  parsePageReusing(first, 'page.mdx');
  const before = reuseCounts.reused;
  const parsed = parsePageReusing(second, 'page.mdx');
  return { parsed, reused: reuseCounts.reused > before };
}

/** Parses `first`, then `second`, checks that the second parse equals a full parse of it, and says whether it kept blocks of the first. */
function reusedAsFull(first: string, second: string): boolean {
  const { parsed, reused } = twice(first, second);
  expect(parsed).toEqual(parsePage(second, 'page.mdx'));
  return reused;
}

describe('parsePageReusing', () => {
  beforeEach(forgetParses);

  it('keeps the blocks before the change and gives the tree of a full parse, with MDX expressions and JSX after the cut', () => {
    const first = largePage('## Tabs\n\n<Tabs groupId={"os"} values={[{label: "A", value: "a"}]}>\n\ntext\n\n</Tabs>\n');
    const second = `${first}\n## Added\n\n{1 + 2} and <abbr title={'x'}>y</abbr>.\n`;
    expect(reusedAsFull(first, second)).toBe(true);
  });

  it('reads an edit inside a code block that holds heading-like lines as a full parse does', () => {
    const first = largePage('## Code\n\n```md\n# not a heading\n## nor this\n```\n\nAfter.\n');
    const second = first.replace('## nor this', '## nor this, edited');
    expect(reusedAsFull(first, second)).toBe(true);
  });

  it('keeps the blocks after a change in the middle too, moved by the lines it added', () => {
    const first = largePage();
    const second = first.replace('## Section 40\n', '## Section 40\n\nTwo new\nlines, then a [link](https://example.org) and {"an expression"}.\n\n## Inserted\n');
    const ends = reuseCounts.ends;
    expect(reusedAsFull(first, second)).toBe(true);
    expect(reuseCounts.ends).toBe(ends + 1);
  });

  it.each([
    ['a code fence opened and not closed', '```php\n$open = true;\n'],
    ['a list whose item goes on past the next heading', '- item\n'],
    ['a JSX element opened and not closed', '<details>\n'],
  ])('parses the rest again after %s in the middle, as a full parse does', (_, inserted) => {
    const first = largePage();
    const second = first.replace('## Section 40\n', `## Section 40\n\n${inserted}`);
    reusedAsFull(first, second);
  });

  it('parses a page with a definition whole: references resolve against the whole page', () => {
    const first = largePage('See [the docs][docs].\n\n[docs]: https://example.org/\n');
    const second = first.replace('https://example.org/', 'https://example.org/moved');
    expect(reusedAsFull(first, second)).toBe(false);
  });

  it('parses a small page whole, and a change before the first section whole', () => {
    expect(twice('# Small\n\nText.\n', '# Small\n\nText, changed.\n').reused).toBe(false);
    const first = largePage();
    const second = first.replace('title: Large', 'title: Larger');
    expect(reusedAsFull(first, second)).toBe(false);
  });

  it('gives the plain-Markdown fallback and its error, as a full parse does, when the change breaks the MDX', () => {
    const first = largePage();
    const second = `${first}\n## Broken\n\n<div>unclosed\n`;
    const { parsed } = twice(first, second);
    const full = parsePage(second, 'page.mdx');
    expect(full.mdxError).toBeDefined();
    expect(parsed).toEqual(full);
  });

  it('keeps the remembered tree apart from the one it returns: a render that changes its tree changes nothing remembered', () => {
    const first = largePage();
    const parsed = parsePageReusing(first, 'page.mdx');
    // Deep changes too (the renderer rewrites links, text and ids inside blocks), then the blocks themselves.
    const scribble = (node: Record<string, unknown>): void => {
      if (typeof node.value === 'string') node.value = 'changed';
      const position = node.position as { start: { line: number } } | undefined;
      if (position) position.start.line = 0;
      for (const child of (node.children as Record<string, unknown>[] | undefined) ?? []) scribble(child);
    };
    scribble(parsed.tree as unknown as Record<string, unknown>);
    parsed.tree.children.splice(0, parsed.tree.children.length);
    const second = `${first}\nMore.\n`;
    reusedAsFull(first, second);
  });
});
