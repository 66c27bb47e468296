// Hostile nesting is refused by a linear pre-scan, with file and line, before micromark sees it.
import { describe, expect, it } from 'vitest';
import { scanSource, SOURCE_LIMITS } from './limits.js';
import { renderTest } from './test-support.js';

const intro = '# A page\n\nSome text.\n';

const hostile: [string, string, RegExp][] = [
  ['10,000 list markers on one line', `${'- '.repeat(10_000)}x\n`, /nests deeper.*lists or block quotes/],
  ['lists nested by indentation', `${Array.from({ length: 40 }, (_, i) => `${'  '.repeat(i)}- x`).join('\n')}\n`, /nests deeper.*lists or block quotes/],
  ['10,000 block quotes', `${'> '.repeat(10_000)}x\n`, /nests deeper.*lists or block quotes/],
  ['10,000 nested emphasis runs', `${'*a '.repeat(10_000)}b${' a*'.repeat(10_000)}\n`, /emphasis/],
  ['one run of 10,000 asterisks', `${'*'.repeat(10_000)}a${'*'.repeat(10_000)}\n`, /emphasis/],
  ['10,000 nested JSX elements', `${'<div>\n'.repeat(10_000)}x\n${'</div>\n'.repeat(10_000)}`, /JSX/],
  ['10,000 nested link labels', `${'[a '.repeat(10_000)}x${'](u)'.repeat(10_000)}\n`, /brackets/],
];

describe('the source pre-scan', () => {
  it.each(hostile)('refuses %s, naming the line', (_, body, message) => {
    const violation = scanSource(`${intro}\n${body}`);
    expect(violation).toMatchObject({ message: expect.stringMatching(message) });
    expect(violation!.line).toBeGreaterThanOrEqual(5);
  });

  it.each([
    ['bold list items', '- **Closing: duplicate**, to close.\n- **Triaged: bug**, when triaging.\n'.repeat(50)],
    ['thematic breaks', '***\n\n___\n\n* * *\n'],
    ['emphasis in tables with HTML', '| **Project** | <ul><li>**Moodle**<br/>For an issue.</li></ul><br/>More. |\n'.repeat(40)],
    ['code fences, whatever emphasis or tags they hold', `\`\`\`\n- - - x\n${'*'.repeat(200)}\n${'<div>'.repeat(100)}\n\`\`\`\n`],
    ['inline code', `Use \`${'<T>'.repeat(50)}\` and \`${'*'.repeat(50)}\`.\n`],
    ['void HTML elements and autolinks', `${'Line<br>\n'.repeat(100)}<https://example.org> <me@example.org>\n`],
    ['front matter, which YAML limits cover', `---\nb: &b [${'*a,'.repeat(40)}*a]\n---\n\nText.\n`],
    [
      'MDX imports of partials named with underscores, one after another',
      `${Array.from({ length: 20 }, (_, i) => `import Part${i} from './_common/_part-${i}.mdx';`).join('\n')}\n\n# Title\n`,
    ],
    ['nesting up to the limits', `${'- '.repeat(SOURCE_LIMITS.containers)}x\n\n${'<div>\n'.repeat(SOURCE_LIMITS.jsx)}${'</div>\n'.repeat(SOURCE_LIMITS.jsx)}`],
  ])('accepts %s', (_, source) => {
    expect(scanSource(source)).toBeUndefined();
  });
});

describe('rendering a hostile page', () => {
  it.each(hostile)('fails alone, quickly, with a notice naming file and line: %s', async (_, body) => {
    const page = await renderTest(`${intro}\n${body}`, { file: 'general/hostile.md' });
    expect(page.error).toMatchObject({ code: 'limit', file: 'general/hostile.md', line: expect.any(Number) });
    expect(page.html).toContain('general/hostile.md, line');
  });
});
