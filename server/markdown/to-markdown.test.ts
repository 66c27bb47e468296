// What an agent reading `{page}.md` relies on: the page as plain Markdown, every component turned
// into Markdown it can read, no MDX syntax left, and links it can follow from anywhere.
import { describe, expect, it } from 'vitest';
import { renderTest } from './test-support.js';
import { pageMarkdown } from './to-markdown.js';

const URL = 'https://docs.example.org/general/page';

/** Renders MDX with the real renderer, then turns the HTML into Markdown. */
async function markdownOf(source: string): Promise<string> {
  const { html } = await renderTest(source, { docs: { 'general/other.md': 'Other' } });
  return pageMarkdown({ title: 'Page', html, url: URL });
}

describe('pageMarkdown', () => {
  it('turns admonitions into blockquotes led by their title', async () => {
    expect(await markdownOf(':::tip\nKeep it short.\n:::\n\n:::warning[Before you **start**]\nBack up.\n:::\n')).toBe(
      '# Page\n\n> **Tip**\n>\n> Keep it short.\n\n> **Before you start**\n>\n> Back up.\n',
    );
  });

  it('writes the title once when the page opens with its own H1', async () => {
    expect(await markdownOf('# Intro\n\nHello.\n')).toBe('# Intro\n\nHello.\n');
    expect(await markdownOf('Hello.\n\n# Later\n')).toBe('# Page\n\nHello.\n\n# Later\n');
  });

  it('turns tabs into sections headed by their labels, one level below the heading they are under', async () => {
    const source = [
      "import Tabs from '@theme/Tabs';",
      "import TabItem from '@theme/TabItem';",
      '',
      '## Install',
      '',
      '<Tabs>',
      '<TabItem value="linux" label="Linux">',
      '',
      'Use apt.',
      '',
      '</TabItem>',
      '<TabItem value="mac" label="macOS">',
      '',
      'Use brew.',
      '',
      '</TabItem>',
      '</Tabs>',
      '',
    ].join('\n');
    expect(await markdownOf(source)).toBe('# Page\n\n## Install\n\n### Linux\n\nUse apt.\n\n### macOS\n\nUse brew.\n');
  });

  it('keeps code blocks with their language and title, without the highlighting magic comments', async () => {
    const source = '```php title="config.php"\n// highlight-next-line\n$CFG->debug = 32767;\n```\n\n```mermaid\ngraph LR\n  A-->B\n```\n';
    expect(await markdownOf(source)).toBe('# Page\n\n```php title="config.php"\n$CFG->debug = 32767;\n```\n\n```mermaid\ngraph LR\n  A-->B\n```\n');
  });

  it('makes every link and image absolute, anchors on the page included', async () => {
    const source = `See [the other page](./other.md#setup), [below](#more) and ![a diagram](https://example.org/d.png).\n\n## More\n`;
    expect(await markdownOf(source)).toBe(
      '# Page\n\nSee [the other page](https://docs.example.org/general/other#setup), [below](https://docs.example.org/general/page#more) and ![a diagram](https://example.org/d.png).\n\n## More\n',
    );
  });

  it('keeps tables and leaves no MDX syntax behind', async () => {
    const source = [
      "import Thing from '@site/src/components/Thing';",
      'export const answer = 42;',
      '',
      '{/* a comment */}',
      '',
      '| Version | PHP |',
      '|---|---|',
      '| 4.5 | 8.1 |',
      '',
      '<details>',
      '<summary>Why?</summary>',
      '',
      'Because.',
      '',
      '</details>',
      '',
    ].join('\n');
    expect(await markdownOf(source)).toBe('# Page\n\n| Version | PHP |\n| ------- | --- |\n| 4.5     | 8.1 |\n\n**Why?**\n\nBecause.\n');
  });
});
