// A segment: the packed index of a batch of pages (docs/decisions/012-search.md). Terms are a
// sorted list (lexicon.ts answers exact, prefix and fuzzy lookups on it), and each term's postings
// are runs of two typed arrays, sorted by field then section: the section and field in one number,
// and how often the term occurs there. Sections' text is one UTF-8 buffer, read back only for the snippets shown.
// A segment is plain data and never changes once built, so indexes share it (a branch forked from
// a version), a worker or a file can carry it (structured clone, v8.serialize), and a push adds a
// small segment instead of rewriting the big one.
import { packStrings, stringAt, type Strings } from './lexicon.js';
import { BOOST, isIndexed, ISSUE_KEY, own, processTerm } from './terms.js';
import type { PageInput } from './page-types.js';
import { PLAIN_WORD, tokenize } from './tokenize.js';

/** The fields of a section, in their ids' order (BOOST's keys): title, heading, meta, path, body. */
export const FIELDS = Object.keys(BOOST) as (keyof typeof BOOST)[];
/** How many fields a section has. */
export const FIELD_COUNT = FIELDS.length;
/** A posting's entry is `section << FIELD_BITS | field`. */
export const FIELD_BITS = 3;
const FIELD_MASK = (1 << FIELD_BITS) - 1;

/** The field of a posting's entry. */
export const fieldOf = (entry: number): number => entry & FIELD_MASK;

/** The section (the segment's own number) of a posting's entry. */
export const sectionOf = (entry: number): number => entry >>> FIELD_BITS;

/** A page of a segment: what identifies it, its page-wide fields and its sections. */
export interface SegmentPage {
  docId: string;
  key: string;
  title: string;
  path: string;
  meta: string;
  /** Its first section (the segment's own numbering), and how many it has. */
  first: number;
  count: number;
}

/** Section numbers and occurrences: 8 or 16 bits when they are small enough. */
type Numbers = Uint8Array | Uint16Array | Uint32Array;

/** The packed index of a batch of pages. */
export interface Segment {
  pages: SegmentPage[];
  sectionCount: number;
  /** Each section's page (a position in `pages`). */
  sectionPage: Numbers;
  anchors: Strings;
  headings: Strings;
  /** Each section's parent headings (sections that share them share one array). */
  parents: string[][];
  /** Each section's length in every field (MiniSearch's: its distinct tokens), FIELD_COUNT per section. */
  fieldLengths: Numbers;
  /** The sections' text, UTF-8, one after the other from `textStart`. */
  text: Uint8Array;
  textStart: Uint32Array;
  /** The terms, sorted; term `t`'s postings are positions `termStart[t]` to `termStart[t + 1]` of the three arrays below. */
  terms: Strings;
  termStart: Uint32Array;
  entries: Numbers;
  freqs: Numbers;
  /** Issue keys (`mdl-12345`), sorted, and the sections holding each: scored as rare words, looked up exactly. */
  keys: Strings;
  keyStart: Uint32Array;
  keySections: Numbers;
  /** Rough bytes held (typed arrays exactly, strings estimated). */
  bytes: number;
}

/** Collects pages' terms, then packs them into a segment. */
export class SegmentBuilder {
  private readonly pages: SegmentPage[] = [];
  private readonly sectionPage: number[] = [];
  private readonly anchors: string[] = [];
  private readonly headings: string[] = [];
  private readonly parents: string[][] = [];
  private readonly bodies: string[] = [];
  private readonly fieldLengths: number[] = [];
  /** term -> [field, section, occurrences] triples, in the order sections were added. */
  private readonly postings = new Map<string, number[]>();
  private readonly keys = new Map<string, number[]>();
  private maxFreq = 0;

  /** Sections added so far. */
  get sectionCount(): number {
    return this.bodies.length;
  }

  /** Adds a page's sections; answers each section's field lengths, for the index's averages. */
  addPage(page: PageInput): number[][] {
    const lengths: number[][] = [];
    const first = this.sectionCount;
    for (const [i, section] of page.sections.entries()) {
      const id = this.sectionCount;
      this.sectionPage.push(this.pages.length);
      this.anchors.push(section.anchor);
      this.headings.push(section.heading);
      // A page's sections under one heading have the same parents: one array for them.
      const before = this.parents.at(-1);
      const same = before && before.length === section.parents.length && before.every((parent, k) => parent === section.parents[k]);
      this.parents.push(same ? before : section.parents.map(own));
      this.bodies.push(section.body);
      // The page-wide fields once per page (its first section): repeated on every section they
      // would multiply the postings, not the answers.
      const values = [page.title, [...section.parents, section.heading].join(' '), i === 0 ? page.meta : '', i === 0 ? page.path : '', section.body];
      const sectionKeys = new Set<string>();
      const sectionLengths = values.map((value, field) => this.addField(value, field, id, sectionKeys));
      this.fieldLengths.push(...sectionLengths);
      lengths.push(sectionLengths);
      for (const key of sectionKeys) {
        const list = this.keys.get(key);
        if (list) list.push(id);
        else this.keys.set(key, [id]);
      }
    }
    this.pages.push({ docId: page.docId, key: page.key, title: own(page.title), path: own(page.path), meta: own(page.meta), first, count: page.sections.length });
    return lengths;
  }

