// What Docusaurus's mdx-loader does to a page's text before parsing it, as the site's Markdown
// options ask (markdown-config.ts): `mdx-code-block` fences unwrapped, `{#id}` heading ids escaped
// for MDX (mdx1Compat.headingIds), `:::note Title` written `:::note[Title]` (mdx1Compat.admonitions).
// Every rewrite keeps the page's lines where they were, so problems name the line the author wrote.
import type { MarkdownOptions } from '../config/markdown-config.js';
import { admonitionTitlesToLabels } from './admonitions.js';

/** The opening line of a fenced block of three or four backticks tagged `mdx-code-block`, whose content is MDX. */
const MDX_CODE_OPEN = /^ *(`{3,4}) *mdx-code-block\s*$/;
/** A line of three or four backticks alone: the end of such a block. */
const FENCE_CLOSE = /^ *(`{3,4})\s*$/;
/** An ATX heading line, levels 1 to 6. */
const HEADING_LINE = /^ {0,3}#{1,6}(?:[ \t][^\r\n]*)?$/gm;
/** The heading id that ends a heading (as headings.ts reads it). */
const CLASSIC_ID = /\{#((?:.(?!\{#|\}))*.)\}\s*$/;

/** The page's text as Docusaurus hands it to the parser, for a page read as MDX (`mdx`) or CommonMark. */
export function preprocessPage(source: string, options: MarkdownOptions, mdx: boolean): string {
  let text = source.includes('mdx-code-block') ? unwrapMdxCodeBlocks(source) : source;
  if (mdx && options.headingIds) text = escapeHeadingIds(text);
  if (options.admonitionTitles) text = admonitionTitlesToLabels(text);
  return text;
}

/**
 * `mdx-code-block` fences replaced by their content (Docusaurus's unwrapMdxCodeBlocks): each opening
 * line and the first closing line of the same backticks after it are left empty. Line by line, so a
 * page of unclosed fences costs time in proportion to its length.
 */
export function unwrapMdxCodeBlocks(source: string): string {
  const lines = source.split('\n');
  // For each fence (3 or 4 backticks), the closing lines in order, and how many are behind us.
  const closings = new Map<string, number[]>();
  lines.forEach((line, index) => {
    const fence = FENCE_CLOSE.exec(line)?.[1];
    if (fence)
      closings
        .set(fence, closings.get(fence) ?? [])
        .get(fence)!
        .push(index);
  });
  const next = new Map<string, number>();
  for (let index = 0; index < lines.length; index++) {
    const fence = MDX_CODE_OPEN.exec(lines[index])?.[1];
    if (!fence) continue;
    const candidates = closings.get(fence) ?? [];
    let at = next.get(fence) ?? 0;
    while (at < candidates.length && candidates[at] <= index) at++;
    next.set(fence, at);
    if (at === candidates.length) continue;
    const end = candidates[at];
    lines[index] = lines[index].endsWith('\r') ? '\r' : '';
    lines[end] = lines[end].endsWith('\r') ? '\r' : '';
    index = end;
  }
  return lines.join('\n');
}

/** `## Title {#id}` written `## Title \{#id}`, so MDX reads the id as text (Docusaurus's escapeMarkdownHeadingIds). */
export function escapeHeadingIds(source: string): string {
  return source.replace(HEADING_LINE, (line) => {
    const at = line.trimEnd().endsWith('}') ? CLASSIC_ID.exec(line)?.index : undefined;
    return at === undefined || line[at - 1] === '\\' ? line : `${line.slice(0, at)}\\${line.slice(at)}`;
  });
}
