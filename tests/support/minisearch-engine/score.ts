// Scores a query's sections straight from MiniSearch's postings, with MiniSearch 7.2's formula:
// per word, field and section, BM25+ times the field's boost, the word's boost and the weight of
// a prefix or fuzzy match; summed, then multiplied by how many of the query's words the section
// matched. MiniSearch's own `search` builds two objects, two arrays and a map entry for every
// section a word matches, about 1.3 KB each: a query of common words (`release notes 4.5`, 1,800
// sections) made 2.3 MiB of garbage, and the collections it caused were the slowest 5% of queries.
// Here the sums go into arrays reused from one query to the next, and a section's matched terms
// are looked up only for the sections whose snippet is shown.

/** A query word as the index looks it up. */
export interface QueryWord {
  term: string;
  /** Multiplies the word's score (another form of a typed word counts for less). */
  boost: number;
  /** The edit distance of typos looked for; 0 for none. */
  fuzzy: number;
  /** Whether longer words starting with it match too. */
  prefix: boolean;
}

/** Sections that hold a term the index keeps beside MiniSearch (an issue key), scored as a rare word. */
export interface ExtraWord {
  term: string;
  /** The sections (MiniSearch's short ids) that hold it. */
  sections: readonly number[];
}

/** term -> field id -> section (short id) -> occurrences. */
type FieldPostings = Map<number, Map<number, number>>;

/**
 * The internals of a MiniSearch 7.2 instance that the index and its scoring read (the version is
 * pinned; engine.test.ts covers the index's use, score.test.ts checks the scores against MiniSearch's own).
 */
export interface MiniSearchInternals {
  _index: {
    get(term: string): FieldPostings | undefined;
    has(term: string): boolean;
    /** The postings of `term`, made with `initial` when it has none: how MiniSearch finds each term it indexes. */
    fetch(term: string, initial: () => unknown): unknown;
    atPrefix(prefix: string): Iterable<[string, FieldPostings]>;
    fuzzyGet(term: string, distance: number): Map<string, [FieldPostings, number]>;
  };
  _fieldIds: Record<string, number>;
  _avgFieldLength: number[];
  /** Each section's field lengths, by its short id. */
  _fieldLength: Map<number, number[]>;
  /** Our id of each short id, and the reverse. */
  _documentIds: Map<number, number>;
  _idToShortId: Map<number, number>;
  _documentCount: number;
  /** How many sections were discarded since the last vacuum. */
  _dirtCount: number;
  _nextId: number;
}

/** How much a longer word (prefix) and a near spelling (fuzzy) count against the word as typed, before their distance scales them down. */
export interface Weights {
  prefix: number;
  fuzzy: number;
}

/** MiniSearch's default BM25+ parameters: term frequency saturation, length normalization, and the floor every match gets. */
const BM25 = { k: 1.2, b: 0.7, d: 0.5 };

/** Spare section ids in the arrays (a push of a few pages adds a few dozen sections). */
const ROOM = 1024;

/** The scored sections of one query. */
export interface Scored {
  /** The matching sections' short ids, best first (equal scores in the order they were first matched). */
  sections: Int32Array;
  /** The score of each of `sections`, in the same order. */
  scores: Float64Array;
  /** The index terms (typed, prefix, fuzzy or extra) a section matched, for its snippet. */
  termsOf(section: number): string[];
}

/** Scores queries on one MiniSearch index; one instance per index, never used by two queries at once (a query is synchronous). */
export class Scorer {
  private sums = new Float64Array(0);
  /** How many distinct query words each section matched. */
  private words = new Int32Array(0);
  /** The last word (its number in the query, from 1) that matched each section. */
  private lastWord = new Int32Array(0);

  constructor(
    private readonly engine: MiniSearchInternals,
    private readonly boosts: Record<string, number>,
    private readonly weights: Weights,
  ) {}

  /** The sections matching `words` (with duplicates, as typed) and `extra`, best first. */
  score(words: readonly QueryWord[], extra: readonly ExtraWord[]): Scored {
    this.grow(this.engine._nextId + 1);
    const touched: number[] = [];
    const matched: [string, FieldPostings | readonly number[]][] = [];
    try {
      this.sum(words, extra, touched, matched);
      const final = this.sums;
      // Array.prototype.sort is stable: equal scores keep the order sections were first matched in.
      // The comparator answers -1, 0 or 1, not a difference, which would be a boxed number per call.
      touched.sort((a, b) => (final[b] > final[a] ? 1 : final[b] < final[a] ? -1 : 0));
      const sections = new Int32Array(touched.length);
      const scores = new Float64Array(touched.length);
      for (let i = 0; i < touched.length; i++) {
        sections[i] = touched[i];
        scores[i] = final[touched[i]];
      }
      return { sections, scores, termsOf: (section) => termsOf(matched, section) };
    } finally {
      // The arrays start the next query at zero, whatever happened to this one.
      for (const section of touched) {
        this.sums[section] = 0;
        this.words[section] = 0;
        this.lastWord[section] = 0;
      }
    }
  }

