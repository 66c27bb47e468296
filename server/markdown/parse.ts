import { fromMarkdown } from 'mdast-util-from-markdown';
import { mdxjs } from 'micromark-extension-mdxjs';
import { mdxFromMarkdown } from 'mdast-util-mdx';
import { gfm } from 'micromark-extension-gfm';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { frontmatter } from 'micromark-extension-frontmatter';
import { frontmatterFromMarkdown } from 'mdast-util-frontmatter';
import { directive } from 'micromark-extension-directive';
import { directiveFromMarkdown } from 'mdast-util-directive';
import * as remarkComment from '@slorber/remark-comment';
import { math } from 'micromark-extension-math';
import { mathFromMarkdown } from 'mdast-util-math';
import type { Extension as FromMarkdownExtension } from 'mdast-util-from-markdown';
import type { Extension as SyntaxExtension } from 'micromark-util-types';
import type { Root } from 'mdast';
import { problemFrom, ProblemError, type Problem } from '../problem.js';
import { scanSource } from './limits.js';

/** The parsed page, and the MDX error when it had to be read as plain Markdown. */
export interface ParsedPage {
  tree: Root;
  /** Set when the source is not valid MDX and was parsed as plain Markdown instead. */
  mdxError?: Problem;
}

/** How a page is read: as MDX (with HTML comments dropped or not) or as CommonMark (markdown.format). */
export interface PageReading {
  mdx: boolean;
  comments: boolean;
  /** `$…$` and `$$…$$` are formulas (the site runs remark-math). */
  math?: { singleDollarTextMath: boolean };
}

/** Docusaurus 3's default: MDX, HTML comments dropped. */
export const MDX_READING: PageReading = { mdx: true, comments: true };

/** Pages past these limits are refused with a clear message rather than slowing the server. */
export const MAX_PAGE_BYTES = 1_000_000;
export const MAX_NESTING_DEPTH = 64;

/**
 * Parses a page as MDX the way Docusaurus 3 does (no indented code, JSX blocks end at their tag,
 * HTML comments dropped as its `markdown.mdx1Compat.comments` does by default, with the same
 * micromark extension), with GFM, front matter and directives; `read` may ask for CommonMark instead
 * (markdown.format) or keep comments (mdx1Compat.comments off). A file that is not valid MDX is parsed
 * as plain Markdown, so it still shows. Throws a ProblemError (code `limit`) past the size or
 * nesting limits (limits.ts), before micromark sees the page.
 */
export function parsePage(source: string, file: string, read: PageReading = MDX_READING): ParsedPage {
  if (source.length > MAX_PAGE_BYTES) throw problem(file, `The page is larger than ${MAX_PAGE_BYTES} bytes and is not rendered.`);
  // Before micromark: its cost grows with the square of nesting, and it recurses.
  const tooDeep = scanSource(source);
  if (tooDeep) throw problem(file, tooDeep.message, tooDeep.line);
  if (!read.mdx) return { tree: fromMarkdown(source, withMath(COMMONMARK_OPTIONS, read.math)) };
  try {
    return { tree: fromMarkdown(source, withMath(read.comments ? MDX_OPTIONS : MDX_NO_COMMENT_OPTIONS, read.math)) };
  } catch (cause) {
    const mdxError = problemFrom(cause, file, 'mdx');
    return { tree: fromMarkdown(source, withMath(MARKDOWN_OPTIONS, read.math)), mdxError };
  }
}

// The syntax extensions, made once: they are stateless, and building them per page cost time.
const COMMON = { extensions: [gfm(), frontmatter(['yaml']), directive()], mdastExtensions: [gfmFromMarkdown(), frontmatterFromMarkdown(['yaml']), directiveFromMarkdown()] };
// Docusaurus's HTML comments (@slorber/remark-comment, what its mdx-loader runs); the package's types
// predate micromark 4 and call `commentFromMarkdown` an object, where its code is a function.
const htmlComment = remarkComment.comment as unknown as SyntaxExtension;
const htmlCommentFromMarkdown = (remarkComment.commentFromMarkdown as unknown as (options: { ast: boolean }) => FromMarkdownExtension)({ ast: false });
// `htmlComment` comes after `mdxjs()` so that micromark tries it first at `<`: MDX's JSX would refuse `<!--`.
const MDX_OPTIONS = {
  extensions: [mdxjs(), htmlComment, ...COMMON.extensions],
  mdastExtensions: [mdxFromMarkdown(), htmlCommentFromMarkdown, ...COMMON.mdastExtensions],
};
const MDX_NO_COMMENT_OPTIONS = { extensions: [mdxjs(), ...COMMON.extensions], mdastExtensions: [mdxFromMarkdown(), ...COMMON.mdastExtensions] };
/** CommonMark (markdown.format `md`), with GFM, front matter and directives, as Docusaurus reads .md files then. */
const COMMONMARK_OPTIONS = COMMON;
/** Plain Markdown with CommonMark's indented code off, as MDX has it. */
const MARKDOWN_OPTIONS = { extensions: [...COMMON.extensions, { disable: { null: ['codeIndented'] } }], mdastExtensions: COMMON.mdastExtensions };

type ParseOptions = { extensions: SyntaxExtension[]; mdastExtensions: (FromMarkdownExtension | FromMarkdownExtension[])[] };
const mathOptions = new Map<string, ParseOptions>();

/** `options` with remark-math's syntax added (made once per set and `singleDollarTextMath`), or as they are without math. */
function withMath(options: ParseOptions, read: PageReading['math']): ParseOptions {
  if (!read) return options;
  const sets = [COMMONMARK_OPTIONS, MDX_OPTIONS, MDX_NO_COMMENT_OPTIONS, MARKDOWN_OPTIONS];
  const key = `${sets.indexOf(options)}:${read.singleDollarTextMath}`;
  let found = mathOptions.get(key);
  if (!found) {
    // After the others, as remark-math comes after remark-mdx in Docusaurus; a formula starts at `$`, so its `{…}` is TeX, never an MDX expression.
    found = { extensions: [...options.extensions, math({ singleDollarTextMath: read.singleDollarTextMath })], mdastExtensions: [...options.mdastExtensions, mathFromMarkdown()] };
    mathOptions.set(key, found);
  }
  return found;
}

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
