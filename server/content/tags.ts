import type { Doc, DocSet } from './doc-set.js';
import { permalinkOf } from './ids.js';

/** A tag: its label as written, its URL, and the docs that carry it. */
export interface Tag {
  label: string;
  permalink: string;
  docs: Doc[];
}

/**
 * lodash's `kebabCase`, which Docusaurus uses for tag URLs: words split at spaces, punctuation,
 * case changes and digits, lowercased, joined by `-` ("DevDocs Migration" -> `dev-docs-migration`, `tag1` -> `tag-1`).
 */
export function kebabCase(text: string): string {
  // Digits are words of their own (`tag1` -> `tag-1`), but for ordinals (`1st`), as in lodash.
  const words = text.match(/\p{Lu}{2,}(?=\p{Lu}\p{Ll}|\b|[^\p{L}\d]|\d)|\p{Lu}?\p{Ll}+|\p{Lu}+|\d*(?:1st|2nd|3rd|(?![123])\dth)(?=\b|[A-Z_])|\d+/gu) ?? [];
  return words.map((word) => word.toLowerCase()).join('-');
}

/** Every tag of a commit by URL slug, labels as first written, docs by title; unlisted docs left out. */
export function tagsOf(docSet: DocSet): ReadonlyMap<string, Tag> {
  const tags = new Map<string, Tag>();
  for (const doc of docSet.docs) {
    if (doc.unlisted) continue;
    for (const label of doc.tags) {
      const slug = kebabCase(label);
      if (!slug) continue;
      let tag = tags.get(slug);
      if (!tag) tags.set(slug, (tag = { label, permalink: permalinkOf(docSet.location.base, `tags/${slug}`), docs: [] }));
      tag.docs.push(doc);
    }
  }
  for (const tag of tags.values()) tag.docs.sort((a, b) => a.title.localeCompare(b.title));
  return tags;
}
