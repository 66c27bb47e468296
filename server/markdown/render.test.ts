// What a reader gets from each Markdown/MDX construct the content uses (CONTENT-FORMAT §0, §3-§7).
import { describe, expect, it, vi } from 'vitest';
import { renderTest, testOid } from './test-support.js';

interface Case {
  name: string;
  source: string;
  contains?: string[];
  excludes?: string[];
  opts?: Parameters<typeof renderTest>[1];
}

const cases: Case[] = [
  { name: 'MDX comments are dropped', source: 'Hello {/* <!-- cspell:ignore foo --> */} world', contains: ['<p>Hello  world</p>'], excludes: ['cspell'] },
  {
    name: 'an explicit heading id',
    source: '## Getting started {/* #start-here */}',
    contains: ['<h2 id="start-here">Getting started<a class="hash-link" href="#start-here" aria-label="Direct link to Getting started">#</a></h2>'],
  },
  { name: 'slugged heading ids, lower case with -1 for repeats', source: '## Hello World\n\n## Hello World', contains: ['<h2 id="hello-world">', '<h2 id="hello-world-1">'] },
  { name: 'indented lines are a paragraph, not code', source: 'Text\n\n    not code', excludes: ['<pre'], contains: ['<p>not code</p>'] },
  {
    name: 'a JSX block ends at its tag, so the heading after it is a heading',
    source: '<br />\n## Next {/* #next */}',
    contains: ['<br>', '<h2 id="next">Next<a class="hash-link" href="#next" aria-label="Direct link to Next">#</a></h2>'],
  },
  { name: 'GFM tables with alignment', source: '| a | b |\n|:--|--:|\n| 1 | 2 |', contains: ['<table tabindex="0">', '<th align="left">a</th>', '<td align="right">2</td>'] },
  {
    name: 'GFM autolink literals, strikethrough and task lists',
    source: 'See https://example.org ~~old~~\n\n- [x] done',
    contains: ['<a href="https://example.org">https://example.org</a>', '<del>old</del>', 'type="checkbox"'],
  },
  { name: 'GFM footnotes', source: 'Text[^1]\n\n[^1]: The note.', contains: ['The note.', 'href="#user-content-fn-1"', 'id="user-content-fn-1"'] },
  { name: 'reference links', source: 'Read [the code][coc].\n\n[coc]: https://example.org/coc', contains: ['<a href="https://example.org/coc">the code</a>'] },
  { name: 'HTML entities', source: 'a &gt; b &#10003; &nspb;', contains: ['a > b ✓ &#x26;nspb;'] },
  {
    name: 'admonitions with and without a title',
    source: ':::tip[Good idea]\nDo it.\n:::\n\n:::danger\nStop.\n:::',
    contains: ['admonition-tip', 'Good idea</div>', 'admonition-danger', '>danger</div>', '<p>Stop.</p>'],
  },
  {
    name: 'with future.v4, the legacy space-title form stays literal text, as Docusaurus shows it',
    source: ':::danger Outdated\nOld.\n:::',
    opts: { config: 'future: { v4: true }\n' },
    contains: [':::danger Outdated'],
    excludes: ['admonition-danger'],
  },
  { name: 'admonitions nested in list items', source: '1. Step\n\n   :::note\n   Inside.\n   :::', contains: ['<li>', 'admonition-note', 'Inside.'] },
  { name: 'a colon word in prose is text, not a directive', source: 'Time 10:30 and note:this stays', contains: ['note:this stays'] },
  { name: 'php is highlighted on the server', source: '```php\n<?php echo $x;\n```', contains: ['hljs-variable', 'language-php'] },
  {
    name: 'console, gherkin, nginx and yaml are known languages',
    source: '```console\n$ ls\n```\n```gherkin\nFeature: x\n```\n```nginx\nserver { listen 80; }\n```\n```yaml\na: 1\n```',
    contains: ['language-console', 'language-gherkin', 'language-nginx', 'language-yaml'],
  },
  { name: 'a code title becomes a header', source: '```php title="lib.php"\nx\n```', contains: ['<div class="code-title">lib.php</div>'] },
  { name: 'a title without a language', source: '``` title="Anatomy"\nx\n```', contains: ['<div class="code-title">Anatomy</div>', '<code class="hljs">x</code>'] },
  { name: 'an unknown language is plain text', source: '```klingon\nqapla\n```', contains: ['<code class="hljs">qapla</code>'] },
  { name: 'line highlights and line numbers', source: '```js {2} showLineNumbers\na\nb\n```', contains: ['with-line-numbers', 'code-line code-line--highlighted" data-line="2"'] },
  { name: 'mermaid stays its source', source: '```mermaid\nflowchart LR\n  A-->B\n```', contains: ['<pre class="mermaid" tabindex="0">flowchart LR\n  A-->B</pre>'] },
  {
    name: '.md links become permalinks, anchors kept',
    source: '[x](./other.md#part) [y](sub/index.md)',
    opts: { docs: { 'general/other.md': 'Other', 'general/sub/index.md': 'Sub' } },
    contains: ['href="/general/other#part"', 'href="/general/sub"'],
  },
  {
    name: 'links stay on the ref being read',
    source: '[x](./other.md) [y](/general/other)',
    opts: { docs: { 'general/other.md': 'Other' }, prefix: '/general/~feature' },
    contains: ['href="/general/~feature/other"'],
    excludes: ['href="/general/other"'],
  },
  { name: 'extension-less relative links are left for the browser', source: '[x](./customisation/apps)', contains: ['href="./customisation/apps"'] },
  {
    name: 'tracker references are linked, not inside links or code',
    source: 'Fixed MDL-123 and `MDL-9`, [MDL-7](https://x.org)',
    opts: { config: 'trackerLinks:\n  pattern: "(MDL|MOBILE)-\\\\d+"\n  url: "https://tracker.example/{id}"\n' },
    contains: ['<a href="https://tracker.example/MDL-123">MDL-123</a>', '<code>MDL-9</code>', '<a href="https://x.org">MDL-7</a>'],
  },
  {
    name: 'unversioned /docs/ links go to the configured version',
    source: '[a](/docs/apis) [b](/docs/4.5/apis)',
    opts: { config: 'docsVersion: "5.3"\n' },
    contains: ['href="/docs/5.3/apis"', 'href="/docs/4.5/apis"'],
  },
  {
    name: 'tabs work without JavaScript and honour default',
    source: '<Tabs>\n<TabItem value="a" label="First">\n\nOne\n\n</TabItem>\n<TabItem value="b" label="Second" default>\n\nTwo\n\n</TabItem>\n</Tabs>',
    contains: ['type="radio"', '<label for="tabs-1-0" class="tabs__label">First</label>', 'id="tabs-1-1" value="b" class="tabs__radio" checked'],
  },
  {
    name: "tabs carry Docusaurus's groupId and queryString for the browser",
    source: '<Tabs groupId="os" queryString>\n<TabItem value="linux">\n\nL\n\n</TabItem>\n<TabItem value="mac">\n\nM\n\n</TabItem>\n</Tabs>',
    contains: ['<div class="tabs" data-group-id="os" data-query-string="os">', 'value="mac"'],
  },
  {
    name: 'details and summary work natively',
    source: '<details>\n<summary>More</summary>\n\nHidden\n\n</details>',
    contains: ['<details><summary>More</summary>', '<p>Hidden</p>'],
  },
  {
    name: 'className and style objects on HTML',
    source: '<div className="row" style={{maxWidth: 300, position: "fixed"}}>\nx\n</div>',
    contains: ['<div class="row" style="max-width: 300px">'],
  },
  {
    name: 'Link wraps an image',
    source: 'import Link from \'@docusaurus/Link\';\n\n<Link to="https://example.org" title="Go">text</Link>',
    contains: ['<a href="https://example.org" title="Go">text</a>'],
  },
  {
    name: 'ReactPlayer is a plain link',
    source: 'import ReactPlayer from \'react-player/lazy\';\n\n<ReactPlayer url="https://www.youtube.com/watch?v=abc" />',
    contains: ['href="https://www.youtube.com/watch?v=abc"'],
    excludes: ['<iframe'],
  },
  {
    name: 'CodeBlock with a raw-loader import reads the repository file',
    source: 'import Ex from \'!!raw-loader!./_examples/x.php\';\n\n<CodeBlock language="php" title="x.php">{Ex}</CodeBlock>',
    opts: { files: { 'general/_examples/x.php': '<?php $ok = 1;' } },
    contains: ['x.php</div>', 'hljs-variable'],
  },
  {
    name: 'a missing raw import shows a visible notice',
    source: 'import Ex from \'!!raw-loader!./_examples/gone.php\';\n\n<CodeBlock language="php">{Ex}</CodeBlock>',
    contains: ['mdx-missing-file'],
  },
  {
    name: 'DocCardList falls back to the folder',
    source: "import DocCardList from '@theme/DocCardList';\n\n<DocCardList />",
    opts: { file: 'general/app/index.md', docs: { 'general/app/a.md': 'Alpha', 'general/app/sub/index.md': 'Beta', 'general/other.md': 'Not here' } },
    contains: ['href="/general/app/a"', 'Alpha', 'href="/general/app/sub"'],
    excludes: ['Not here'],
  },
  {
    name: 'an unknown component shows readers its children alone',
    source: '<Mystery>\nInside\n</Mystery>',
    contains: ['<p>Inside</p>'],
    excludes: ['mdx-unknown', 'Mystery', 'does not know'],
  },
  {
    name: 'an unknown component on a preview shows its children under a notice marked as a preview aid',
    source: '<Mystery>\nInside\n</Mystery>',
    opts: { prefix: '/general/~feature%2Fx' },
    contains: ['class="mdx-unknown"', 'preview-aid', 'Preview only', '&#x3C;Mystery>, which this site does not know', '<p>Inside</p>'],
  },
  {
    name: 'images resolve to content addresses',
    source: '![Alt](./_files/a.png)',
    opts: { files: { 'general/_files/a.png': 'png' } },
    contains: [`src="/_assets/${testOid({ files: { 'general/_files/a.png': '' } }, 'general/_files/a.png')}/a.png"`, 'alt="Alt"'],
  },
  { name: 'a JSX block followed by a list keeps the list', source: '<details>\n- one\n- two\n</details>', contains: ['<li>one</li>'] },
  {
    name: "HTML comments are dropped, as Docusaurus 3's mdx1Compat.comments does, and the page stays MDX",
    source:
      '<!-- A note for authors -->\n\n# Title\n\nText <!-- inline --> here.\n\n<!--\nOver\nlines\n-->\n\n<Tabs><TabItem value="a" label="A">Tab</TabItem></Tabs>\n\n```html\n<!-- kept in code -->\n```',
    contains: ['Text  here.', 'Tab', '&#x3C;!-- kept in code -->'],
    excludes: ['A note for authors', 'inline', 'Over', 'not valid MDX', 'render-notice'],
  },
  { name: 'a file that is not valid MDX falls back to plain Markdown', source: 'a < b and {broken\n\n## Still here', contains: ['Still here'], excludes: ['render-error'] },
];

