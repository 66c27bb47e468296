// The options of one blog instance, as Docusaurus's `@docusaurus/plugin-content-blog` takes them
// (the classic preset's `blog` option, or a plugin entry with an `id`), with its defaults. One zod
// schema says what each option means; unknown options are kept, so a newer Docusaurus option never
// breaks a site.
import { z } from 'zod';

/** Docusaurus's default `exclude` of blog posts: partials and tests are not posts. */
export const DEFAULT_BLOG_EXCLUDE = ['**/_*.{js,jsx,ts,tsx,md,mdx}', '**/_*/**', '**/*.test.{js,jsx,ts,tsx}', '**/__tests__/**'];

// Docusaurus's default truncation marker: `<!-- truncate -->` in Markdown, `{/* truncate */}` in MDX.
export const DEFAULT_TRUNCATE_MARKER = /<!--\s*truncate\s*-->|\{\/\*\s*truncate\s*\*\/\}/;

/** What a problem found while reading posts does: Docusaurus logs, warns or fails the build; docsite shows a problem in all but `ignore`. */
const severity = z.enum(['ignore', 'log', 'warn', 'throw']);

/** What a finding of Docusaurus's `on...` options does: `throw` fails its build, `warn` and `log` print, `ignore` nothing. */
export type Severity = z.infer<typeof severity>;

/** `feedOptions`: which feeds, and what they say. */
const feedOptions = z
  .object({
    type: z
      .union([z.enum(['rss', 'atom', 'json', 'all']), z.array(z.enum(['rss', 'atom', 'json'])), z.null()])
      .default(['rss', 'atom'])
      .describe("Which feeds: 'rss', 'atom', 'json', 'all', a list of them, or null for none (default rss and atom)."),
    title: z.string().optional().describe("The feed's title; default: the site's title."),
    description: z.string().optional().describe('The feed\'s description; default: the site\'s title followed by " Blog".'),
    copyright: z.string().default('').describe('The copyright line of the feeds.'),
    language: z.string().optional().describe('The language of the feeds (RFC 5646).'),
    limit: z
      .union([z.number().int().positive(), z.literal(false), z.null()])
      .default(20)
      .describe('How many posts a feed holds (false or null: all).'),
    xslt: z
      .union([z.boolean(), z.null(), z.record(z.unknown())])
      .default(false)
      .describe("Style the XML feeds for browsers (true, or per feed: { rss, atom }): docsite's own stylesheet, even for a path, which would be code from the repository."),
  })
  .passthrough()
  .default({});

