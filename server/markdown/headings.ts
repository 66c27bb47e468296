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

const EXPLICIT_ID = /^\s*\/\*\s*#([^\s*]+)\s*\*\/\s*$/;
/** Docusaurus's classic heading id: `{#id}` ending the heading, no character of the id followed by `{#` or `}`. */
const CLASSIC_ID = /\{#((?:.(?!\{#|\}))*.)\}\s*$/;

/**
 * Gives every heading an id: the `{/* #id *\/}` comment or a final `{#id}` when present, else a
 * GitHub slug (lower case, `-1` for repeats), as Docusaurus does. Returns the headings in page order.
 */
export function assignHeadingIds(tree: Root): PageHeading[] {
  const slugger = new GithubSlugger();
  const headings: PageHeading[] = [];
  walk<RootContent>(tree, (node) => {
    if (node.type !== 'heading') return;
    let id: string | undefined;
    node.children = node.children.filter((child) => {
      if (child.type !== 'mdxTextExpression') return true;
      const match = EXPLICIT_ID.exec(child.value);
      if (match) id = match[1];
      return false;
    });
    // The space before `{/* #id */}` would otherwise end up in the heading.
    const last = node.children[node.children.length - 1];
    if (last?.type === 'text') {
      // The classic `{#id}` at the end of the heading's last text (CommonMark, or MDX with mdx1Compat.headingIds).
      const classic = CLASSIC_ID.exec(last.value);
      if (classic && !id) {
        id = classic[1];
        last.value = last.value.slice(0, classic.index);
      }
      last.value = last.value.trimEnd();
    }
    // Docusaurus slugs the text untrimmed: a space beside an inline element gives a hyphen (`0.6.0 <a/>` -> `060-`).
    const text = textOf(node);
    id ??= slugger.slug(text);
    node.data = { ...node.data, hProperties: { ...node.data?.hProperties, id } };
    headings.push({ depth: node.depth, id, text: text.trim() });
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
