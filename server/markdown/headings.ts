import GithubSlugger from 'github-slugger';
import { toString as textOf } from 'mdast-util-to-string';
import type { Root, RootContent } from 'mdast';
import { SKIP, walk } from './walk.js';

/** A heading of the page, for the table of contents and anchors. */
export interface PageHeading {
  depth: number;
  id: string;
  text: string;
}

/** A comment alone in an expression (`/* … *\/`) or an HTML comment (`<!-- … -->`): its text. */
const COMMENT = /^\s*\/\*((?:(?!\*\/)[\s\S])*)\*\/\s*$|^<!--([\s\S]*)-->$/;
/** Docusaurus's classic heading id: `{#id}` ending the heading, no character of the id followed by `{#` or `}`. */
const CLASSIC_ID = /\{#((?:.(?!\{#|\}))*.)\}\s*$/;

/** The id a heading's last child gives as Docusaurus reads it: `{/* #id *\/}` (MDX) or `<!-- #id -->` (CommonMark), first word. */
function commentId(last: RootContent | undefined): string | undefined {
  if (last?.type !== 'mdxTextExpression' && last?.type !== 'html') return undefined;
  const match = COMMENT.exec(last.value);
  const word = (match?.[1] ?? match?.[2])?.trim().split(' ')[0];
  return word?.startsWith('#') && word.length > 1 ? word.slice(1) : undefined;
}

/**
 * Gives every heading an id as Docusaurus's headings plugin does: a final `{/* #id *\/}` comment or
 * `{#id}` when present, else a GitHub slug (lower case, `-1` for repeats) of its text but raw HTML,
 * untrimmed (`0.6.0 <a/>` gives `060-`). Returns the headings in page order.
 */
export function assignHeadingIds(tree: Root): PageHeading[] {
  const slugger = new GithubSlugger();
  const headings: PageHeading[] = [];
  walk<RootContent>(tree, (node) => {
    if (node.type !== 'heading') return;
    let id = commentId(node.children[node.children.length - 1]);
    if (id) node.children.pop();
    const last = node.children[node.children.length - 1];
    if (last?.type === 'text') {
      // The classic `{#id}` at the end of the heading's last text (CommonMark, or MDX with mdx1Compat.headingIds).
      const classic = CLASSIC_ID.exec(last.value);
      if (classic && !id) {
        id = classic[1];
        last.value = last.value.slice(0, classic.index);
      }
      // The space before an id would otherwise end up in the heading.
      if (id) last.value = last.value.trimEnd();
    }
    const words = node.children.filter((child) => child.type !== 'html');
    const text = textOf(words.length ? words : node);
    id ??= slugger.slug(text);
    // Expressions are not shown in a heading (a comment, or code docsite does not run).
    node.children = node.children.filter((child) => child.type !== 'mdxTextExpression');
    node.data = { ...node.data, hProperties: { ...node.data?.hProperties, id } };
    headings.push({ depth: node.depth, id, text: textOf(node.children.filter((child) => child.type !== 'html')).trim() });
    return SKIP;
  });
  return headings;
}

/** The table of contents: headings between the front matter's levels (h2 to h3 by default). */
export function tableOfContents(headings: PageHeading[], frontMatter: Record<string, unknown>): PageHeading[] {
  const level = (value: unknown, fallback: number) => (typeof value === 'number' && value >= 2 && value <= 6 ? value : fallback);
  const min = level(frontMatter.toc_min_heading_level, 2);
  const max = Math.max(min, level(frontMatter.toc_max_heading_level, 3));
  return headings.filter((heading) => heading.depth >= min && heading.depth <= max);
}