/** One blog instance's options, as written (docsite.yaml `blog:`, or docusaurus.config's preset `blog` / plugin). */
export const blogOptionsSchema = z
  .object({
    id: z.string().min(1).default('default').describe('The instance id, when a site has several blogs.'),
    path: z.string().min(1).default('blog').describe('The folder of posts in the repository.'),
    routeBasePath: z.string().default('blog').describe('The URL root of the blog (`/blog`).'),
    tagsBasePath: z.string().min(1).default('tags').describe('The URL path of tag pages below the blog.'),
    pageBasePath: z.string().min(1).default('page').describe('The URL path of list pages below the blog (`/blog/page/2`).'),
    archiveBasePath: z.string().min(1).nullable().default('archive').describe('The URL path of the archive below the blog; null: no archive.'),
    authorsBasePath: z.string().min(1).default('authors').describe('The URL path of author pages below the blog.'),
    blogTitle: z.string().default('Blog').describe('The title of the list pages.'),
    blogDescription: z.string().default('Blog').describe('The meta description of the list pages.'),
    postsPerPage: z
      .union([z.number().int().positive(), z.literal('ALL')])
      .default(10)
      .describe("Posts per list page, or 'ALL' for one page."),
    blogSidebarCount: z
      .union([z.number().int().nonnegative(), z.literal('ALL')])
      .default(5)
      .describe("Posts in the recent-posts sidebar, or 'ALL'."),
    blogSidebarTitle: z.string().default('Recent posts').describe('The title of the recent-posts sidebar.'),
    showReadingTime: z.boolean().default(true).describe('Shows the reading time of each post.'),
    authorsMapPath: z.string().min(1).default('authors.yml').describe('The authors file, relative to the blog folder.'),
    tags: z
      .union([z.string().min(1), z.literal(false), z.null()])
      .default('tags.yml')
      .describe('The tags file, relative to the blog folder (false or null: none).'),
    onInlineTags: severity.default('warn').describe('What a front matter tag not in the tags file does.'),
    onInlineAuthors: severity.default('warn').describe('What an inline author (not in the authors file) does.'),
    onUntruncatedBlogPosts: severity.default('warn').describe('What a post without a truncation marker does.'),
    truncateMarker: z
      .string()
      .min(1)
      .refine(isRegExp, 'not a valid regular expression')
      .optional()
      .describe('A regular expression: the marker that ends the part of a post shown in lists (default: `<!-- truncate -->` or its MDX form).'),
    editUrl: z.string().optional().describe("The base URL of a post's edit link."),
    showLastUpdateAuthor: z.boolean().default(false).describe('Shows who last changed each post.'),
    showLastUpdateTime: z.boolean().default(false).describe('Shows when each post was last changed.'),
    include: z.array(z.string()).default(['**/*.{md,mdx}']).describe('Globs of post files, relative to the blog folder.'),
    exclude: z.array(z.string()).default(DEFAULT_BLOG_EXCLUDE).describe('Globs of files that are not posts.'),
    sortPosts: z.enum(['descending', 'ascending']).default('descending').describe('The order of posts by date.'),
    blogListComponent: z.string().optional(),
    blogPostComponent: z.string().optional(),
    blogTagsListComponent: z.string().optional(),
    blogTagsPostsComponent: z.string().optional(),
    blogArchiveComponent: z.string().default('@theme/BlogArchivePage').describe('The archive page component (docsite renders its own).'),
    feedOptions,
  })
  .passthrough();

/** A blog instance's options as written. */
export type BlogOptionsInput = z.input<typeof blogOptionsSchema>;
/** A blog instance's options with Docusaurus's defaults, and its truncation marker compiled. */
export type BlogOptions = z.output<typeof blogOptionsSchema> & { marker: RegExp };

/** The options of a blog with Docusaurus's defaults for all it does not say (throws a ZodError on a wrong one). */
export function blogOptions(input: BlogOptionsInput = {}): BlogOptions {
  const options = blogOptionsSchema.parse(input);
  // Kept as text in the configuration (it is JSON); an invalid expression was refused by the schema.
  return { ...options, marker: options.truncateMarker ? new RegExp(options.truncateMarker) : DEFAULT_TRUNCATE_MARKER };
}

/** The blog instances a site configuration's `blog` names: none, one or several. */
export function blogInstancesOf(blog: BlogOptionsInput | readonly BlogOptionsInput[] | false | undefined): BlogOptions[] {
  if (!blog) return [];
  return (Array.isArray(blog) ? blog : [blog]).map((input) => blogOptions(input));
}

/** The repository folder of a blog's posts, without leading `./` or slashes (`blog`). */
export function blogFolder(options: Pick<BlogOptions, 'path'>): string {
  return options.path.replace(/^\.?\/+|\/+$/g, '');
}

/** The feed types an instance publishes. */
export function feedTypes(options: BlogOptions): ('rss' | 'atom' | 'json')[] {
  const { type } = options.feedOptions;
  if (type === null) return [];
  return type === 'all' ? ['rss', 'atom', 'json'] : Array.isArray(type) ? type : [type];
}

/** True when a text is a valid regular expression. */
function isRegExp(source: string): boolean {
  try {
    new RegExp(source);
    return true;
  } catch {
    return false;
  }
}
