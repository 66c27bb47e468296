// The full-text index of one commit's pages (docs/decisions/012-search.md): one document per
// section (a page's top, or a heading and what follows it), pages added and removed as a whole so
// a push updates only the pages it changed. The postings are packed in segments of typed arrays
// (segment.ts), each immutable: pages added since the last segment wait in a builder until the
// next search packs them, a removed page's sections are marked, and a copy shares every segment.
// Queries are scored with MiniSearch 7.2's formula and statistics (score.ts), which this index
// replaced: the same pages, order and snippets (tests/search-parity.test.ts).
import { bodyOf, FIELD_COUNT, fieldOf, pageOf, type Segment, SegmentBuilder, type SegmentPage } from './segment.js';
import { find, fuzzy, prefixRange, stringAt } from './lexicon.js';
import { issueKeyWords, queryWords, type TermCounts } from './query.js';
import { addPostings, type Placed, type ScoredIndex, type Scored, Scorer, type TermPostings } from './score.js';
import { makeSnippet } from './snippet.js';
import type { Hit, Match, PageInput } from './page-types.js';
import { BOOST, WEIGHTS } from './terms.js';

export type { Hit, Match, PageInput } from './page-types.js';

/** An indexed page: its key and its sections' ids. */
interface IndexedPage {
  key: string;
  first: number;
  count: number;
}

/** An index as plain data, for a file (v8.serialize) or another thread. */
export interface IndexData {
  segments: Placed[];
  removed: Uint8Array;
  dirt: number;
  count: number;
  averages: Float64Array;
  nextId: number;
  pages: [string, IndexedPage][];
}

/** Past this many segments, or this share of removed sections, an index is worth merging (`merged`). */
const MAX_SEGMENTS = 8;
const MAX_DIRT = 0.25;

/** A matching page and its best section; the snippet is made on `hit()` (a class, not a closure per result: queries match thousands of sections). */
class PageMatch implements Match {
  constructor(
    private readonly index: SearchIndex,
    readonly docId: string,
    readonly score: number,
    private readonly scored: Scored,
    private readonly section: number,
  ) {}

  /** The page's best section, with its snippet made now. */
  hit(): Hit {
    const { segment, base } = this.index.placedOf(this.section);
    const local = this.section - base;
    const snippet = makeSnippet(bodyOf(segment, local), this.scored.termsOf(this.section));
    return { docId: this.docId, anchor: stringAt(segment.anchors, local), heading: stringAt(segment.headings, local), score: this.score, snippet };
  }
}

/** The searchable index of one commit's pages. */
export class SearchIndex implements ScoredIndex, TermCounts {
  private segments: Placed[] = [];
  /** Pages added since the last segment was packed (their sections are ids from `nextId` back). */
  private builder: SegmentBuilder | undefined;
  private builderBase = Number.POSITIVE_INFINITY;
  removed = new Uint8Array(0);
  dirt = 0;
  /** MiniSearch's `documentCount` and `avgFieldLength`, kept with its arithmetic so scores are the same to the last bit. */
  count = 0;
  readonly averages = new Float64Array(FIELD_COUNT);
  nextId = 0;
  private readonly pages = new Map<string, IndexedPage>();
  /** Each section id's page. */
  private docOf: string[] = [];
  private readonly scorer = new Scorer(this, Object.values(BOOST), WEIGHTS);

  /** An index made from plain data (`data()`), sharing its segments. */
  static from(data: IndexData): SearchIndex {
    const index = new SearchIndex();
    index.segments = [...data.segments];
    index.removed = data.removed.slice();
    index.dirt = data.dirt;
    index.count = data.count;
    index.averages.set(data.averages);
    index.nextId = data.nextId;
    for (const [docId, page] of data.pages) index.pages.set(docId, page);
    for (const { segment, base } of index.segments) {
      for (const page of segment.pages) for (let i = 0; i < page.count; i++) index.docOf[base + page.first + i] = page.docId;
    }
    return index;
  }

