// One docs instance of docsite.yaml, as Docusaurus's plugin-content-docs has it (decision 028):
// where its docs are, where they are served, its sidebars, and its versions, which are either
// Docusaurus's folders of one commit (a `versions` map of options) or git refs (a `versions` list).
import { z } from 'zod';
import { VERSION_BANNERS } from '../docs/docs-version.js';
import { translationsFolder } from '../docs/translations.js';

/** A URL segment or a name: letters, digits, `.`, `-` and `_`. */
const segment = z.string().regex(/^[\w.-]+$/, 'letters, digits, ".", "-" and "_"');

/** A version that reads a git ref (our model): what readers and the API see, with Docusaurus's names. */
export const refVersionSchema = z.object({
  name: segment.describe('The version name; `current` is the one that reads the default branch.'),
  ref: z.string().min(1).optional().describe('The branch or tag it reads (required except for `current`, which reads the default branch).'),
  label: z.string().optional().describe('Shown in the version switcher; default: the name (`Next` for current).'),
  path: segment.optional().describe('The URL segment after the base; default: the name (`next` for current). The last version is served at the base.'),
  pluginId: z.string().optional().describe('Docusaurus plugin id, passed to the API as is; default: the instance id.'),
  version: z.string().optional().describe('Docusaurus version name, passed to the API as is; default: the name.'),
  banner: z.enum(VERSION_BANNERS).default('none').describe('The notice above every page of this version.'),
  badge: z.boolean().default(true).describe('Show the version badge (passed to the API).'),
  noIndex: z.boolean().default(false).describe('Ask search engines not to index this version.'),
  className: z.string().optional().describe('A CSS class for pages of this version; default docs-version-{name}.'),
  isLast: z.boolean().optional().describe('The version served at /{base}/; default: the first listed version other than current.'),
  docsSidebars: z.array(z.string()).optional().describe('Sidebar names, passed to the API as is.'),
});

/** Docusaurus's per-version options (`versions.{name}` of plugin-content-docs), for versions kept in folders. */
export const folderVersionSchema = z
  .object({
    label: z.string().optional().describe('Shown in the version menu; default: the name (`Next` for current).'),
    path: segment.optional().describe("The URL segment after the base; default: '' for the last version, `next` for current, else the name."),
    banner: z.enum(VERSION_BANNERS).optional().describe('Default: none for the last version, unreleased for newer ones, unmaintained for older.'),
    badge: z.boolean().optional().describe('Show "Version: …" above each page; default: when the instance has more than one version.'),
    noIndex: z.boolean().optional().describe('Ask search engines not to index this version.'),
    className: z.string().optional().describe('A CSS class on pages of this version; default docs-version-{name}.'),
  })
  .strict();

/** A ref-versions list: each version reads a branch or tag (at most one `isLast`). */
export const refVersionsSchema = z.array(refVersionSchema).superRefine((versions, ctx) => {
  versions.forEach((version, index) => {
    if (version.name !== 'current' && !version.ref) ctx.addIssue({ code: 'custom', path: [index, 'ref'], message: 'required: the branch or tag this version reads' });
  });
  if (versions.filter((version) => version.isLast).length > 1) ctx.addIssue({ code: 'custom', path: [], message: 'at most one version may have isLast: true' });
});

