// A rendered page back to plain Markdown, for agents and tools (llms.txt, `{page}.md`). It starts
// from the page's sanitized HTML, not its source, so every native component, expression and
// import is already resolved exactly as readers see it, and no MDX syntax can survive.
import type { Element, ElementContent, Root as HastRoot, RootContent } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { defaultHandlers, toMdast, type State } from 'hast-util-to-mdast';
import { toText } from 'hast-util-to-text';
import type { Code } from 'mdast';
import { gfmToMarkdown } from 'mdast-util-gfm';
import { toMarkdown } from 'mdast-util-to-markdown';

/** What the Markdown of one page is made from. */
export interface MarkdownPage {
  title: string;
  /** The page's rendered article (sanitized HTML). */
  html: string;
  /** The page's absolute URL: relative links and `#anchors` are resolved against it. */
  url: string;
}

/**
 * The page as CommonMark + GFM: `# Title` (unless the article opens with its own H1), then the article. Admonitions become blockquotes led by
 * their title, tabs become sections headed by their labels (one level below the heading they sit
 * under), code blocks keep their language and title, and every link and image is absolute.
 */
export function pageMarkdown(page: MarkdownPage): string {
  const hast = fromHtml(page.html, { fragment: true });
  hast.children = plainBlocks(hast.children, { rank: 1 }) as HastRoot['children'];
  // A <base> makes hast-util-to-mdast resolve every href and src against the page's URL.
  hast.children.unshift({ type: 'element', tagName: 'base', properties: { href: page.url }, children: [] });
  const mdast = toMdast(hast, { handlers: { pre: codeBlock } });
  const body = toMarkdown(mdast, { extensions: [gfmToMarkdown()], bullet: '-', emphasis: '_', fences: true, rule: '-', listItemIndent: 'one' });
  // An article that opens with its own H1 (a doc whose title is its first heading) already has its title.
  const first = hast.children.find((node) => node.type === 'element' && node.tagName !== 'base');
  const titled = first?.type === 'element' && first.tagName === 'h1';
  return (titled ? body : `# ${page.title}\n\n${body}`).replace(/\n*$/, '\n');
}

/** The heading rank last seen, in document order: tabs become headings one level below it. */
interface Walk {
  rank: number;
}

/** Rewrites the site's component markup into elements that have a Markdown form. */
function plainBlocks(nodes: (RootContent | ElementContent)[], walk: Walk): (RootContent | ElementContent)[] {
  const out: (RootContent | ElementContent)[] = [];
  for (const node of nodes) {
    if (node.type !== 'element') {
      out.push(node);
      continue;
    }
    const classes = classesOf(node);
    const rank = /^h([1-6])$/.exec(node.tagName)?.[1];
    if (rank) walk.rank = Number(rank);
    if (classes.includes('hash-link') || classes.includes('code-title') || node.tagName === 'input') continue;
    if (classes.includes('katex-display')) out.push(element('pre', [element('code', [{ type: 'text', value: texOf(node) }], ['language-math'])]));
    else if (classes.includes('katex')) out.push({ type: 'text', value: `$${texOf(node)}$` });
    else if (classes.includes('admonition')) out.push(admonitionQuote(node, walk));
    else if (classes.includes('tabs')) out.push(...tabSections(node, walk));
    else if (classes.includes('code-block')) out.push(...titledCode(node, walk));
    else if (node.tagName === 'summary') out.push(element('p', [element('strong', node.children)]));
    else out.push({ ...node, children: plainBlocks(node.children, walk) as ElementContent[] });
  }
  return out;
}

/** `<div class="admonition">` as a blockquote whose first line is its title, in bold. */
function admonitionQuote(node: Element, walk: Walk): Element {
  const heading = node.children.find((child): child is Element => child.type === 'element' && classesOf(child).includes('admonition-heading'));
  const content = node.children.find((child): child is Element => child.type === 'element' && classesOf(child).includes('admonition-content'));
  const title = heading ? toText(heading).trim() : '';
  // A default title is the type's name (`tip`), which the theme capitalises with CSS.
  const shown = heading && classesOf(heading).includes('admonition-heading--default') ? title.charAt(0).toUpperCase() + title.slice(1) : title;
  return element('blockquote', [element('p', [element('strong', [{ type: 'text', value: shown }])]), ...(plainBlocks(content?.children ?? [], walk) as ElementContent[])]);
}

/** A tab group as one heading per tab (its label) followed by the tab's content: every tab is read. */
function tabSections(node: Element, walk: Walk): ElementContent[] {
  const headingRank = Math.min(walk.rank + 1, 6);
  const out: ElementContent[] = [];
  for (const child of node.children) {
    if (child.type !== 'element') continue;
    const classes = classesOf(child);
    if (classes.includes('tabs__label')) out.push(element(`h${headingRank}`, [{ type: 'text', value: toText(child).trim() }]));
    else if (classes.includes('tabs__panel')) out.push(...(plainBlocks(child.children, { rank: headingRank }) as ElementContent[]));
  }
  return out;
}

/** A code block whose title (`title="x.php"`) is carried to the fence's meta, where Docusaurus authors write it. */
function titledCode(node: Element, walk: Walk): ElementContent[] {
  const title = node.children.find((child): child is Element => child.type === 'element' && classesOf(child).includes('code-title'));
  const rest = plainBlocks(node.children, walk) as ElementContent[];
  if (!title) return rest;
  return rest.map((child) => (child.type === 'element' && child.tagName === 'pre' ? { ...child, properties: { ...child.properties, dataTitle: toText(title).trim() } } : child));
}

/** `<pre>` as a fenced code block: mermaid keeps its language, a title goes to the meta. */
function codeBlock(state: State, node: Element): Code {
  const code = defaultHandlers.pre(state, node) as Code;
  if (!code.lang && classesOf(node).includes('mermaid')) code.lang = 'mermaid';
  const title = node.properties.dataTitle;
  if (typeof title === 'string' && title) {
    // A fence's meta needs a language before it, or it would be read as the language.
    code.lang ??= 'text';
    code.meta = `title=${JSON.stringify(title)}`;
  }
  return code;
}

/** A formula KaTeX drew as its TeX (the annotation of its MathML), as GitHub's Markdown writes formulas. */
function texOf(node: Element): string {
  let tex: string | undefined;
  const find = (child: Element | ElementContent) => {
    if (tex !== undefined || child.type !== 'element') return;
    if (child.tagName === 'annotation') tex = toText(child);
    else child.children.forEach(find);
  };
  find(node);
  return (tex ?? toText(node)).trim();
}

function classesOf(node: Element): string[] {
  const className = node.properties.className;
  return Array.isArray(className) ? className.map(String) : [];
}

function element(tagName: string, children: ElementContent[], className?: string[]): Element {
  return { type: 'element', tagName, properties: className ? { className } : {}, children };
}