describe('rendering Markdown and MDX', () => {
  it.each(cases)('$name', async ({ source, contains = [], excludes = [], opts }) => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const page = await renderTest(source, opts);
    expect(page.error).toBeUndefined();
    for (const text of contains) expect(page.html).toContain(text);
    for (const text of excludes) expect(page.html).not.toContain(text);
  });

  it('Redirect asks for an HTTP redirect resolved against the page URL', async () => {
    const page = await renderTest('import { Redirect } from \'@docusaurus/router\';\n\n<Redirect to="v2/v2.0" />', {
      file: 'general/app_releases/v2/index.md',
      prefix: '/general/~b',
    });
    expect(page.redirect).toBe('/general/~b/app_releases/v2/v2.0');
    const hostile = await renderTest('import { Redirect } from \'@docusaurus/router\';\n\n<Redirect to="javascript:alert(1)" />');
    expect(hostile.redirect).toBeUndefined();
    const away = 'import { Redirect } from \'@docusaurus/router\';\n\n<Redirect to="https://elsewhere.example/x" />';
    expect((await renderTest(away)).redirect).toBeUndefined();
    expect((await renderTest(away)).html).toContain('leaves the site');
    expect((await renderTest(away, { config: 'redirectHosts: [elsewhere.example]\n' })).redirect).toBe('https://elsewhere.example/x');
  });

  it('the table of contents follows toc levels and the description skips comments and headings', async () => {
    const source = '{/* <!-- cspell:ignore x --> */}\n\n## One\n\nThe **first** [real](https://x.org) text.\n\n### Two\n\n#### Three';
    const page = await renderTest(source);
    expect(page.toc.map((h) => h.text)).toEqual(['One', 'Two']);
    expect(page.description).toBe('The first real text.');
    const deeper = await renderTest(source, { frontMatter: { toc_max_heading_level: 4 } });
    expect((await renderTest(source, { frontMatter: { toc_max_heading_level: 4 } })).toc.length).toBe(3);
    expect(deeper.toc.map((h) => h.depth)).toEqual([2, 3, 4]);
  });

  it('pages past the nesting limit show a clear error with the file', async () => {
    const page = await renderTest('> '.repeat(100) + 'deep');
    expect(page.error?.message).toMatch(/nests deeper/);
    expect(page.html).toContain('general/page.md');
  });
});
