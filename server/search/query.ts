// A query as the index looks it up (server/search/engine.ts): its words without the commonest,
// other forms of each word the index holds, and for each word whether to look for longer words
// (prefix) and near spellings (fuzzy). Issue keys are looked up apart (engine.ts).
import { find } from './lexicon.js';
import type { ExtraWord, Placed, QueryWord } from './score.js';
import { tokenize } from './tokenize.js';
import { COMMON_SHARE, fuzzyOf, ISSUE_KEY, processTerm, queryTerms } from './terms.js';

/** What a query's preparation reads of an index. */
export interface TermCounts {
  /** Sections indexed. */
  readonly count: number;
  /** Whether the index holds a term. */
  has(term: string): boolean;
  /** The most sections that hold a term in one field. */
  sectionsWith(term: string): number;
}

/** The words of a query to score, each with its boost and how it is matched. */
export function queryWords(query: string, index: TermCounts): QueryWord[] {
  const words = withoutCommonWords(query, index);
  const variants = variantsOf(words, index);
  // The word being typed (the last, whole: never a part such as `mdl` of `MDL-12345`) is also a
  // prefix, so the instant search answers `deprec` with `deprecation`; unless the index holds it
  // as typed (`app`: its 69 longer words cost more than the word, and its other forms are looked up anyway).
  const last = tokenize(words).at(-1)?.toLowerCase();
  return tokenize([words, ...variants].join(' '))
    .flatMap(queryTerms)
    .map((term): QueryWord => {
      const known = index.has(term);
      return {
        term,
        // Other forms of a word count for less than the word as typed.
        boost: variants.has(term) ? 0.5 : 1,
        // A word the index holds is no typo: looking for its near spellings costs the most and finds little.
        fuzzy: known ? 0 : fuzzyOf(term),
        prefix: term === last && term.length >= 3 && !known,
      };
    });
}

/**
 * The query without the words most sections contain (`moodle` in Moodle's docs), when it has
 * others: they change no ranking (their weight is near zero) but cost the most, as every
 * section that holds them is scored. A query of only such words keeps them.
 */
function withoutCommonWords(query: string, index: TermCounts): string {
  const tokens = tokenize(query);
  const limit = index.count * COMMON_SHARE;
  const rare = tokens.filter((token) => processTerm(token).some((term) => index.sectionsWith(term) <= limit));
  return rare.length && rare.length < tokens.length ? rare.join(' ') : query;
}

/**
 * Other forms of each query word that the index holds (`test` -> `tests`, `testing`; `policies` ->
 * `policy`; `write` -> `writing`; `deprecate` -> `deprecation`): a crude English stemmer, looked up
 * in the index instead of indexing stems (which would grow the index).
 */
function variantsOf(query: string, index: TermCounts): Set<string> {
  const words = new Set(tokenize(query).flatMap(processTerm));
  const variants = new Set<string>();
  for (const word of words) {
    if (word.length < 4 || !/^\p{L}+$/u.test(word)) continue;
    const stem = word.replace(/(?:ies|es|s|ing|ed|ion|ions|e)$/, '');
    // A stem of three letters alone is often another word (`not` of `notes`, `us` of `uses`): only its longer forms count.
    const forms = [
      `${word}s`,
      `${word}es`,
      word.replace(/ies$/, 'y'),
      word.replace(/y$/, 'ies'),
      ...(stem.length >= 4 ? [stem] : []),
      ...['e', 's', 'es', 'ing', 'ed', 'ion', 'ions'].map((end) => stem + end),
    ];
    for (const form of forms) if (!words.has(form) && index.has(form)) variants.add(form);
  }
  return variants;
}

/**
 * The query's issue keys the index holds, with their sections (not `removed`): a key counts as a
 * word (its BM25 weight, a rare word's for a key in one or two sections), looked up exactly.
 */
export function issueKeyWords(query: string, segments: readonly Placed[], removed: Uint8Array): ExtraWord[] {
  const keys = new Set(
    tokenize(query)
      .map((token) => token.toLowerCase())
      .filter((token) => ISSUE_KEY.test(token)),
  );
  const words: ExtraWord[] = [];
  for (const term of keys) {
    const sections: number[] = [];
    for (const { segment, base } of segments) {
      const k = find(segment.keys, term);
      if (k < 0) continue;
      for (let i = segment.keyStart[k]; i < segment.keyStart[k + 1]; i++) if (!removed[base + segment.keySections[i]]) sections.push(base + segment.keySections[i]);
    }
    if (sections.length) words.push({ term, sections });
  }
  return words;
}
