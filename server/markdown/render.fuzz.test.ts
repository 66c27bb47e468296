// A short fuzz run of the Markdown pipeline with a fixed seed (FUZZ_SEED overrides it): whatever a
// page holds, rendering returns (a page or a positioned problem, never an exception), and the HTML
// carries no script, no event handler and no script URL.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromHtml } from 'hast-util-from-html';
import { visit } from 'unist-util-visit';
import type { Element } from 'hast';
import { renderTest } from './test-support.js';

/** What in rendered HTML could run script: dangerous elements, event handlers, script URLs. */
function scriptable(html: string): string[] {
  const found: string[] = [];
  visit(fromHtml(html, { fragment: true }), 'element', (node: Element) => {
    if (/^(script|iframe|object|embed|style|base|meta|link|form)$/.test(node.tagName)) found.push(node.tagName);
    for (const [name, value] of Object.entries(node.properties ?? {})) {
      if (/^on/i.test(name)) found.push(`${node.tagName} ${name}`);
      if (/^(href|src|action|formAction)$/.test(name) && /^\s*(javascript|vbscript|data):/i.test(String(value).replace(/[\0-\x1f]/g, '')))
        found.push(`${node.tagName} ${name}=${value}`);
    }
  });
  return found;
}

const seed = Number(process.env.FUZZ_SEED ?? 20261122);
const pieces = [
  '- ',
  '* ',
  '1. ',
  '> ',
  '    ',
  '\n',
  '\n\n',
  '**',
  '_',
  '*',
  '`',
  '```',
  '~~~',
  '[',
  ']',
  '(',
  ')',
  '![',
  '<',
  '>',
  '{',
  '}',
  '#',
  '## ',
  ':::note',
  ':::',
  '|',
  '---',
  '<div>',
  '</div>',
  '<Tabs>',
  '<TabItem value="a">',
  '</TabItem>',
  '</Tabs>',
  '<details>',
  '<summary>',
  '<script>',
  'javascript:',
  'onerror=',
  '<img src=x onerror=alert(1)>',
  '{/* c */}',
  'MDL-1',
  'https://example.org',
  '&amp;',
  '&#x3C;',
  '\\',
  '"',
  "'",
  'text',
  ' ',
  'é',
  '\u202e',
];
const page = fc.array(fc.oneof(fc.constantFrom(...pieces), fc.string({ maxLength: 8 })), { maxLength: 200 }).map((parts) => parts.join(''));

describe('the Markdown pipeline under fuzzing', () => {
  it('always returns sanitized HTML or a positioned problem', async () => {
    await fc.assert(
      fc.asyncProperty(page, async (source) => {
        const rendered = await renderTest(source);
        if (rendered.error) expect(rendered.error.file).toBe('general/page.md');
        expect(scriptable(rendered.html)).toEqual([]);
      }),
      { seed, numRuns: 500 },
    );
  }, 120_000);
});
