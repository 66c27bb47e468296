// How the index reads text (server/search/engine.ts): the terms of a section and of a query, the
// fields and their weights.
import { STOP_WORDS } from './stop-words.js';
import { termsOf } from './tokenize.js';

/**
 * A copy of a string that holds only its own characters: a piece cut from a page's HTML may keep
 * the whole page alive in V8 (a sliced string), which the index's size would not count.
 */
export function own(text: string): string {
  return text.length ? Buffer.from(text, 'utf8').toString('utf8') : '';
}

/** The fields of a section document and their weights: a title or heading match beats one in the text. */
export const BOOST = { title: 5, heading: 2, meta: 2, path: 2, body: 1 };

/** A word in more than this share of the sections is left out of a query that has other words. */
export const COMMON_SHARE = 0.4;

/** An issue key as a term (`mdl-12345`, `mobile-4286`): found exactly, kept apart from the other terms. */
export const ISSUE_KEY = /^[a-z]{2,}-\d{3,}$/;

/** Indexing and queries read text the same way: identifiers kept whole and split into their parts, stop words dropped. */
export function processTerm(token: string): string[] {
  return termsOf(token).filter(isIndexed);
}

/** Whether a term goes into the index: single characters and stop words match everything. */
export function isIndexed(term: string): boolean {
  return term.length > 1 && !STOP_WORDS.has(term);
}

/** A query's terms for the postings: an issue key typed whole is looked up in the key map, not as its parts (`mdl` is in every release note). */
export function queryTerms(token: string): string[] {
  return ISSUE_KEY.test(token.toLowerCase()) ? [] : processTerm(token);
}

/** Typos: one edit from 5 letters, two from 9 (`deprication`, `acessibility`); identifiers and numbers exactly. */
export function fuzzyOf(term: string): number {
  if (/[\d$_-]/.test(term)) return 0;
  return term.length >= 9 ? 2 : term.length >= 5 ? 1 : 0;
}

/** How much a near spelling and a longer word count, against the word as typed (scaled down by how far they are from it). */
export const WEIGHTS = { fuzzy: 0.35, prefix: 0.3 };
