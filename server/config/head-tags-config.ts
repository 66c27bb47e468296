// Tags a site puts in every page's `<head>` (`@docusaurus/plugin-pwa`'s `pwaHead`): only `link` and
// `meta`, only the attributes a web app's head needs, and a `link` only of the kinds a web app's
// head has (its manifest and icons), so that nothing in it runs, styles the page or loads code.
import { z } from 'zod';

/** The attributes a head tag keeps (any other, `onload` first, is dropped). */
export const HEAD_TAG_ATTRIBUTES = ['rel', 'href', 'sizes', 'type', 'color', 'media', 'name', 'content', 'crossorigin', 'as'] as const;

/** The `rel` words of a web app's head: its manifest and icons (no stylesheet, preload or prefetch: those load code or style). */
export const HEAD_LINK_RELS = ['manifest', 'icon', 'shortcut', 'apple-touch-icon', 'apple-touch-icon-precomposed', 'apple-touch-startup-image', 'mask-icon'];

/** True for an href a head tag may carry: a path of the site, or an https URL. */
export function isHeadHref(href: string): boolean {
  try {
    const url = new URL(href, 'https://site.invalid/');
    return url.origin === 'https://site.invalid' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** True for a `rel` of a web app's head (every word known). */
export function isHeadRel(rel: string): boolean {
  const words = rel.toLowerCase().split(/\s+/).filter(Boolean);
  return words.length > 0 && words.every((word) => HEAD_LINK_RELS.includes(word));
}

export const headTagsSchema = z
  .array(
    z
      .object({
        tagName: z.enum(['link', 'meta']),
        attributes: z
          .record(z.enum(HEAD_TAG_ATTRIBUTES), z.string())
          .refine((attributes) => attributes.href === undefined || isHeadHref(attributes.href), { message: 'href must be a path of the site or an https URL' })
          .refine((attributes) => attributes.rel === undefined || isHeadRel(attributes.rel), { message: `rel must be one of ${HEAD_LINK_RELS.join(', ')}` }),
      })
      .strict(),
  )
  .describe("Tags in every page's <head>: `link` (the web app manifest, icons) and `meta` (theme-color, apple-mobile-web-app-…), as @docusaurus/plugin-pwa's `pwaHead`.");
