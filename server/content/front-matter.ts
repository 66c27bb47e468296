import YAML from 'yaml';

/** A problem in a source file, with the position a human needs to fix it. */
export interface SourceError {
  file: string;
  line?: number;
  column?: number;
  message: string;
}

/** A page's front matter: its data, or the error that kept it from being read. */
export interface FrontMatterResult {
  data: Record<string, unknown>;
  error?: SourceError;
}

const BLOCK = /^---[ \t]*\r?\n([\s\S]*?)\r?\n?---[ \t]*(?:\r?\n|$)/;

/**
 * Parses the YAML front matter at the top of a page. Invalid YAML never throws: the error comes
 * back with its line in the file, and the data is empty, so the page can still be listed.
 */
export function parseFrontMatter(source: string, file: string): FrontMatterResult {
  const match = BLOCK.exec(source);
  if (!match) return { data: {} };
  const doc = YAML.parseDocument(match[1], { uniqueKeys: false });
  const problem = doc.errors[0];
  if (problem) {
    // +1 for the opening `---` line.
    const line = (problem.linePos?.[0]?.line ?? 0) + 1;
    return { data: {}, error: { file, line, column: problem.linePos?.[0]?.col, message: `Invalid front matter: ${problem.message.split('\n')[0]}` } };
  }
  const data = doc.toJS({ maxAliasCount: 50 });
  if (data === null || data === undefined) return { data: {} };
  if (typeof data !== 'object' || Array.isArray(data)) {
    return { data: {}, error: { file, line: 2, message: 'Invalid front matter: expected a map of keys to values' } };
  }
  return { data: data as Record<string, unknown> };
}