  /** This index as plain data (segments shared, not copied). */
  data(): IndexData {
    this.pack();
    const { segments, removed, dirt, count, averages, nextId } = this;
    return { segments, removed, dirt, count, averages, nextId, pages: [...this.pages] };
  }

  /** How many pages are indexed. */
  get pageCount(): number {
    return this.pages.size;
  }

  /** The key a page was indexed with, if it is indexed. */
  keyOf(docId: string): string | undefined {
    return this.pages.get(docId)?.key;
  }

  /** Every indexed page's id. */
  docIds(): string[] {
    return [...this.pages.keys()];
  }

  /** Adds a page (replacing what was indexed for its id). */
  addPage(page: PageInput): void {
    this.removePage(page.docId);
    if (!this.builder) {
      this.builder = new SegmentBuilder();
      this.builderBase = this.nextId;
    }
    const first = this.nextId;
    for (const lengths of this.builder.addPage(page)) {
      const id = this.nextId++;
      this.docOf[id] = page.docId;
      this.count++;
      for (let field = 0; field < FIELD_COUNT; field++) {
        this.averages[field] = (this.averages[field] * (this.count - 1) + lengths[field]) / this.count;
      }
    }
    this.pages.set(page.docId, { key: page.key, first, count: page.sections.length });
  }

  /**
   * Adds the pages of a segment built elsewhere (a render thread: segment.ts's buildSegment),
   * replacing what was indexed for their ids: the same index as adding them one by one.
   */
  addSegment(segment: Segment): void {
    this.pack();
    const base = this.nextId;
    for (const page of segment.pages) {
      this.removePage(page.docId);
      for (let local = page.first; local < page.first + page.count; local++) {
        this.docOf[base + local] = page.docId;
        this.count++;
        for (let field = 0; field < FIELD_COUNT; field++) {
          this.averages[field] = (this.averages[field] * (this.count - 1) + segment.fieldLengths[local * FIELD_COUNT + field]) / this.count;
        }
      }
      this.pages.set(page.docId, { key: page.key, first: base + page.first, count: page.count });
    }
    this.nextId = base + segment.sectionCount;
    this.segments.push({ segment, base });
  }

  /** Removes a page and its sections; nothing when it is not indexed. */
  removePage(docId: string): void {
    const page = this.pages.get(docId);
    if (!page) return;
    if (page.first >= this.builderBase) this.pack();
    if (this.removed.length < this.nextId) {
      const grown = new Uint8Array(this.nextId + 1024);
      grown.set(this.removed);
      this.removed = grown;
    }
    for (let id = page.first; id < page.first + page.count; id++) {
      const { segment, base } = this.placedOf(id);
      for (let field = 0; field < FIELD_COUNT; field++) {
        const length = segment.fieldLengths[(id - base) * FIELD_COUNT + field];
        this.averages[field] = this.count === 1 ? 0 : (this.averages[field] * this.count - length) / (this.count - 1);
      }
      this.count--;
      this.removed[id] = 1;
      this.dirt++;
      this.docOf[id] = '';
    }
    this.pages.delete(docId);
  }

  /** Packs the pages added since the last segment into one (a search does it first; a build at its end, so its index holds no builder). */
  pack(): void {
    if (!this.builder) return;
    this.segments.push({ segment: this.builder.build(), base: this.builderBase });
    this.builder = undefined;
    this.builderBase = Number.POSITIVE_INFINITY;
  }

