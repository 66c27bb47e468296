import { fromMarkdown } from 'mdast-util-from-markdown';
import { mdxjs } from 'micromark-extension-mdxjs';
import { mdxFromMarkdown } from 'mdast-util-mdx';
import { gfm } from 'micromark-extension-gfm';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { frontmatter } from 'micromark-extension-frontmatter';
import { frontmatterFromMarkdown } from 'mdast-util-frontmatter';
import { directive } from 'micromark-extension-directive';
import { directiveFromMarkdown } from 'mdast-util-directive';
import type { Root } from 'mdast';
import { problemFrom, ProblemError, type Problem } from '../problem.js';
import { scanSource } from './limits.js';

/** The parsed page, and the MDX error when it had to be read as plain Markdown. */
export interface ParsedPage {
  tree: Root;
  /** Set when the source is not valid MDX and was parsed as plain Markdown instead. */
  mdxError?: Problem;
}

/** Pages past these limits are refused with a clear message rather than slowing the server. */
export const MAX_PAGE_BYTES = 1_000_000;
export const MAX_NESTING_DEPTH = 64;

/**
 * Parses a page as MDX the way Docusaurus does (no indented code, JSX blocks end at their tag, no
 * HTML comments), with GFM, front matter and directives. A file that is not valid MDX is parsed
 * as plain Markdown, so it still shows. Throws a ProblemError (code `limit`) past the size or
 * nesting limits (limits.ts), before micromark sees the page.
 */
export function parsePage(source: string, file: string): ParsedPage {
  if (source.length > MAX_PAGE_BYTES) throw problem(file, `The page is larger than ${MAX_PAGE_BYTES} bytes and is not rendered.`);
  // Before micromark: its cost grows with the square of nesting, and it recurses.
  const tooDeep = scanSource(source);
  if (tooDeep) throw problem(file, tooDeep.message, tooDeep.line);
  try {
    return { tree: fromMarkdown(source, MDX_OPTIONS) };
  } catch (cause) {
    const mdxError = problemFrom(cause, file, 'mdx');
    return { tree: fromMarkdown(source, MARKDOWN_OPTIONS), mdxError };
  }
}

// The syntax extensions, made once: they are stateless, and building them per page cost time.
const COMMON = { extensions: [gfm(), frontmatter(['yaml']), directive()], mdastExtensions: [gfmFromMarkdown(), frontmatterFromMarkdown(['yaml']), directiveFromMarkdown()] };
const MDX_OPTIONS = { extensions: [mdxjs(), ...COMMON.extensions], mdastExtensions: [mdxFromMarkdown(), ...COMMON.mdastExtensions] };
/** Plain Markdown with CommonMark's indented code off, as MDX has it. */
const MARKDOWN_OPTIONS = { extensions: [...COMMON.extensions, { disable: { null: ['codeIndented'] } }], mdastExtensions: COMMON.mdastExtensions };

function problem(file: string, message: string, line?: number): ProblemError {
  return new ProblemError({ file, line, message, code: 'limit' });
}

/** Throws when the tree nests deeper than MAX_NESTING_DEPTH (deep trees are slow and unreadable). */
export function checkDepth(tree: Root, file: string): void {
  const walk = (node: { children?: unknown[]; position?: { start: { line: number } } }, depth: number): void => {
    if (depth > MAX_NESTING_DEPTH) throw problem(file, `The page nests deeper than ${MAX_NESTING_DEPTH} levels and is not rendered.`, node.position?.start.line);
    for (const child of (node.children ?? []) as (typeof node)[]) walk(child, depth + 1);
  };
  walk(tree, 0);
}
