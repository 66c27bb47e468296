// Who wrote a post, as Docusaurus's blog reads it (`authors.ts`, `authorsMap.ts`): the authors file
// (`authors.yml`, keys to authors, some with a page of their own), the post's `authors` (keys or
// authors written in full) and the legacy `author*` keys of Docusaurus 1. Their links and pictures
// are content: only safe URLs are kept (blog-url.ts).
import { z } from 'zod';
import { joinUrl, safeUrl } from './blog-url.js';
import { normalizeSocials } from './author-socials.js';
import type { PostFrontMatter } from './post-front-matter.js';

/** An author as the site shows it. */
export interface Author {
  key: string | null;
  name?: string;
  title?: string;
  url?: string;
  email?: string;
  imageURL?: string;
  socials?: Record<string, string>;
  description?: string;
  /** The author's own page, when the authors file gives one. */
  page: { permalink: string } | null;
}

/** One author of the authors file. */
const mapAuthorSchema = z
  .object({
    name: z.string().optional(),
    title: z.string().optional(),
    url: z.string().optional(),
    email: z.string().optional(),
    image_url: z.string().optional(),
    imageURL: z.string().optional(),
    description: z.string().optional(),
    socials: z.record(z.union([z.string(), z.number().transform(String)])).optional(),
    page: z.union([z.boolean(), z.object({ permalink: z.string().min(1) })]).optional(),
  })
  .passthrough()
  .refine((author) => author.name ?? author.image_url ?? author.imageURL, 'An author requires either a name or an imageURL.');

/** The authors file: a map of keys to authors. */
export const authorsFileSchema = z.record(mapAuthorSchema);

/** The authors of the authors file by key, with their page permalinks under `authorsBase` (`/blog/authors`). */
export function authorsMapOf(data: z.infer<typeof authorsFileSchema>, authorsBase: string): Map<string, Author> {
  const map = new Map<string, Author>();
  for (const [key, { image_url, imageURL, page, socials, ...rest }] of Object.entries(data)) {
    const permalink = page === true ? key : page ? page.permalink : undefined;
    map.set(key, {
      ...(rest as Omit<Author, 'key' | 'page'>),
      key,
      url: safeUrl(rest.url),
      imageURL: safeUrl(imageURL ?? image_url),
      socials: socials ? normalizeSocials(socials) : undefined,
      page: permalink ? { permalink: joinUrl(authorsBase, permalink) } : null,
    });
  }
  return map;
}

/** A post's authors: keys from the map, authors written in full, or the legacy keys; `unknown` gets each key the map lacks. */
export function postAuthors(frontMatter: PostFrontMatter, map: ReadonlyMap<string, Author>, report: { unknown: (key: string) => void; inline: (name: string) => void }): Author[] {
  const { unknown } = report;
  if (frontMatter.authors === undefined) {
    const name = frontMatter.author;
    const title = frontMatter.author_title ?? frontMatter.authorTitle;
    const url = frontMatter.author_url ?? frontMatter.authorURL;
    const fbid = frontMatter.authorFBID;
    const imageURL = frontMatter.author_image_url ?? frontMatter.authorImageURL ?? (fbid ? `https://graph.facebook.com/${fbid}/picture/?height=200&width=200` : undefined);
    if (!(name ?? title ?? url ?? imageURL)) return [];
    report.inline(name ?? title ?? url ?? '');
    return [withoutUndefined({ name, title, url: safeUrl(url), imageURL: safeUrl(imageURL), key: null, page: null })];
  }
  const written = Array.isArray(frontMatter.authors) ? frontMatter.authors : [frontMatter.authors];
  return written.flatMap((author): Author[] => {
    if (typeof author === 'string') {
      const found = map.get(author);
      if (!found) unknown(author);
      return found ? [found] : [];
    }
    const { key, image_url, imageURL, socials, ...rest } = author;
    const base = key ? map.get(key) : undefined;
    if (key && !base) unknown(key);
    if (!key) report.inline((rest as { name?: string }).name ?? '');
    return [
      {
        ...base,
        ...(rest as Omit<Author, 'key' | 'page'>),
        key: key ?? null,
        url: safeUrl((rest as { url?: string }).url ?? base?.url),
        imageURL: safeUrl(imageURL ?? image_url ?? base?.imageURL),
        socials: socials ? normalizeSocials(socials) : (base?.socials ?? {}),
        page: base?.page ?? null,
      },
    ];
  });
}

/** The author without keys whose value is undefined (as Docusaurus's legacy authors have none). */
function withoutUndefined(author: Author): Author {
  return Object.fromEntries(Object.entries(author).filter(([, value]) => value !== undefined)) as unknown as Author;
}
