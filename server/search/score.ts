// Scores a query's sections from the packed postings (segment.ts), with MiniSearch 7.2's formula,
// which the index used before it was packed (docs/decisions/012-search.md): per word, field and
// section, BM25+ times the field's boost, the word's boost and the weight of a prefix or fuzzy
// match; summed, then multiplied by how many of the query's words the section matched. The sums go
// into arrays reused from one query to the next, and a section's matched terms are looked up only
// for the sections whose snippet is shown.
import type { Segment } from './segment.js';
import { stringAt } from './lexicon.js';
import { FIELD_COUNT, fieldOf, sectionOf } from './segment.js';

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

/** Sections that hold a term the index keeps apart (an issue key), scored as a rare word. */
export interface ExtraWord {
  term: string;
  /** The sections (the index's ids) that hold it. */
  sections: readonly number[];
}

/** A segment placed in an index: its sections are the index's ids `base` to `base + sectionCount - 1`. */
export interface Placed {
  segment: Segment;
  base: number;
}

/** One term's postings in one segment: positions `start` to `end` of its arrays. */
export interface TermPostings {
  placed: Placed;
  start: number;
  end: number;
}

/** What the scorer reads of an index. */
export interface ScoredIndex {
  /** Sections indexed (removed ones not counted). */
  readonly count: number;
  /** Each field's average length over the sections. */
  readonly averages: Float64Array;
  /** One more than the highest section id given. */
  readonly nextId: number;
  /** 1 for each removed section id. */
  readonly removed: Uint8Array;
  /** How many sections were removed (while any are, counts skip them). */
  readonly dirt: number;
  exact(term: string): TermPostings[];
  /** The terms starting with `prefix` (itself included), in code-unit order. */
  prefixed(prefix: string): Map<string, TermPostings[]>;
  /** The terms within `distance` edits of `term`, with their distance. */
  near(term: string, distance: number): Map<string, [TermPostings[], number]>;
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
  /** The matching sections' ids, best first (equal scores in the order they were first matched). */
  sections: Int32Array;
  /** The score of each of `sections`, in the same order. */
  scores: Float64Array;
  /** The index terms (typed, prefix, fuzzy or extra) a section matched, for its snippet. */
  termsOf(section: number): string[];
}

type Matched = [string, TermPostings[] | readonly number[]];

/** Scores queries on one index; never used by two queries at once (a query is synchronous). */
export class Scorer {
  private sums = new Float64Array(0);
  /** How many distinct query words each section matched. */
  private words = new Int32Array(0);
  /** The last word (its number in the query, from 1) that matched each section. */
  private lastWord = new Int32Array(0);

  constructor(
    private readonly index: ScoredIndex,
    private readonly boosts: readonly number[],
    private readonly weights: Weights,
  ) {}

  /** The sections matching `words` (with duplicates, as typed) and `extra`, best first. */
  score(words: readonly QueryWord[], extra: readonly ExtraWord[]): Scored {
    this.grow(this.index.nextId + 1);
    const touched: number[] = [];
    const matched: Matched[] = [];
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
  private sum(words: readonly QueryWord[], extra: readonly ExtraWord[], touched: number[], matched: Matched[]): void {
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
      const weight = idf(this.index.count, sections.length);
      for (const section of sections) {
        this.sums[section] += weight;
        this.count(section, wordNumber, touched);
      }
    }
    for (const section of touched) this.sums[section] *= this.words[section];
  }

  /** The index terms a word matches, with their postings and weights: itself, longer words (prefix), near spellings (fuzzy). */
  private *expand(word: QueryWord): Generator<[string, TermPostings[], number]> {
    const exact = this.index.exact(word.term);
    if (exact.length) yield [word.term, exact, 1];
    const fuzzy = word.fuzzy ? this.index.near(word.term, word.fuzzy) : undefined;
    if (word.prefix) {
      for (const [term, postings] of this.index.prefixed(word.term)) {
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
   * Adds a term's BM25+ score in every field and section that holds it, field by field (as
   * MiniSearch: a field's weight needs how many sections hold the term in it, in every segment).
   */
  private add(postings: readonly TermPostings[], weight: number, wordNumber: number, touched: number[]): void {
    const { averages, count, removed, dirt } = this.index;
    for (let field = 0; field < FIELD_COUNT; field++) {
      let holding = 0;
      let found = false;
      for (const { placed, start, end } of postings) {
        const entries = placed.segment.entries;
        for (let i = start; i < end; i++) {
          if (fieldOf(entries[i]) !== field) continue;
          found = true;
          if (!dirt || !removed[placed.base + sectionOf(entries[i])]) holding++;
        }
      }
      if (!found) continue;
      const fieldWeight = weight * this.boosts[field] * idf(count, holding);
      const average = averages[field];
      for (const { placed, start, end } of postings) {
        const { entries, freqs, fieldLengths } = placed.segment;
        for (let i = start; i < end; i++) {
          if (fieldOf(entries[i]) !== field) continue;
          const local = sectionOf(entries[i]);
          const section = placed.base + local;
          // Removed sections stay in their segment until it is merged: they are not counted.
          if (dirt && removed[section]) continue;
          const frequency = freqs[i];
          const length = fieldLengths[local * FIELD_COUNT + field];
          this.sums[section] += fieldWeight * (BM25.d + (frequency * (BM25.k + 1)) / (frequency + BM25.k * (1 - BM25.b + (BM25.b * length) / average)));
          this.count(section, wordNumber, touched);
        }
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

  /** Bytes of the arrays a query needs: 16 per section id ever given (a merged index numbers its sections from 0 again). */
  bytes(): number {
    return 16 * (this.index.nextId + ROOM);
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

/** The terms of `matched` whose postings hold `section`. */
function termsOf(matched: readonly Matched[], section: number): string[] {
  const terms = new Set<string>();
  for (const [term, postings] of matched) {
    const holds = postings.some((entry) => (typeof entry === 'number' ? entry === section : holdsSection(entry, section)));
    if (holds) terms.add(term);
  }
  return [...terms];
}

/** Whether a term's postings in one segment hold a section (an id of the index). */
function holdsSection({ placed, start, end }: TermPostings, section: number): boolean {
  const local = section - placed.base;
  if (local < 0 || local >= placed.segment.sectionCount) return false;
  const entries = placed.segment.entries;
  for (let i = start; i < end; i++) if (sectionOf(entries[i]) === local) return true;
  return false;
}

/** Adds a term of a segment to a map of postings by term. */
export function addPostings(found: Map<string, TermPostings[]>, placed: Placed, t: number): void {
  const { terms, termStart } = placed.segment;
  const term = stringAt(terms, t);
  const list = found.get(term);
  const postings = { placed, start: termStart[t], end: termStart[t + 1] };
  if (list) list.push(postings);
  else found.set(term, [postings]);
}
