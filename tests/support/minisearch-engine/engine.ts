// The engine before issue 34 (MiniSearch), kept as the reference of the parity test: the packed index
// (server/search/engine.ts) must give the same pages, order and snippets.
//
// The full-text index of one commit's pages (docs/decisions/012-search.md): MiniSearch, one
// document per section (a page's top, or a heading and what follows it), pages added and removed
// as a whole so a push updates only the pages it changed. It keeps each section's text for
// snippets, so a query never reads the repository. Issue keys (`MDL-12345`) are kept beside
// MiniSearch, in a plain map: they are a third of the corpus's terms, each in a section or two, and
// MiniSearch spends about 600 bytes on every term (its tree node and two maps), a plain map a tenth.
import MiniSearch from 'minisearch';
import { type ExtraWord, type MiniSearchInternals, type QueryWord, type Scored, Scorer } from './score.js';
import { makeSnippet } from '../../../server/search/snippet.js';
import type { Hit, Match, PageInput } from '../../../server/search/page-types.js';
import { PLAIN_WORD, tokenize } from '../../../server/search/tokenize.js';
import { BOOST, COMMON_SHARE, fuzzyOf, isIndexed, ISSUE_KEY, own, processTerm, queryTerms, WEIGHTS } from '../../../server/search/terms.js';

export type { Hit, Match, PageInput } from '../../../server/search/page-types.js';

/** A section as stored beside the index, for snippets, deep links and copies. */
interface Stored {
  docId: string;
  anchor: string;
  heading: string;
  parents: string[];
  body: string;
}

/** An indexed page: what it was made from, its page-wide fields, its sections and the issue keys they hold. */
interface IndexedPage {
  key: string;
  title: string;
  path: string;
  meta: string;
  ids: number[];
  issueKeys: string[];
}

/** MiniSearch indexes; queries are scored by `score.ts` from its postings, with the same formula. */
const OPTIONS = {
  fields: Object.keys(BOOST),
  tokenize,
  // Sections of removed pages are purged in the background, not on every removal.
  autoVacuum: { minDirtCount: 200, minDirtFactor: 0.1, batchSize: 500, batchWait: 5 },
};

/** A matching page and its best section; the snippet is made on `hit()` (a class, not a closure per result: queries match thousands of sections). */
class PageMatch implements Match {
  constructor(
    private readonly stored: Stored,
    readonly score: number,
    private readonly scored: Scored,
    private readonly section: number,
  ) {}

  get docId(): string {
    return this.stored.docId;
  }

  hit(): Hit {
    const { docId, anchor, heading, body } = this.stored;
    return { docId, anchor, heading, score: this.score, snippet: makeSnippet(body, this.scored.termsOf(this.section)) };
  }
}

/** The searchable index of one commit's pages. */
export class MiniSearchIndex {
  private readonly engine: MiniSearch<Record<string, string | number>>;
  /** The same instance, seen through the internals the index reads. */
  private readonly internals: MiniSearchInternals;
  private readonly scorer: Scorer;
  /** Each indexed page: its key, page-wide fields and section ids. */
  private readonly pages = new Map<string, IndexedPage>();
  private readonly stored = new Map<number, Stored>();
  /** Issue key -> the sections that hold it. */
  private readonly issueKeys = new Map<string, number[]>();
  /** The issue keys of the section being added (MiniSearch hands every term to `indexTerms`). */
  private adding: Set<string> | undefined;
  /** The postings of each term of the page being added, as MiniSearch looked them up (see `rememberLookups`). */
  private lookups: Map<string, unknown> | undefined;
  private nextId = 1;

  /** An empty index. */
  constructor() {
    this.engine = new MiniSearch({ ...OPTIONS, processTerm: (token: string) => this.indexTerms(token) });
    this.internals = this.engine as unknown as MiniSearchInternals;
    this.scorer = new Scorer(this.internals, BOOST, WEIGHTS);
    this.rememberLookups();
  }

  /**
   * MiniSearch finds each term it indexes by walking its radix tree from the root, the largest part
   * of an index build; a page repeats most of its terms, so while a page is added a term's postings
   * are looked up once (7 to 10% off a build). Nothing else changes the tree meanwhile: `addPage`
   * is synchronous, and MiniSearch vacuums in timers, between pages.
   */
  private rememberLookups(): void {
    const tree = this.internals._index;
    const fetch = tree.fetch.bind(tree);
    tree.fetch = (term, initial) => {
      if (!this.lookups) return fetch(term, initial);
      let postings = this.lookups.get(term);
      if (postings === undefined) this.lookups.set(term, (postings = fetch(term, initial)));
      return postings;
    };
  }

