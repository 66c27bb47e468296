// The snippet of a result: a window of the section's text around its matched words, with their
// positions so a view highlights them (as text: no HTML is ever built from content here).

/** A piece of text and the [start, end) ranges of its matched words. */
export interface Snippet {
  text: string;
  highlights: [number, number][];
}

/** How long a snippet is, about. */
const LENGTH = 180;
/** How much text comes before the first highlighted word. */
const LEAD = 50;

/**
 * The snippet of `body` for the index terms a result matched (lowercase; whole identifiers or
 * their parts): the window with the first occurrence of the longest term, cut at word boundaries.
 */
export function makeSnippet(body: string, terms: readonly string[]): Snippet {
  const pattern = termsPattern(terms);
  const matches = pattern ? [...body.matchAll(pattern)] : [];
  const longest = matches.reduce<RegExpMatchArray | undefined>((best, match) => (!best || match[0].length > best[0].length ? match : best), undefined);
  let start = longest ? Math.max(0, longest.index! - LEAD) : 0;
  if (start > 0) {
    const space = body.indexOf(' ', start);
    start = space >= 0 && space < (longest?.index ?? 0) ? space + 1 : start;
  }
  let end = Math.min(body.length, start + LENGTH);
  if (end < body.length) {
    const space = body.lastIndexOf(' ', end);
    if (space > start + LENGTH / 2) end = space;
  }
  const prefix = start > 0 ? '… ' : '';
  const text = prefix + body.slice(start, end) + (end < body.length ? ' …' : '');
  const highlights: [number, number][] = matches
    .filter((match) => match.index! >= start && match.index! + match[0].length <= end)
    .map((match) => [match.index! - start + prefix.length, match.index! - start + prefix.length + match[0].length]);
  return { text, highlights };
}

/** The last patterns made: a query's snippets mostly look for the same terms, and compiling a pattern costs more than running it. */
const patterns = new Map<string, RegExp>();

/** A case-insensitive pattern for whole occurrences of the terms (a part of `get_string` too), longest first. */
function termsPattern(terms: readonly string[]): RegExp | undefined {
  const words = [...new Set(terms)].filter((term) => term.length > 1).sort((a, b) => b.length - a.length);
  if (!words.length) return undefined;
  const key = words.join(' ');
  let pattern = patterns.get(key);
  if (!pattern) {
    const escaped = words.map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
    pattern = new RegExp(`(?<![\\p{L}\\p{N}])(?:${escaped.join('|')})(?![\\p{L}\\p{N}])`, 'giu');
    if (patterns.size >= 64) patterns.clear();
    patterns.set(key, pattern);
  }
  return pattern;
}
