// The options of one pages instance, as Docusaurus's `@docusaurus/plugin-content-pages` takes them
// (the classic preset's `pages` option, or a plugin entry with an `id`), with its defaults: every
// `.js`, `.jsx`, `.ts`, `.tsx`, `.md` and `.mdx` file of `src/pages` is a page at its path below
// `routeBasePath`, but partials (`_`-prefixed files and folders) and tests.
import { z } from 'zod';

/** Docusaurus's default `exclude` of pages: partials and tests are not pages. */
export const DEFAULT_PAGES_EXCLUDE = ['**/_*.{js,jsx,ts,tsx,md,mdx}', '**/_*/**', '**/*.test.{js,jsx,ts,tsx}', '**/__tests__/**'];

/** Docusaurus's default `include`: React components and Markdown. */
export const DEFAULT_PAGES_INCLUDE = ['**/*.{js,jsx,ts,tsx,md,mdx}'];

/** One pages instance's options, as written (docsite.yaml `pages:`, or docusaurus.config's preset `pages` / plugin). */
export const pagesOptionsSchema = z
  .object({
    id: z.string().min(1).default('default').describe('The instance id, when a site has several pages instances.'),
    path: z.string().min(1).default('src/pages').describe('The folder of pages in the repository.'),
    routeBasePath: z.string().default('').describe('The URL root of the pages (`/` by default): `src/pages/help.md` is served at `/help`.'),
    include: z.array(z.string()).default(DEFAULT_PAGES_INCLUDE).describe('Globs of page files, relative to the folder.'),
    exclude: z.array(z.string()).default(DEFAULT_PAGES_EXCLUDE).describe('Globs of files that are not pages (partials, tests).'),
  })
  .passthrough();

/** A pages instance's options as written. */
export type PagesOptionsInput = z.input<typeof pagesOptionsSchema>;
/** A pages instance's options with Docusaurus's defaults. */
export type PagesOptions = z.output<typeof pagesOptionsSchema>;

/** The pages instances a site configuration's `pages` names: none, one or several. */
export function pagesInstancesOf(pages: PagesOptionsInput | readonly PagesOptionsInput[] | false | undefined): PagesOptions[] {
  if (!pages) return [];
  return (Array.isArray(pages) ? pages : [pages]).map((input) => pagesOptionsSchema.parse(input));
}

/** The repository folder of an instance's pages, without leading `./` or slashes (`src/pages`). */
export function pagesFolder(options: Pick<PagesOptions, 'path'>): string {
  return options.path.replace(/^\.?\/+|\/+$/g, '');
}

/** The URL root of an instance's pages without slashes ('' for the site root). */
export function pagesRoot(options: Pick<PagesOptions, 'routeBasePath'>): string {
  return options.routeBasePath.replace(/^\/+|\/+$/g, '').replace(/\/{2,}/g, '/');
}
