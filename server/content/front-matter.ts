import type { Problem } from '../problem.js';
import { parseYaml } from './yaml.js';

/** A page's front matter: its data, or the error that kept it from being read. */
export interface FrontMatterResult {
  data: Record<string, unknown>;
  error?: Problem;
  /** The line of a key (for validation errors found later). */
  lineOf?: (path: readonly (string | number)[]) => number | undefined;
}

const BLOCK = /^---[ \t]*\r?\n([\s\S]*?)\r?\n?---[ \t]*(?:\r?\n|$)/;

/** A page's Markdown after its front matter block. */
export function bodyOf(source: string): string {
  const match = BLOCK.exec(source);
  return match ? source.slice(match[0].length) : source;
}

/** The text of a page's front matter block, '' when it has none: all of the page that parseFrontMatter reads. */
export function frontMatterText(source: string): string {
  return BLOCK.exec(source)?.[1] ?? '';
}

/**
 * Parses the YAML front matter at the top of a page. Invalid YAML never throws: the error comes
 * back with its line in the file, and the data is empty, so the page can still be listed.
 */
export function parseFrontMatter(source: string, file: string): FrontMatterResult {
  const match = BLOCK.exec(source);
  if (!match) return { data: {} };
  // +1 for the opening `---` line.
  const result = parseYaml(match[1], file, 'front-matter', { lineOffset: 1, uniqueKeys: false });
  if (result.problem) {
    const { line, column, message } = result.problem;
    return { data: {}, error: { code: 'front-matter', file, line, column, message: `Invalid front matter: ${message}` } };
  }
  const data = result.data;
  if (data === null || data === undefined) return { data: {} };
  if (typeof data !== 'object' || Array.isArray(data)) {
    return { data: {}, error: { code: 'front-matter', file, line: 2, message: 'Invalid front matter: expected a map of keys to values' } };
  }
  return { data: data as Record<string, unknown>, lineOf: result.lineOf };
}

/** The problem of a page's front matter: its YAML error, else the first field its schema refused (with the field's line). */
export function frontMatterProblem(parsed: FrontMatterResult, issue: { path: (string | number)[]; message: string } | undefined, file: string): Problem | undefined {
  if (parsed.error || !issue) return parsed.error;
  return { code: 'front-matter', file, line: parsed.lineOf?.(issue.path), message: `Invalid front matter: ${issue.path.join('.')}: ${issue.message}` };
}