  /** Indexes one field of a section; answers its length (distinct tokens, as MiniSearch counts). */
  private addField(value: string, field: number, section: number, keys: Set<string>): number {
    const tokens = tokenize(value);
    const counts = new Map<string, number>();
    for (const token of tokens) {
      // Most tokens are plain words: one term, with no parts and no issue key to look for.
      if (PLAIN_WORD.test(token)) {
        const term = token.toLowerCase();
        if (isIndexed(term)) counts.set(term, (counts.get(term) ?? 0) + 1);
        continue;
      }
      for (const term of processTerm(token)) {
        if (ISSUE_KEY.test(term)) keys.add(term);
        else counts.set(term, (counts.get(term) ?? 0) + 1);
      }
    }
    for (const [term, count] of counts) {
      const list = this.postings.get(term);
      if (list) list.push(field, section, count);
      else this.postings.set(term, [field, section, count]);
      if (count > this.maxFreq) this.maxFreq = count;
    }
    return new Set(tokens).size;
  }

  /** The segment of everything added. */
  build(): Segment {
    const sectionCount = this.sectionCount;
    const numbers = (length: number, max: number): Numbers => (max < 256 ? new Uint8Array(length) : max < 65536 ? new Uint16Array(length) : new Uint32Array(length));
    const terms = [...this.postings.keys()].sort();
    let total = 0;
    for (const list of this.postings.values()) total += list.length / 3;
    const termStart = new Uint32Array(terms.length + 1);
    const entries = numbers(total, sectionCount << FIELD_BITS);
    const freqs = numbers(total, this.maxFreq);
    let at = 0;
    for (const [t, term] of terms.entries()) {
      termStart[t] = at;
      const list = this.postings.get(term)!;
      // Field by field; within a field, sections stay in the order they were added.
      for (let field = 0; field < FIELD_COUNT; field++) {
        for (let i = 0; i < list.length; i += 3) {
          if (list[i] !== field) continue;
          entries[at] = (list[i + 1] << FIELD_BITS) | field;
          freqs[at++] = list[i + 2];
        }
      }
    }
    termStart[terms.length] = at;
    const keys = [...this.keys.keys()].sort();
    const keyStart = new Uint32Array(keys.length + 1);
    const keySections = numbers(
      [...this.keys.values()].reduce((n, list) => n + list.length, 0),
      sectionCount,
    );
    let k = 0;
    for (const [i, key] of keys.entries()) {
      keyStart[i] = k;
      for (const section of this.keys.get(key)!) keySections[k++] = section;
    }
    keyStart[keys.length] = k;
    const { text, textStart } = packText(this.bodies);
    const segment: Segment = {
      pages: this.pages,
      sectionCount,
      sectionPage: copyInto(numbers(sectionCount, this.pages.length), this.sectionPage),
      anchors: packStrings(this.anchors),
      headings: packStrings(this.headings),
      parents: this.parents,
      fieldLengths: copyInto(
        numbers(
          this.fieldLengths.length,
          this.fieldLengths.reduce((max, length) => Math.max(max, length), 0),
        ),
        this.fieldLengths,
      ),
      text,
      textStart,
      terms: packStrings(terms),
      termStart,
      entries,
      freqs,
      keys: packStrings(keys),
      keyStart,
      keySections,
      bytes: 0,
    };
    segment.bytes = segmentBytes(segment);
    return segment;
  }
}

/** Fills a typed array from a list. */
function copyInto(array: Numbers, list: readonly number[]): Numbers {
  array.set(list);
  return array;
}

/** The segment of a batch of pages (what a render thread builds for an index). */
export function buildSegment(pages: readonly PageInput[]): Segment {
  const builder = new SegmentBuilder();
  for (const page of pages) builder.addPage(page);
  return builder.build();
}

/** Texts as one UTF-8 buffer and where each starts. */
function packText(bodies: readonly string[]): { text: Uint8Array; textStart: Uint32Array } {
  const textStart = new Uint32Array(bodies.length + 1);
  let length = 0;
  for (const [i, body] of bodies.entries()) {
    textStart[i] = length;
    length += Buffer.byteLength(body);
  }
  textStart[bodies.length] = length;
  const text = new Uint8Array(length);
  const view = Buffer.from(text.buffer, text.byteOffset, text.byteLength);
  for (const [i, body] of bodies.entries()) view.write(body, textStart[i]);
  return { text, textStart };
}

/** A section's text. */
export function bodyOf(segment: Segment, section: number): string {
  const { text, textStart } = segment;
  return Buffer.from(text.buffer, text.byteOffset, text.byteLength).toString('utf8', textStart[section], textStart[section + 1]);
}

/** A page as the index took it, read back from its segment. */
export function pageOf(segment: Segment, page: SegmentPage): PageInput {
  const sections = [];
  for (let i = page.first; i < page.first + page.count; i++) {
    sections.push({ anchor: stringAt(segment.anchors, i), heading: stringAt(segment.headings, i), parents: segment.parents[i], body: bodyOf(segment, i) });
  }
  return { docId: page.docId, key: page.key, title: page.title, path: page.path, meta: page.meta, sections };
}

/** Rough bytes of a segment: its arrays, its packed strings (two bytes a character at most) and its pages. */
function segmentBytes(segment: Segment): number {
  const strings = [segment.anchors, segment.headings, segment.terms, segment.keys];
  const arrays = [
    segment.sectionPage,
    segment.fieldLengths,
    segment.text,
    segment.textStart,
    segment.termStart,
    segment.entries,
    segment.freqs,
    segment.keyStart,
    segment.keySections,
  ];
  const pages = segment.pages.reduce((n, page) => n + 120 + page.docId.length + page.key.length + page.title.length + page.path.length + page.meta.length, 0);
  let parents = 0;
  for (const [i, list] of segment.parents.entries()) if (list !== segment.parents[i - 1]) parents += 16 + list.reduce((n, parent) => n + 24 + parent.length, 0);
  return (
    arrays.reduce((n, array) => n + array.byteLength, 0) +
    strings.reduce((n, { chars, starts }) => n + 2 * chars.length + starts.byteLength, 0) +
    8 * segment.parents.length +
    parents +
    pages
  );
}