  /** The segment holding a section id. */
  placedOf(id: number): Placed {
    let low = 0;
    let high = this.segments.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >>> 1;
      if (this.segments[mid].base <= id) low = mid;
      else high = mid - 1;
    }
    return this.segments[low];
  }

  /**
   * The pages matching `query`, best first, each once (at its best section). A match's snippet is
   * made only when asked for (`hit()`), so a view filters and pages through matches cheaply.
   */
  search(query: string): Match[] {
    this.pack();
    const scored = this.scorer.score(queryWords(query, this), issueKeyWords(query, this.segments, this.removed));
    const best = new Map<string, Match>();
    for (let i = 0; i < scored.sections.length; i++) {
      const section = scored.sections[i];
      const docId = this.docOf[section];
      // Sections come best first: the first section of a page is its best.
      if (!best.has(docId)) best.set(docId, new PageMatch(this, docId, scored.scores[i], scored, section));
    }
    return [...best.values()];
  }

  /** A term's postings in every segment that holds it. */
  exact(term: string): TermPostings[] {
    const found: TermPostings[] = [];
    for (const placed of this.segments) {
      const t = find(placed.segment.terms, term);
      if (t >= 0) found.push({ placed, start: placed.segment.termStart[t], end: placed.segment.termStart[t + 1] });
    }
    return found;
  }

  /** The terms starting with `prefix`, in code-unit order, with their postings. */
  prefixed(prefix: string): Map<string, TermPostings[]> {
    const found = new Map<string, TermPostings[]>();
    for (const placed of this.segments) {
      const [from, to] = prefixRange(placed.segment.terms, prefix);
      for (let t = from; t < to; t++) addPostings(found, placed, t);
    }
    return this.segments.length > 1 ? new Map([...found].sort(([a], [b]) => (a < b ? -1 : 1))) : found;
  }

  /** The terms within `distance` edits of `term`, with their postings and distance. */
  near(term: string, distance: number): Map<string, [TermPostings[], number]> {
    const found = new Map<string, [TermPostings[], number]>();
    for (const placed of this.segments) {
      for (const [t, edits] of fuzzy(placed.segment.terms, term, distance)) {
        const name = stringAt(placed.segment.terms, t);
        const entry = found.get(name) ?? [[], edits];
        entry[0].push({ placed, start: placed.segment.termStart[t], end: placed.segment.termStart[t + 1] });
        found.set(name, entry);
      }
    }
    return found;
  }

  /** Whether any segment holds a term. */
  has(term: string): boolean {
    return this.segments.some(({ segment }) => find(segment.terms, term) >= 0);
  }

  /** The most sections that hold a term in one field. */
  sectionsWith(term: string): number {
    const counts = new Array<number>(FIELD_COUNT).fill(0);
    for (const { placed, start, end } of this.exact(term)) for (let i = start; i < end; i++) counts[fieldOf(placed.segment.entries[i])]++;
    return Math.max(0, ...counts);
  }

  /** Rough bytes this index holds, for the cache budget: its segments, its own arrays and the scorer's. */
  bytes(): number {
    this.pack();
    const segments = this.segments.reduce((n, { segment }) => n + segment.bytes, 0);
    return 4096 + segments + this.removed.byteLength + this.nextId * 8 + this.pages.size * 120 + this.scorer.bytes();
  }

  /** Whether the index has enough segments or removed sections to be worth merging (`merged`). */
  fragmented(): boolean {
    this.pack();
    return this.segments.length > MAX_SEGMENTS || this.dirt > this.count * MAX_DIRT;
  }

  /** A copy that can be updated without changing this one (for a ref that forks from another's commit): the segments are shared. */
  async copy(): Promise<SearchIndex> {
    return SearchIndex.from(this.data());
  }

  /**
   * The same pages in one segment, without the removed sections: indexed again from what the
   * segments stored, a few pages at a time so the event loop stays free.
   */
  async merged(): Promise<SearchIndex> {
    const live = (base: number, page: SegmentPage) => this.pages.get(page.docId)?.first === base + page.first;
    const pages = this.data().segments.flatMap(({ segment, base }) => segment.pages.filter((page) => live(base, page)).map((page) => pageOf(segment, page)));
    const merged = new SearchIndex();
    for (const [i, page] of pages.entries()) {
      merged.addPage(page);
      if (i % 20 === 19) await new Promise((resolve) => setImmediate(resolve));
    }
    merged.pack();
    return merged;
  }
}