  /** Each touched section's final score into `sums`: its words' scores, times how many distinct words it matched. */
  private sum(words: readonly QueryWord[], extra: readonly ExtraWord[], touched: number[], matched: [string, FieldPostings | readonly number[]][]): void {
    // A word typed twice is looked up once and counts twice, as MiniSearch runs it twice.
    const counts = new Map<string, number>();
    for (const word of words) counts.set(word.term, (counts.get(word.term) ?? 0) + 1);
    let wordNumber = 0;
    for (const word of words) {
      const times = counts.get(word.term);
      if (!times) continue;
      counts.delete(word.term);
      wordNumber++;
      for (const [term, postings, weight] of this.expand(word)) {
        matched.push([term, postings]);
        this.add(postings, weight * word.boost * times, wordNumber, touched);
      }
    }
    for (const { term, sections } of extra) {
      wordNumber++;
      matched.push([term, sections]);
      const weight = idf(this.engine._documentCount, sections.length);
      for (const section of sections) {
        this.sums[section] += weight;
        this.count(section, wordNumber, touched);
      }
    }
    for (const section of touched) this.sums[section] *= this.words[section];
  }

  /** The index terms a word matches, with their postings and weights: itself, longer words (prefix), near spellings (fuzzy). */
  private *expand(word: QueryWord): Generator<[string, FieldPostings, number]> {
    const index = this.engine._index;
    const exact = index.get(word.term);
    if (exact) yield [word.term, exact, 1];
    const fuzzy = word.fuzzy ? index.fuzzyGet(word.term, word.fuzzy) : undefined;
    if (word.prefix) {
      for (const [term, postings] of index.atPrefix(word.term)) {
        const distance = term.length - word.term.length;
        if (!distance) continue;
        // A longer word that is also a near spelling counts as a prefix match, as in MiniSearch.
        fuzzy?.delete(term);
        yield [term, postings, (this.weights.prefix * term.length) / (term.length + 0.3 * distance)];
      }
    }
    for (const [term, [postings, distance]] of fuzzy ?? []) {
      if (distance) yield [term, postings, (this.weights.fuzzy * term.length) / (term.length + distance)];
    }
  }

  /**
   * Adds a term's BM25+ score in every field and section that holds it. Written for the optimizer,
   * as it runs for thousands of sections: no entry arrays (keys, then get) and no call with a
   * floating-point argument (it would be boxed).
   */
  private add(postings: FieldPostings, weight: number, wordNumber: number, touched: number[]): void {
    const { _fieldIds: fieldIds, _avgFieldLength: averages, _fieldLength: lengths, _documentIds: live, _documentCount: count, _dirtCount: dirt } = this.engine;
    for (const field in this.boosts) {
      const fieldId = fieldIds[field];
      const occurrences = postings.get(fieldId);
      if (!occurrences) continue;
      // Discarded sections stay in the postings until MiniSearch's vacuum runs: they are not counted.
      const fieldWeight = weight * this.boosts[field] * idf(count, dirt ? liveCount(occurrences, live) : occurrences.size);
      const average = averages[fieldId];
      for (const section of occurrences.keys()) {
        if (dirt && !live.has(section)) continue;
        const frequency = occurrences.get(section)!;
        const length = lengths.get(section)![fieldId];
        this.sums[section] += fieldWeight * (BM25.d + (frequency * (BM25.k + 1)) / (frequency + BM25.k * (1 - BM25.b + (BM25.b * length) / average)));
        this.count(section, wordNumber, touched);
      }
    }
  }

  /** Notes that a section matched a word: its first match, and each distinct word once. */
  private count(section: number, wordNumber: number, touched: number[]): void {
    if (!this.words[section]) touched.push(section);
    if (this.lastWord[section] !== wordNumber) {
      this.lastWord[section] = wordNumber;
      this.words[section]++;
    }
  }

  /**
   * Bytes of the arrays a query needs: 16 per section id ever given. MiniSearch never reuses an id,
   * so a long-lived index that pushes keep changing needs more; the cache budget counts it, and an
   * index that outgrows its share is dropped and built afresh, with ids from 1 again.
   */
  bytes(): number {
    return 16 * (this.engine._nextId + ROOM);
  }

  /** Makes room for sections up to `size`, and a few more pages' worth so that small pushes do not each reallocate. */
  private grow(size: number): void {
    if (this.sums.length >= size) return;
    const room = size + ROOM;
    this.sums = new Float64Array(room);
    this.words = new Int32Array(room);
    this.lastWord = new Int32Array(room);
  }
}

/** BM25's inverse document frequency of a term in `matching` of `count` sections. */
function idf(count: number, matching: number): number {
  return Math.log(1 + (count - matching + 0.5) / (matching + 0.5));
}

/** How many of the sections of `occurrences` are still indexed. */
function liveCount(occurrences: Map<number, number>, live: Map<number, number>): number {
  let count = 0;
  for (const section of occurrences.keys()) if (live.has(section)) count++;
  return count;
}

/** The terms of `matched` whose postings hold `section`. */
function termsOf(matched: readonly [string, FieldPostings | readonly number[]][], section: number): string[] {
  const terms = new Set<string>();
  for (const [term, postings] of matched) {
    const holds = Array.isArray(postings) ? postings.includes(section) : [...(postings as FieldPostings).values()].some((sections) => sections.has(section));
    if (holds) terms.add(term);
  }
  return [...terms];
}
