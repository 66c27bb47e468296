import { allowedKeys, nearestKey } from './schema-keys.js';
import { parseYaml } from '../content/yaml.js';
import { z } from 'zod';
import { instanceSchema, normalizeInstance, refVersionsSchema, type InstanceConfig } from './instance-config.js';
import { navbarSchema } from './navbar-config.js';
import { colorsSchema, fontSchema, footerSchema, imageSource } from './brand-config.js';
import { futureSchema, markdownSchema, sitePluginsSchema } from './markdown-config.js';
import { colorModeSchema } from './color-mode.js';
import { mathSchema, mermaidThemeSchema, npm2yarnSchema } from './markdown-plugins-config.js';
import { headTagsSchema } from './head-tags-config.js';
import { blogOptionsSchema } from '../blog/blog-options.js';
import { pagesOptionsSchema } from '../pages/pages-options.js';
import { currentLocaleOf, defaultLocaleOf, localeInfo } from './locales.js';

/**
 * A CSS colour as a config writes one: #hex, rgb()/rgba()/hsl()/hsla() of numbers, a colour name, or
 * var(--name): it is put in a style attribute, so nothing else (no `;`, `url(` or quote) gets through.
 */
const cssColor = z
  .string()
  .regex(/^(#[0-9a-f]{3,8}|[a-z]{3,30}|(rgba?|hsla?)\([\d\s.,%/+-]{1,60}\)|var\(--[\w-]{1,60}\))$/i, 'a CSS colour: #hex, rgb(), hsl(), a name or var(--name)');

/** The site configuration a content repository keeps in `docsite.yaml` (docs/content-repository.md). */
export const siteConfigSchema = z
  .object({
    title: z.string().default('Developer documentation').describe('The site title: navbar, landing page and <title>.'),
    tagline: z.string().optional().describe("A line under the title on the landing page (Docusaurus's `tagline`)."),
    url: z
      .string()
      .regex(/^https?:\/\/[^/?#\s]+$/, 'an origin: https://host, with no path')
      .optional()
      .describe("The site's public origin (https://docs.example.org), for sitemap.xml, robots.txt, canonical and og:url links; default: the request's."),
    baseUrl: z
      .string()
      .regex(/^\/([\w.~-]+\/)*$/, 'a path that starts and ends with /, such as /docs/')
      .optional()
      .describe(
        "The path the site is served under (Docusaurus's `baseUrl`, `/` by default): its docs, blogs and static files; `/` then redirects there. docsite's own addresses (/assets/, /_assets/, /api/, /mcp) stay at the root.",
      ),
    trailingSlash: z.boolean().optional().describe("Docusaurus's `trailingSlash`: true, pages are at `/x/` and `/x` redirects there; false, the other way; unset, both answer."),
    siteDir: z
      .string()
      .regex(/^([\w.-]+(\/[\w.-]+)*)?$/, 'a folder of the repository, such as website')
      .optional()
      .describe(
        'The folder of the Docusaurus site in the repository (its docusaurus.config, versions.json, static/); default: the root, else the one folder holding a docusaurus.config.',
      ),
    docs: z
      .union([instanceSchema, z.array(instanceSchema)])
      .default({})
      .describe(
        'The docs instance (Docusaurus plugin-content-docs), or a list of them (empty: a site with no docs, such as a blog alone): where the docs are and where they are served.',
      ),
    blog: z
      .union([z.literal(false), blogOptionsSchema, z.array(blogOptionsSchema)])
      .optional()
      .describe('The blog (Docusaurus plugin-content-blog), or a list of blogs by `id`: posts in `path` (blog/) served at `routeBasePath` (/blog); default: none.'),
    pages: z
      .union([z.literal(false), pagesOptionsSchema, z.array(pagesOptionsSchema)])
      .optional()
      .describe(
        'The pages (Docusaurus plugin-content-pages), or a list of instances by `id`: React and Markdown files in `path` (src/pages) served at their path below `routeBasePath` (/); default: none.',
      ),
    landingPage: z
      .boolean()
      .default(true)
      .describe("docsite's own landing page at / (the sections as cards) where no page, doc or blog is there; a Docusaurus site has none (its build answers 404 there)."),
    css: z
      .object({
        files: z
          .array(z.string().regex(/^[^\0]+\.(css|scss|sass)$/i, 'a .css, .scss or .sass file of the repository'))
          .default([])
          .describe("The site's stylesheets, repository paths in order (Docusaurus's `theme.customCss`, then its local `stylesheets`)."),
        stylesheets: z
          .array(z.string().regex(/^\/[^/\\]/, 'a path of the site, such as /css/extra.css'))
          .default([])
          .describe("Docusaurus's `stylesheets` of the site's own static folders (`/css/extra.css`), read from the commit; remote ones are left out."),
        sass: z.boolean().default(false).describe('`.scss` and `.sass` files are compiled (the site uses docusaurus-plugin-sass); otherwise they are left out.'),
        modules: z
          .boolean()
          .default(false)
          .describe("The global rules (`h1 {…}`, `@font-face`) of the site's CSS modules (src/**/*.module.css) apply to every page, as Docusaurus's one bundled sheet has them."),
      })
      .strict()
      .optional()
      .describe("The site's own CSS, served after docsite's with every page of the commit (sanitized: nothing it loads leaves the site); default: none."),
    customFields: z.record(z.unknown()).optional().describe("Docusaurus's `customFields`: values a site's own pages and components read (useDocusaurusContext)."),
    docsVersion: z.string().optional().describe('Unversioned /docs/... links in pages are rewritten to /docs/{docsVersion}/....'),
    editUrl: z.string().optional().describe('The "Edit this page" link: {ref} is the branch, {path} the file path.'),
    trackerLinks: z
      .object({ pattern: z.string(), url: z.string().includes('{id}', { message: 'must contain {id}' }) })
      .strict()
      .optional()
      .describe('Turns tracker references (e.g. ABC-123) in text into links: a regular expression and a URL with {id}.'),
    npm2yarn: npm2yarnSchema.optional(),
    math: mathSchema.optional(),
    mermaidTheme: mermaidThemeSchema.optional(),
    versions: refVersionsSchema.optional().describe('The versions of a single docs instance, each reading a branch or tag (with a list of instances: each its own `versions`).'),
    i18n: z
      .object({
        defaultLocale: z.string().min(1).default('en').describe('The locale the site is written in: its translation files (i18n/{locale}/) give its labels.'),
        locales: z
          .array(z.string().min(1))
          .optional()
          .describe('Every locale served: the default one at the base URL, each other below it at /{locale}/ (or its localeConfigs baseUrl), read from i18n/{locale}/.'),
        path: z
          .string()
          .regex(/^[\w.-]+(\/[\w.-]+)*$/, 'a folder of the site')
          .default('i18n')
          .describe("The folder of translations in the site's folder."),
        localeConfigs: z
          .record(
            z
              .object({
                path: z
                  .string()
                  .regex(/^[\w.-]+$/)
                  .optional(),
                label: z.string().optional(),
                direction: z.enum(['ltr', 'rtl']).optional(),
                htmlLang: z.string().optional(),
                calendar: z.string().optional(),
                baseUrl: z
                  .string()
                  .regex(/^\/?([\w.~-]+\/)*[\w.~-]*\/?$/, 'a path such as /zh/')
                  .optional()
                  .describe("The locale's base URL (Docusaurus 3.8's localeConfigs[l].baseUrl); default: the site's baseUrl, then the locale."),
              })
              .passthrough(),
          )
          .default({}),
      })
      .optional()
      .describe(
        "Docusaurus's i18n: its locales, each served as the site at its own base URL, its translation files giving its docs and the labels of versions, sidebars, navbar and footer (decision 043).",
      ),
    markdown: markdownSchema,
    sitePlugins: sitePluginsSchema,
    future: futureSchema,
    previewBranches: z.string().default('*').describe('Comma-separated globs of branches readable at /{base}/~{branch}/ (`*` matches `/` too); PREVIEW_BRANCHES overrides.'),
    redirectHosts: z
      .array(z.string().regex(/^[a-z0-9.-]+$/i, 'a host name'))
      .optional()
      .describe("Hosts a page's <Redirect> may send readers to; by default it may only redirect within the site."),
    announcementBar: z
      .object({
        id: z.string().default('announcement').describe('Identifies this announcement: a reader who closed it sees a new id again.'),
        content: z.string().describe('HTML (sanitized like pages).'),
        backgroundColor: cssColor.optional().describe('Background colour (a CSS colour: #hex, rgb(), hsl(), a name or var(--name)); default: the theme.'),
        textColor: cssColor.optional().describe('Text colour (a CSS colour); default: the theme.'),
        isCloseable: z.boolean().default(true).describe('Show a close button (with JavaScript; the choice is remembered in the browser).'),
      })
      .strict()
      .optional()
      .describe('A bar above the navbar on every page, as Docusaurus themeConfig.announcementBar.'),
    colorMode: colorModeSchema.default({}).describe("Light and dark, as Docusaurus's themeConfig.colorMode; default: the system's choice, switchable."),
    navbar: navbarSchema.default({}).describe('The navbar, as Docusaurus themeConfig.navbar (items); default: one item per sidebar of the docs being read.'),
    headTags: headTagsSchema.optional(),
    favicon: imageSource('img/favicon.ico')
      .optional()
      .describe("The site's icon: a file of the static folders, an http(s) URL or a data: URI (Docusaurus's `favicon`); a file also answers /favicon.ico. Default: docsite's own."),
    colors: colorsSchema
      .optional()
      .describe("The brand colours; default: docsite's own. A colour that fails WCAG AA on its background is reported and replaced by one that passes."),
    fonts: z
      .array(fontSchema)
      .optional()
      .describe("Fonts of the static folders (font-display: swap); default: the system's. Never in lite mode, nor below 997 px (phones keep system fonts)."),
    footer: footerSchema.optional().describe("The footer, as Docusaurus's themeConfig.footer: link columns and a copyright line."),
    staticDirectories: z
      .array(z.string())
      .default(['static'])
      .describe('Folders of the repository served at the site root, as Docusaurus copies them (their `_redirects` file is applied, in Netlify syntax).'),
  })
  .strict()
  .superRefine((config, ctx) => {
    const list = Array.isArray(config.docs) ? config.docs : [config.docs];
    if (Array.isArray(config.docs) && config.versions) ctx.addIssue({ code: 'custom', path: ['versions'], message: 'with a list of docs instances, give each its own `versions`' });
    const instances = list.map((input, index) => normalizeInstance(input, index, {}));
    for (const [key, what] of [
      ['id', 'id'],
      ['base', 'base'],
    ] as const) {
      const seen = new Set<string>();
      instances.forEach((instance, index) => {
        if (seen.has(instance[key])) ctx.addIssue({ code: 'custom', path: ['docs', index, key], message: `two docs instances have the ${what} "${instance[key]}"` });
        seen.add(instance[key]);
      });
    }
  });

export type SiteConfig = z.infer<typeof siteConfigSchema> & {
  /** The locale this configuration serves (locales.ts `localizedConfig`); undefined: the default locale. Not written in docsite.yaml. */
  locale?: string;
  /** The site's own base URL, in a locale's configuration whose `baseUrl` is the locale's. */
  siteBaseUrl?: string;
};

/** The file a content repository keeps its site configuration in. */
export const SITE_CONFIG_FILE = 'docsite.yaml';

/** A configuration that could not be used, with where and why. */
export class SiteConfigError extends Error {
  constructor(
    readonly file: string,
    readonly line: number | undefined,
    readonly problem: string,
    readonly column?: number,
  ) {
    super(`${file}${line ? `:${line}${column ? `:${column}` : ''}` : ''}: ${problem}`);
    this.name = 'SiteConfigError';
  }
}

/** A configuration file as written: its data and where each value of it was written. */
export interface SiteConfigInput {
  data: Record<string, unknown>;
  positionOf(path: readonly (string | number)[]): { line: number; column?: number } | undefined;
}

/** Reads `docsite.yaml` as written, before validation. Throws SiteConfigError when it is not YAML. */
export function readSiteConfigInput(source: string, file = SITE_CONFIG_FILE): SiteConfigInput {
  const parsed = parseYaml(source, file, 'site-config');
  if (parsed.problem) throw new SiteConfigError(file, parsed.problem.line, parsed.problem.message, parsed.problem.column);
  const data = parsed.data ?? {};
  if (typeof data !== 'object' || Array.isArray(data)) throw new SiteConfigError(file, 1, '(top level): a map of settings was expected');
  return { data: data as Record<string, unknown>, positionOf: (path) => parsed.positionOf(path) };
}

/**
 * Validates configuration input (`positionOf` says where a value was written). Throws
 * SiteConfigError naming the line and what was expected.
 */
export function validateSiteConfig(data: unknown, file: string, positionOf: SiteConfigInput['positionOf'] = () => undefined): SiteConfig {
  const result = siteConfigSchema.safeParse(data);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  // An unknown key is reported at its own line and column, with the allowed key nearest it.
  const unknown = issue.code === 'unrecognized_keys' ? issue.keys[0] : undefined;
  const path = unknown === undefined ? issue.path : [...issue.path, unknown];
  const position = positionOf(path);
  const where = path.join('.') || '(top level)';
  const allowed = allowedKeys(siteConfigSchema, issue.path);
  const nearest = unknown === undefined ? undefined : nearestKey(allowed, unknown);
  const message = unknown === undefined ? issue.message : nearest ? `unknown key; did you mean \`${nearest}\`?` : `unknown key; the keys here are ${allowed.join(', ')}`;
  throw new SiteConfigError(file, position?.line, `${where}: ${message}`, position?.column);
}

/**
 * Parses and validates `docsite.yaml` (undefined source: all defaults). Throws SiteConfigError
 * naming the line and what was expected.
 */
export function parseSiteConfig(source: string | undefined, file = SITE_CONFIG_FILE): SiteConfig {
  if (source === undefined) return siteConfigSchema.parse({});
  const input = readSiteConfigInput(source, file);
  return validateSiteConfig(input.data, file, input.positionOf);
}

/**
 * The docs instances of a configuration, defaults applied. The single-instance form (`docs:` an
 * object, top-level `versions` reading refs) is the instance `default` with the defaults it always had.
 */
export function instancesOf(config: SiteConfig): InstanceConfig[] {
  const siteDir = config.siteDir ?? '';
  const i18nDir = currentLocaleDir(config);
  if (Array.isArray(config.docs)) return config.docs.map((input, index) => atBase(config, normalizeInstance(input, index, { editUrl: config.editUrl, siteDir, i18nDir })));
  // Versions in folders only when asked for (a `versions` map): before instances, a single docs
  // folder never read versions.json, and a repository may hold one for something else.
  const folders = config.docs.versions !== undefined && !Array.isArray(config.docs.versions);
  const input = { base: 'general', ...config.docs, disableVersioning: config.docs.disableVersioning || !folders };
  return [atBase(config, normalizeInstance(input, 0, { sidebars: 'sidebars.yaml', editUrl: config.editUrl, refVersions: config.versions, siteDir, i18nDir }))];
}

/** An instance served below the site's base URL (its `base` the full route). */
function atBase(config: SiteConfig, instance: InstanceConfig): InstanceConfig {
  const localized = config.locale && config.locale !== defaultLocaleOf(config) ? { ...instance, locale: config.locale } : instance;
  return siteBase(config) ? { ...localized, base: underBase(config, instance.base) } : localized;
}

/** The segments of a site's base URL, without slashes: `open-source/spectacle` for `/open-source/spectacle/`, '' for `/`. */
export function siteBase(config: Pick<SiteConfig, 'baseUrl'>): string {
  return (config.baseUrl ?? '/').replace(/^\/+|\/+$/g, '');
}

/** A route of the site below its base URL: `docs` is `project/docs` under `/project/`. */
export function underBase(config: Pick<SiteConfig, 'baseUrl'>, route: string): string {
  return [siteBase(config), route].filter(Boolean).join('/');
}

/** The repository folder of the translation files of the locale a configuration serves (the default one, else its `locale`): `{siteDir}/i18n/{its path, else its name}`. */
export function currentLocaleDir(config: Pick<SiteConfig, 'siteDir' | 'i18n' | 'locale' | 'baseUrl' | 'siteBaseUrl'>): string {
  return localeInfo(config, currentLocaleOf(config)).dir;
}

/** The instance a doc set was read from, in its configuration (undefined when none has that id). */
export function instanceById(config: SiteConfig, id: string): InstanceConfig | undefined {
  return instancesOf(config).find((instance) => instance.id === id);
}
