// The full-text index of one commit's pages (docs/decisions/012-search.md): MiniSearch, one
// document per section (a page's top, or a heading and what follows it), pages added and removed
// as a whole so a push updates only the pages it changed. It keeps each section's text for
// snippets, so a query never reads the repository.
import MiniSearch from 'minisearch';
import type { Section } from './sections.js';
import { makeSnippet, type Snippet } from './snippet.js';
import { STOP_WORDS } from './stop-words.js';
import { termsOf, tokenize } from './tokenize.js';

/** A page as the index takes it: what identifies it, its metadata and its sections. */
export interface PageInput {
  docId: string;
  /** What the page's index entry was made from (blob, permalink...): a page whose key changed is re-indexed. */
  key: string;
  title: string;
  /** The permalink's words (`development policies codingstyle`). */
  path: string;
  /** Front matter `description`, `keywords` and `tags`, as text. */
  meta: string;
  sections: Section[];
}

/** One matching page: its best section, with a snippet. */
export interface Hit {
  docId: string;
  /** The best-matching section's heading id, `''` for the page's top. */
  anchor: string;
  heading: string;
  score: number;
  snippet: Snippet;
}

/** A matching page, before its snippet is made. */
export interface Match {
  docId: string;
  score: number;
  /** The page's best section with its snippet. */
  hit(): Hit;
}

/** A section as stored beside the index, for snippets, deep links and copies. */
interface Stored {
  docId: string;
  anchor: string;
  heading: string;
  parents: string[];
  body: string;
}

/** An indexed page: what it was made from, its page-wide fields and its sections. */
interface IndexedPage {
  key: string;
  title: string;
  path: string;
  meta: string;
  ids: number[];
}

/**
 * A copy of a string that holds only its own characters: a piece cut from a page's HTML may keep
 * the whole page alive in V8 (a sliced string), which the index's size would not count.
 */
function own(text: string): string {
  return text.length ? Buffer.from(text, 'utf8').toString('utf8') : '';
}

/** The fields of a section document and their weights: a title or heading match beats one in the text. */
const BOOST = { title: 5, heading: 2, meta: 2, path: 2, body: 1 };

/** A word in more than this share of the sections is left out of a query that has other words. */
const COMMON_SHARE = 0.4;
const FIELDS = Object.keys(BOOST);

/** Indexing and queries read text the same way: identifiers kept whole and split into their parts, stop words dropped. */
function processTerm(term: string): string[] {
  return termsOf(term).filter((part) => part.length > 1 && !STOP_WORDS.has(part));
}

/** Typos: one edit from 5 letters, two from 9 (`deprication`, `acessibility`); identifiers and numbers exactly. */
function fuzzyOf(term: string): number {
  if (/[\d$_-]/.test(term)) return 0;
  return term.length >= 9 ? 2 : term.length >= 5 ? 1 : 0;
}

const OPTIONS = {
  fields: FIELDS,
  tokenize,
  processTerm,
  searchOptions: {
    boost: BOOST,
    fuzzy: fuzzyOf,
    weights: { fuzzy: 0.35, prefix: 0.3 },
    combineWith: 'OR' as const,
  },
  // Sections of removed pages are purged in the background, not on every removal.
  autoVacuum: { minDirtCount: 200, minDirtFactor: 0.1, batchSize: 500, batchWait: 5 },
};

/** The searchable index of one commit's pages. */
export class SearchIndex {
  private readonly engine: MiniSearch<Record<string, string | number>>;
  /** Each indexed page: its key, page-wide fields and section ids. */
  private readonly pages = new Map<string, IndexedPage>();
  private readonly stored = new Map<number, Stored>();
  private nextId = 1;
  private textChars = 0;

  /** An empty index, or one around a copied engine (`copy`). */
  constructor(engine?: MiniSearch<Record<string, string | number>>) {
    this.engine = engine ?? new MiniSearch(OPTIONS);
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
    for (const [i, section] of page.sections.entries()) {
      const id = this.nextId++;
      ids.push(id);
      // The body is stored as given: the index's terms are cut from this very string, so a copy would hold it twice.
      this.stored.set(id, { docId: page.docId, anchor: own(section.anchor), heading: own(section.heading), parents: section.parents, body: section.body });
      this.textChars += section.body.length + section.heading.length;
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
    }
    this.pages.set(page.docId, { key: page.key, title: page.title, path: page.path, meta: page.meta, ids });
  }