  /** The terms of a token for MiniSearch; its issue keys go to the key map instead. */
  private indexTerms(token: string): string | string[] {
    // Most tokens are plain words: one term, with no array and no issue key to look for (the arrays and patterns were a tenth of a build).
    if (PLAIN_WORD.test(token)) {
      const term = token.toLowerCase();
      return isIndexed(term) ? term : '';
    }
    const terms = processTerm(token);
    if (!this.adding || !terms.some((term) => ISSUE_KEY.test(term))) return terms;
    for (const term of terms) if (ISSUE_KEY.test(term)) this.adding.add(term);
    return terms.filter((term) => !ISSUE_KEY.test(term));
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
    const ids: number[] = [];
    const pageKeys = new Set<string>();
    this.lookups = new Map();
    try {
      for (const [i, section] of page.sections.entries()) {
        const id = this.nextId++;
        ids.push(id);
        this.adding = new Set();
        // The body is stored as given: the index's terms are cut from this very string, so a copy would hold it twice.
        this.stored.set(id, { docId: page.docId, anchor: own(section.anchor), heading: own(section.heading), parents: section.parents, body: section.body });
        this.engine.add({
          id,
          title: page.title,
          heading: [...section.parents, section.heading].join(' '),
          // The page-wide fields once per page (its first section): repeated on every section they
          // would multiply the index's postings, not its answers.
          meta: i === 0 ? page.meta : '',
          path: i === 0 ? page.path : '',
          body: section.body,
        });
        // MiniSearch grows each section's field lengths from an empty array (room for 17 numbers); a copy holds the 5 (0.5 MiB on the corpus).
        const { _fieldLength: fieldLength, _idToShortId: shortIds } = this.internals;
        const shortId = shortIds.get(id)!;
        fieldLength.set(shortId, fieldLength.get(shortId)!.slice());
        for (const issueKey of this.adding) {
          pageKeys.add(issueKey);
          // A new array of exactly its length: most keys are in one section or two, and `push` would make room for 17.
          this.issueKeys.set(issueKey, this.issueKeys.get(issueKey)?.concat(id) ?? [id]);
        }
        this.adding = undefined;
      }
    } finally {
      this.lookups = undefined;
    }
    this.pages.set(page.docId, { key: page.key, title: page.title, path: page.path, meta: page.meta, ids, issueKeys: [...pageKeys] });
  }

  /** Removes a page and its sections; nothing when it is not indexed. */
  removePage(docId: string): void {
    const page = this.pages.get(docId);
    if (!page) return;
    for (const id of page.ids) {
      this.stored.delete(id);
      this.engine.discard(id);
    }
    const removed = new Set(page.ids);
    for (const issueKey of page.issueKeys) {
      const sections = this.issueKeys.get(issueKey)!.filter((id) => !removed.has(id));
      if (sections.length) this.issueKeys.set(issueKey, sections);
      else this.issueKeys.delete(issueKey);
    }
    this.pages.delete(docId);
  }

  /**
   * The pages matching `query`, best first, each once (at its best section). A match's snippet is
   * made only when asked for (`hit()`), so a view filters and pages through matches cheaply.
   */
  search(query: string): Match[] {
    const words = this.withoutCommonWords(query);
    const variants = this.variantsOf(words);
    // The word being typed (the last, whole: never a part such as `mdl` of `MDL-12345`) is also a
    // prefix, so the instant search answers `deprec` with `deprecation`; unless the index holds it
    // as typed (`app`: its 69 longer words cost more than the word, and its other forms are looked up anyway).
    const last = tokenize(words).at(-1)?.toLowerCase();
    const postings = this.internals._index;
    const queryWords = tokenize([words, ...variants].join(' '))
      .flatMap(queryTerms)
      .map((term): QueryWord => {
        const known = postings.has(term);
        return {
          term,
          // Other forms of a word count for less than the word as typed.
          boost: variants.has(term) ? 0.5 : 1,
          // A word the index holds is no typo: looking for its near spellings costs the most and finds little.
          fuzzy: known ? 0 : fuzzyOf(term),
          prefix: term === last && term.length >= 3 && !known,
        };
      });
    const scored = this.scorer.score(queryWords, this.issueKeysOf(query));
    const best = new Map<string, Match>();
    const shortIds = this.internals._documentIds;
    for (let i = 0; i < scored.sections.length; i++) {
      const section = scored.sections[i];
      const stored = this.stored.get(shortIds.get(section)!)!;
      // Sections come best first: the first section of a page is its best.
      if (!best.has(stored.docId)) best.set(stored.docId, new PageMatch(stored, scored.scores[i], scored, section));
    }
    return [...best.values()];
  }

  /**
   * The query's issue keys the index holds, with their sections: a key counts as a word (its BM25
   * weight, a rare word's for a key in one or two sections), looked up exactly in the key map.
   */
  private issueKeysOf(query: string): ExtraWord[] {
    const shortIdOf = this.internals._idToShortId;
    const keys = new Set(
      tokenize(query)
        .map((token) => token.toLowerCase())
        .filter((token) => ISSUE_KEY.test(token) && this.issueKeys.has(token)),
    );
    return [...keys].map((term) => ({ term, sections: this.issueKeys.get(term)!.map((id) => shortIdOf.get(id)!) }));
  }

  /**
   * The query without the words most sections contain (`moodle` in Moodle's docs), when it has
   * others: they change no ranking (their weight is near zero) but cost the most, as every
   * section that holds them is scored. A query of only such words keeps them.
   */
  private withoutCommonWords(query: string): string {
    const tokens = tokenize(query);
    const postings = this.internals._index;
    const limit = this.engine.documentCount * COMMON_SHARE;
    const sectionsWith = (term: string) => Math.max(0, ...[...(postings.get(term)?.values() ?? [])].map((documents) => documents.size));
    const rare = tokens.filter((token) => processTerm(token).some((term) => sectionsWith(term) <= limit));
    return rare.length && rare.length < tokens.length ? rare.join(' ') : query;
  }

  /**
   * Other forms of each query word that the index holds (`test` -> `tests`, `testing`; `policies` ->
   * `policy`; `write` -> `writing`; `deprecate` -> `deprecation`): a crude English stemmer, looked up
   * in the index instead of indexing stems (which would grow the index).
   */
  private variantsOf(query: string): Set<string> {
    const postings = this.internals._index;
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
      for (const form of forms) if (!words.has(form) && postings.has(form)) variants.add(form);
    }
    return variants;
  }
}
