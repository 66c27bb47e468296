// What a "page not found" offers instead: the pages whose address shares the most words with the
// one asked for (a renamed or moved page usually keeps its last segment).
import type { DocSet } from '../../content/doc-set.js';

/** A page offered on a 404. */
export interface Suggestion {
  label: string;
  /** The permalink on the default ref; the caller moves it onto the reader's ref. */
  permalink: string;
}

const WORD = /[a-z0-9]+/g;

/** Up to `limit` listed pages most like `slug`: its last segment counts triple, every other word once. */
export function suggestPages(docSet: DocSet, slug: string, limit = 5): Suggestion[] {
  const segments = slug.toLowerCase().split('/').filter(Boolean);
  const last = new Set(segments.at(-1)?.match(WORD) ?? []);
  const words = new Set(segments.join(' ').match(WORD) ?? []);
  if (words.size === 0) return [];
  const scored = docSet.docs.flatMap((doc) => {
    if (doc.unlisted) return [];
    const own = new Set(doc.permalink.toLowerCase().match(WORD) ?? []);
    const ownLast = new Set(doc.permalink.toLowerCase().split('/').at(-1)?.match(WORD) ?? []);
    let score = 0;
    for (const word of words) if (own.has(word)) score += 1;
    for (const word of last) if (ownLast.has(word)) score += 2;
    return score > 0 ? [{ score, doc }] : [];
  });
  scored.sort((a, b) => b.score - a.score || a.doc.permalink.length - b.doc.permalink.length);
  return scored.slice(0, limit).map(({ doc }) => ({ label: doc.title, permalink: doc.permalink }));
}
