// A post's tags as Docusaurus reads them (docusaurus-utils `tags.ts`, the tags file of 3.5): a key
// of the tags file (`tags.yml`) is a predefined tag with its label, description and permalink; any
// other label is an inline tag at `/blog/tags/{kebab-case label}`.
import { z } from 'zod';
import { joinUrl } from './blog-url.js';
import { kebabCase } from '../content/tags.js';

/** A tag of a post. */
export interface BlogTag {
  label: string;
  permalink: string;
  description?: string;
  /** True when the post names it without the tags file defining it. */
  inline: boolean;
}

/** The tags file: keys to a label, description and permalink (each optional; `null` for all defaults). */
export const tagsFileSchema = z.record(
  z
    .object({ label: z.string().min(1).optional(), description: z.string().optional(), permalink: z.string().min(1).optional() })
    .nullable()
    .transform((tag) => tag ?? {}),
);

/** A tag as front matter writes it. */
type FrontMatterTag = string | { label: string; permalink: string; description?: string };

/** The tags file's tags by key, their permalinks under `tagsBase` (`/blog/tags`). */
export function tagsMapOf(data: z.infer<typeof tagsFileSchema>, tagsBase: string): Map<string, BlogTag> {
  const map = new Map<string, BlogTag>();
  for (const [key, tag] of Object.entries(data)) {
    const label = tag.label ?? key.charAt(0).toUpperCase() + key.slice(1).toLowerCase();
    map.set(key, { label, description: tag.description, permalink: joinUrl(tagsBase, tag.permalink ?? kebabCase(key)), inline: false });
  }
  return map;
}

/** A post's tags, one per permalink; `inline` gets each label the tags file does not define (when there is one). */
export function postTags(tags: readonly FrontMatterTag[] | undefined, map: ReadonlyMap<string, BlogTag> | undefined, tagsBase: string, inline: (label: string) => void): BlogTag[] {
  const result = new Map<string, BlogTag>();
  for (const written of tags ?? []) {
    const predefined = typeof written === 'string' ? map?.get(written) : undefined;
    if (map && !predefined) inline(typeof written === 'string' ? written : written.label);
    const tag: BlogTag =
      predefined ??
      (typeof written === 'string'
        ? { label: written, permalink: joinUrl(tagsBase, kebabCase(written)), description: undefined, inline: true }
        : { label: written.label, permalink: joinUrl(tagsBase, written.permalink), description: written.description, inline: true });
    if (!result.has(tag.permalink)) result.set(tag.permalink, tag);
  }
  return [...result.values()];
}