/** One docs instance as written in docsite.yaml. */
export const instanceSchema = z
  .object({
    id: segment.optional().describe('The instance id (Docusaurus pluginId); default: `default` for the first instance, else its base.'),
    label: z.string().min(1).optional().describe('How readers see the instance named (the scope of a search in it), e.g. "Guides"; default: its versions alone.'),
    path: z.string().default('general').describe('The docs folder in the repository.'),
    base: z
      .string()
      .regex(/^([\w.-]+(\/[\w.-]+)*)?$/, 'URL segments of letters, digits, ".", "-" and "_", such as docs or docs/api; "" for the site root')
      .optional()
      .describe("The URL prefix, /{base}/... (Docusaurus's routeBasePath): one segment, several (`docs/api`), or '' for the site root (docs-only mode); default: the folder name."),
    sidebars: z
      .string()
      .optional()
      .describe(
        'The sidebars file (YAML, or a Docusaurus sidebars JSON) of the current version: a repository path, or, in an operator configuration (DOCSITE_CONFIG), a path beside it.',
      ),
    editUrl: z
      .string()
      .optional()
      .describe('The "Edit this page" link: with {ref} and {path} placeholders, or a URL the file path is appended to (Docusaurus); default: the top-level editUrl.'),
    editCurrentVersion: z.boolean().default(false).describe("Docusaurus's editCurrentVersion: every version's edit link opens the file in the current version's folder."),
    editLocalizedFiles: z
      .boolean()
      .default(false)
      .describe("Docusaurus's editLocalizedFiles: a translated doc's edit link opens its translation; otherwise the original it translates."),
    versions: z
      .union([refVersionsSchema, z.record(folderVersionSchema)])
      .optional()
      .describe('A list: versions that read git refs. A map: Docusaurus options of the versions kept in folders (versions.json, versioned_docs/, versioned_sidebars/).'),
    include: z.array(z.string().min(1)).optional().describe("Globs of the pages in the docs folder (Docusaurus's include); default: every .md and .mdx file."),
    exclude: z
      .array(z.string())
      .optional()
      .describe("Globs of files that are not pages (Docusaurus's exclude); replaces the default: _-prefixed files and folders, tests, __tests__ folders."),
    lastVersion: z.string().optional().describe('Folder versions: the version served as the latest; default: the first of versions.json, else current.'),
    includeCurrentVersion: z.boolean().default(true).describe('Folder versions: serve the current version (the docs folder itself).'),
    onlyIncludeVersions: z.array(z.string()).optional().describe('Folder versions: serve only these.'),
    disableVersioning: z.boolean().default(false).describe('Ignore the versions file: only the current version.'),
    archivedVersions: z.string().optional().describe('A JSON file of the repository, {"4.1": "https://…"}: versions no longer served, listed in the version menu as links out.'),
  })
  .strict();

export type InstanceInput = z.infer<typeof instanceSchema>;
export type RefVersionConfig = z.infer<typeof refVersionSchema>;
export type FolderVersionConfig = z.infer<typeof folderVersionSchema>;

/** One docs instance after defaults: what the rest of the server reads. */
export interface InstanceConfig extends Omit<InstanceInput, 'id' | 'base' | 'sidebars' | 'versions'> {
  id: string;
  /** URL segments without leading or trailing slashes: `docs`, `docs/api`, '' at the site root. */
  base: string;
  /** The folder of the Docusaurus site its versioned files are kept in (`versions.json`, `versioned_docs/`): '' for the root. */
  siteDir: string;
  /** The folder of its translation files in the locale its configuration serves (`i18n/en/docusaurus-plugin-content-docs`). */
  translations: string;
  /** The locale it serves when that is not the site's default one (locales.ts): its docs are read from their translations. */
  locale?: string;
  /** The sidebars file of the current version (undefined: one sidebar of every doc, as Docusaurus). */
  sidebars: string | undefined;
  /** Versions that read git refs (our model); undefined for folder versions or none. */
  refVersions: RefVersionConfig[] | undefined;
  /** Docusaurus's options of folder versions, by name (empty when none are given). */
  folderVersions: Readonly<Record<string, FolderVersionConfig>>;
}

/** The instance's options with defaults applied: its id, its base, and which version model it uses. */
export function normalizeInstance(
  input: InstanceInput,
  index: number,
  fallback: { sidebars?: string; editUrl?: string; refVersions?: RefVersionConfig[]; siteDir?: string; i18nDir?: string },
): InstanceConfig {
  const base = input.base ?? input.path.split('/').filter(Boolean).pop() ?? 'docs';
  const refVersions = Array.isArray(input.versions) ? input.versions : input.versions ? undefined : fallback.refVersions;
  return {
    ...input,
    id: input.id ?? (index === 0 ? 'default' : base),
    base,
    siteDir: fallback.siteDir ?? '',
    translations: translationsFolder(input.id ?? (index === 0 ? 'default' : base), fallback.i18nDir ?? 'i18n/en'),
    sidebars: input.sidebars ?? fallback.sidebars,
    editUrl: input.editUrl ?? fallback.editUrl,
    refVersions: refVersions?.length ? refVersions : undefined,
    folderVersions: input.versions && !Array.isArray(input.versions) ? input.versions : {},
  };
}
