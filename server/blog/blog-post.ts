// One blog post read from its Markdown, as Docusaurus's blog reads it (`processBlogSourceFile`):
// what the file itself says (front matter, title, description, reading time, truncation), before
// the blog gives it a URL, authors and tags (blog.ts). A broken front matter is a positioned problem
// on the post, never an exception.
import { bodyOf, frontMatterProblem, parseFrontMatter } from '../content/front-matter.js';
import { contentTitleOf } from '../content/content-title.js';
import type { Problem } from '../problem.js';
import { excerptOf } from './excerpt.js';
import { type PostFrontMatter, postFrontMatterSchema } from './post-front-matter.js';
import { readingTime } from './reading-time.js';
import { hasTruncateMarker } from './truncate.js';

/** What a post's file says, read once per blob. */
export interface PostSource {
  frontMatter: PostFrontMatter;
  /** The h1 the post starts with (Docusaurus's contentTitle). */
  contentTitle?: string;
  /** The first line of text, the default description. */
  excerpt?: string;
  readingTime: number;
  hasTruncateMarker: boolean;
  /** The front matter problem, if any: the post is kept with what could be read. */
  error?: Problem;
}

/** A setext or ATX h1 at the top of the Markdown, past imports and blank lines (Docusaurus's removeContentTitle). */
const TOP_HEADING = /^((?:[ \t]*\r?\n|import\s[^\n]*\r?\n)*)(?: {0,3}#[ \t]+[^\r\n]*|[^\r\n]+\r?\n {0,3}=+[ \t]*)(?:\r?\n|$)/;

/** A post's Markdown without its front matter and its title heading: what is counted and excerpted. */
export function postContent(source: string): { content: string; contentTitle?: string } {
  const body = bodyOf(source);
  const contentTitle = contentTitleOf(body);
  return { content: contentTitle === undefined ? body : body.replace(TOP_HEADING, '$1'), contentTitle };
}

/** Reads a post's file: its validated front matter (or its problem), title heading, excerpt, reading time and truncation. */
export function readPostSource(source: string, sourcePath: string, truncateMarker: RegExp, locale = 'en'): PostSource {
  const parsed = parseFrontMatter(source, sourcePath);
  const checked = postFrontMatterSchema.safeParse(parsed.data);
  const issue = checked.success ? undefined : checked.error.issues[0];
  const error = frontMatterProblem(parsed, issue, sourcePath);
  // A copy: values parsed from YAML are slices of the source, which would stay in memory with them.
  const frontMatter = structuredClone(checked.success ? checked.data : usable(parsed.data)) as PostFrontMatter;
  const { content, contentTitle } = postContent(source);
  return {
    frontMatter,
    contentTitle,
    excerpt: excerptOf(content),
    readingTime: readingTime(content, locale),
    hasTruncateMarker: hasTruncateMarker(content, truncateMarker),
    error,
  };
}

/** Front matter that failed validation, keeping only the fields each of which passes alone. */
function usable(data: Record<string, unknown>): Record<string, unknown> {
  const shape = postFrontMatterSchema._def.schema.shape as Record<string, { safeParse(value: unknown): { success: boolean; data?: unknown } }>;
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    const field = shape[key];
    if (!field) kept[key] = value;
    else {
      const result = field.safeParse(value);
      if (result.success) kept[key] = result.data;
    }
  }
  return kept;
}
