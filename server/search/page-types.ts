// What the index takes and gives (server/search/engine.ts): pages, matches and hits, and what it keeps of each.
import type { Section } from './sections.js';
import type { Snippet } from './snippet.js';

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