  /** Removes a page and its sections; nothing when it is not indexed. */
  removePage(docId: string): void {
    const page = this.pages.get(docId);
    if (!page) return;
    for (const id of page.ids) {
      const stored = this.stored.get(id)!;
      this.textChars -= stored.body.length + stored.heading.length;
      this.stored.delete(id);
      this.engine.discard(id);
    }
    this.pages.delete(docId);
  }

  /**
   * The pages matching `query`, best first, each once (at its best section). A match's snippet is
   * made only when asked for (`hit()`), so a view filters and pages through matches cheaply.
   */
  search(query: string): Match[] {
    const best = new Map<string, Match>();
    // A word the index holds is no typo: looking for its near spellings costs the most and finds little.
    const fuzzy = (term: string) => (this.postings().has(term) ? 0 : fuzzyOf(term));
    const words = this.withoutCommonWords(query);
    const variants = this.variantsOf(words);
    // Other forms of a word count for less than the word as typed.
    const boostTerm = (term: string) => (variants.has(term) ? 0.5 : 1);
    // The word being typed (the last, whole: never a part such as `mdl` of `MDL-12345`) is also a
    // prefix, so the instant search answers `deprec` with `deprecation`.
    const last = tokenize(words).at(-1)?.toLowerCase();
    const prefix = (term: string) => term === last && term.length >= 3;
    for (const result of this.engine.search([words, ...variants].join(' '), { fuzzy, boostTerm, prefix })) {
      const stored = this.stored.get(result.id as number)!;
      // Results come best first: the first section of a page is its best.
      if (best.has(stored.docId)) continue;
      best.set(stored.docId, {
        docId: stored.docId,
        score: result.score,
        hit: () => ({ docId: stored.docId, anchor: stored.anchor, heading: stored.heading, score: result.score, snippet: makeSnippet(stored.body, result.terms) }),
      });
    }
    return [...best.values()];
  }

  /**
   * The query without the words most sections contain (`moodle` in Moodle's docs), when it has
   * others: they change no ranking (their weight is near zero) but cost the most, as every
   * section that holds them is scored. A query of only such words keeps them.
   */
  private withoutCommonWords(query: string): string {
    const tokens = tokenize(query);
    const postings = this.postings();
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
    const postings = this.postings();
    const words = new Set(tokenize(query).flatMap(processTerm));
    const variants = new Set<string>();
    for (const word of words) {
      if (word.length < 4 || !/^\p{L}+$/u.test(word)) continue;
      const stem = word.replace(/(?:ies|es|s|ing|ed|ion|ions|e)$/, '');
      const forms = [`${word}s`, `${word}es`, word.replace(/ies$/, 'y'), word.replace(/y$/, 'ies'), stem, ...['e', 's', 'es', 'ing', 'ed', 'ion', 'ions'].map((end) => stem + end)];
      for (const form of forms) if (!words.has(form) && postings.has(form)) variants.add(form);
    }
    return variants;
  }

  /** The index's postings: term -> field -> section -> count (MiniSearch 7.2's `_index`; the version is pinned and engine.test.ts covers it). */
  private postings(): { get(term: string): Map<number, Map<number, number>> | undefined; has(term: string): boolean } {
    return (this.engine as unknown as { _index: ReturnType<SearchIndex['postings']> })._index;
  }

  /**
   * Rough bytes this index holds, for the cache budget: per character of text (the text itself and
   * the postings that grow with it), per section and per term. Calibrated on the corpus, where
   * bench/search.ts measures 29 to 33 MiB of heap for the index (this says 31).
   */
  bytes(): number {
    return 4096 + this.textChars * 8 + this.stored.size * 600 + this.engine.termCount * 250;
  }

  /**
   * A copy that can be updated without changing this one (for a ref that forks from another's
   * commit): the pages are indexed again from what this index stored, a few at a time, so the
   * event loop stays free (serializing MiniSearch would hold it for seconds on the corpus).
   */
  async copy(): Promise<SearchIndex> {
    // Taken at once: this index may change while the copy is being made.
    const pages: PageInput[] = [...this.pages].map(([docId, page]) => ({
      docId,
      key: page.key,
      title: page.title,
      path: page.path,
      meta: page.meta,
      sections: page.ids.map((id) => {
        const { anchor, heading, parents, body } = this.stored.get(id)!;
        return { anchor, heading, parents, body };
      }),
    }));
    const copy = new SearchIndex();
    for (const [i, page] of pages.entries()) {
      copy.addPage(page);
      if (i % 20 === 19) await new Promise((resolve) => setImmediate(resolve));
    }
    return copy;
  }
}
