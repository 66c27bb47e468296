// The front matter of a blog post (Docusaurus's blog `frontMatter.ts`), as a zod schema: what each
// field means, and what YAML writers disagree on coerced. Unknown keys are kept for components.
import { z } from 'zod';

/** A boolean, or the strings `true`/`false`, which Docusaurus converts (Joi). */
const flag = z.preprocess((value) => (value === 'true' ? true : value === 'false' ? false : value), z.boolean());

/** A tag: a label, or `{label, permalink}`. */
const tag = z.union([
  z.string().min(1),
  z.number().transform(String),
  z.object({ label: z.string().min(1), permalink: z.string().min(1), description: z.string().optional() }).passthrough(),
]);

/** An author written in the post: a key of the authors file, or the author itself. */
const author = z.union([
  z.string().min(1),
  z
    .object({
      key: z.string().optional(),
      name: z.string().optional(),
      title: z.string().optional(),
      url: z.string().optional(),
      email: z.string().optional(),
      imageURL: z.string().optional(),
      image_url: z.string().optional(),
      socials: z.record(z.string()).optional(),
    })
    .passthrough(),
]);

/** A date: YAML dates arrive as strings here (the `yaml` package reads YAML 1.2), or as Dates. */
const date = z.union([z.string().min(1), z.date()]);

/** The front matter of a post. */
export const postFrontMatterSchema = z
  .object({
    title: z.string().min(1).optional().describe("The post's title; default: its first heading, else its file name."),
    title_meta: z.string().min(1).optional().describe('The <title> of the page, when it differs from the title.'),
    description: z.string().optional().describe('The meta description and feed summary; default: the first line of text.'),
    slug: z.string().min(1).optional().describe('The URL path below the blog root.'),
    date: date.optional().describe('The date of the post; default: the date in its file or folder name.'),
    tags: z.array(tag).optional().describe('Tags: labels, keys of the tags file, or {label, permalink}.'),
    authors: z
      .union([author, z.array(author)])
      .optional()
      .describe('Authors: keys of the authors file, or authors written in full.'),
    author: z.string().optional().describe('A single author (Docusaurus 1 style).'),
    author_title: z.string().optional(),
    authorTitle: z.string().optional(),
    author_url: z.string().optional(),
    authorURL: z.string().optional(),
    author_image_url: z.string().optional(),
    authorImageURL: z.string().optional(),
    authorFBID: z.union([z.string(), z.number().transform(String)]).optional(),
    draft: flag.optional().describe('A draft: left out of the site (a production build).'),
    unlisted: flag.optional().describe('Served at its URL, but left out of lists, tags, feeds and the sitemap.'),
    image: z.string().min(1).optional().describe('The social card image.'),
    keywords: z.array(z.union([z.string().min(1), z.number().transform(String)])).optional(),
    hide_table_of_contents: flag.optional(),
    toc_min_heading_level: z.number().int().min(2).max(6).optional(),
    toc_max_heading_level: z.number().int().min(2).max(6).optional(),
    sidebar_label: z.string().min(1).optional().describe('The label of the post in the recent-posts sidebar.'),
    custom_edit_url: z.string().nullable().optional(),
    last_update: z.object({ date: date.optional(), author: z.string().optional() }).optional(),
  })
  .passthrough()
  .superRefine((data, ctx) => {
    if (data.draft === true && data.unlisted === true) ctx.addIssue({ code: 'custom', path: ['unlisted'], message: "can't be draft and unlisted at the same time" });
    if (data.authors !== undefined && (data.author ?? data.author_title ?? data.authorTitle ?? data.author_url ?? data.authorURL) !== undefined)
      ctx.addIssue({ code: 'custom', path: ['authors'], message: "can't be used with the legacy author front matter (author, author_title, author_url...)" });
  });

/** A post's front matter after validation. */
export type PostFrontMatter = z.infer<typeof postFrontMatterSchema>;

/** A date of front matter: YAML's `2024-05-01` and `2024/05/01` are UTC midnight (Docusaurus adds `Z`); undefined when unreadable. */
export function frontMatterDate(value: string | Date | undefined): Date | undefined {
  if (value === undefined) return undefined;
  if (value instanceof Date) return value;
  const date = /(?:Z|[+-]\d\d:?\d\d)$/.test(value.trim()) ? new Date(value) : new Date(`${value.trim()}Z`);
  if (!Number.isNaN(date.getTime())) return date;
  const local = new Date(value);
  return Number.isNaN(local.getTime()) ? undefined : local;
}
