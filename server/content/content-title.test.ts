import { describe, expect, it } from 'vitest';
import { contentTitleOf, shownTitleOf } from './content-title.js';

describe("a page's contentTitle, as Docusaurus reads it", () => {
  it.each([
    ['an ATX h1 first', '# Getting started\n\nText.', 'Getting started'],
    ['an ATX h1 with closing hashes', '# Getting started ##\n', 'Getting started'],
    ['a setext h1', 'Getting started\n===\n\nText.', 'Getting started'],
    ['CRLF line ends', 'Getting started\r\n=====\r\n\r\nText.', 'Getting started'],
    ['blank lines before it', '\n\n# Getting started\n', 'Getting started'],
    ['ESM imports before it', "import Tabs from '@theme/Tabs';\nimport {A,\n  B} from './x';\nimport './x.css'\n\n# Getting started\n", 'Getting started'],
    ['a heading id after it', '# Getting started {#start}\n', 'Getting started'],
    ['inline code and emphasis in it, as text', '# The `docsite` **server** _guide_\n', 'The docsite server guide'],
    ['a title only', '# Only a title', 'Only a title'],
    ['the first of two h1s', '# One\n\n# Two\n', 'One'],
  ])('reads %s', (_, body, title) => {
    expect(contentTitleOf(body)).toBe(title);
  });

  it.each([
    ['a component first', '<Head>\n<meta name="x" />\n</Head>\n\n# Shown\n', 'Shown'],
    ['text first', 'Some *text*.\n\n# Shown\n', 'Shown'],
    ['an h1 inside a JSX block', '<div>\n\n# Shown\n\n</div>\n', 'Shown'],
    ['a code block first, holding what looks like a heading', '```sh\n# a comment\n```\n\n# Shown\n', 'Shown'],
    ['a setext h1 after text', 'Intro.\n\nShown\n===\n', 'Shown'],
  ])('shows its own title with %s', (_, body, title) => {
    expect(shownTitleOf(body)).toBe(title);
  });

  it.each([
    ['an h2 first', '## Section\n\n# Not shown\n'],
    ['a thematic break first', 'Hey\n\n---\n\n# Not shown\n'],
    ['a setext h2 first', 'Section\n---\n\n# Not shown\n'],
  ])('shows no title of its own with %s', (_, body) => {
    expect(shownTitleOf(body)).toBeUndefined();
  });

  it.each([
    ['text first', 'Some text.\n\n# Not the title\n'],
    ['an h2 first', '## Section\n\n# Not the title\n'],
    ['a thematic break first', 'Hey\n\n---\n\n# Not the title\n'],
    ['a component first', '<Intro />\n\n# Not the title\n'],
    ['no heading at all', 'Just text.'],
    ['an empty h1', '#\n\nText.'],
  ])('finds none with %s', (_, body) => {
    expect(contentTitleOf(body)).toBeUndefined();
  });
});
