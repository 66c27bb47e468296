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
  const matches = wholeMatches(body, terms);
  const longest = matches.reduce<Found | undefined>((best, match) => (!best || match.text.length > best.text.length ? match : best), undefined);
  let start = longest ? Math.max(0, longest.index - LEAD) : 0;
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
    .filter((match) => match.index >= start && match.index + match.text.length <= end)
    .map((match) => [match.index - start + prefix.length, match.index - start + prefix.length + match.text.length]);
  return { text, highlights };
}

/** An occurrence of a term in a text. */
interface Found {
  index: number;
  text: string;
}

/** A letter or digit, as the boundaries of a whole occurrence see it (the flags of the pattern it stands for). */
const WORD_CHAR = /[\p{L}\p{N}]/iu;

/** The last patterns made: a query's snippets mostly look for the same terms, and compiling a pattern costs more than running it. */
const patterns = new Map<string, { any: RegExp; each: RegExp[] }>();

/**
 * The whole occurrences of the terms (not inside a longer word; a part of `get_string` counts), in
 * any case, longest term first where several start at one place: what the pattern
 * `(?<![\p{L}\p{N}])(?:terms)(?![\p{L}\p{N}])` (flags `giu`) matches, found without it, as such a
 * pattern costs about 1 ms to compile (its Unicode classes) and each result's terms make a new one.
 */
export function wholeMatches(body: string, terms: readonly string[]): Found[] {
  const pattern = termsPattern(terms);
  if (!pattern) return [];
  const found: Found[] = [];
  const { any, each } = pattern;
  any.lastIndex = 0;
  for (let candidate = any.exec(body); candidate; candidate = any.exec(body)) {
    const at = candidate.index;
    let end = -1;
    if (!WORD_CHAR.test(charBefore(body, at))) {
      for (const term of each) {
        term.lastIndex = at;
        const match = term.exec(body);
        if (match && !WORD_CHAR.test(charAt(body, at + match[0].length))) {
          end = at + match[0].length;
          break;
        }
      }
    }
    if (end >= 0) found.push({ index: at, text: body.slice(at, end) });
    // After a miss, the next place to try is the next character (a surrogate pair is one).
    any.lastIndex = end >= 0 ? end : at + charAt(body, at).length;
  }
  return found;
}

/** The character (code point) at `index`, or '' past the end. */
function charAt(text: string, index: number): string {
  const code = text.codePointAt(index);
  return code === undefined ? '' : String.fromCodePoint(code);
}

/** The character (code point) that ends just before `index`, or '' at the start. */
function charBefore(text: string, index: number): string {
  if (index <= 0) return '';
  const low = text.charCodeAt(index - 1);
  const high = index >= 2 ? text.charCodeAt(index - 2) : 0;
  return low >= 0xdc00 && low <= 0xdfff && high >= 0xd800 && high <= 0xdbff ? text.slice(index - 2, index) : text[index - 1];
}

/** Patterns for the terms (longest first): one that finds where any of them starts, and one per term that matches at a given place. */
function termsPattern(terms: readonly string[]): { any: RegExp; each: RegExp[] } | undefined {
  const words = [...new Set(terms)].filter((term) => term.length > 1).sort((a, b) => b.length - a.length);
  if (!words.length) return undefined;
  const key = words.join(' ');
  let pattern = patterns.get(key);
  if (!pattern) {
    const escaped = words.map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
    pattern = { any: new RegExp(escaped.join('|'), 'giu'), each: escaped.map((word) => new RegExp(word, 'iuy')) };
    if (patterns.size >= 256) patterns.clear();
    patterns.set(key, pattern);
  }
  return pattern;
}
