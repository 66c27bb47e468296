import { parseYaml } from './yaml.js';
import { z } from 'zod';

/** The version metadata readers and the API see (Docusaurus's names). */
const versionSchema = z.object({
  name: z
    .string()
    .regex(/^[\w.-]+$/, 'letters, digits, ".", "-" and "_"')
    .describe('The version name; `current` is the one that reads the default branch.'),
  ref: z.string().min(1).optional().describe('The branch or tag it reads (required except for `current`, which reads the default branch).'),
  label: z.string().optional().describe('Shown in the version switcher; default: the name (`Next` for current).'),
  path: z
    .string()
    .regex(/^[\w.-]+$/, 'a single URL segment')
    .optional()
    .describe('The URL segment after the base; default: the name (`next` for current). The last version is served at the base.'),
  pluginId: z.string().default('default').describe('Docusaurus plugin id, passed to the API as is.'),
  version: z.string().optional().describe('Docusaurus version name, passed to the API as is; default: the name.'),
  banner: z.enum(['none', 'unreleased', 'unmaintained']).default('none').describe('The notice above every page of this version.'),
  badge: z.boolean().default(true).describe('Show the version badge (passed to the API).'),
  noIndex: z.boolean().default(false).describe('Ask search engines not to index this version.'),
  className: z.string().optional().describe('A CSS class for pages of this version; default docs-version-{name}.'),
  isLast: z.boolean().optional().describe('The version served at /{base}/; default: the first listed version other than current.'),
  docsSidebars: z.array(z.string()).optional().describe('Sidebar names, passed to the API as is.'),
});

/** The site configuration a content repository keeps in `docsite.yaml` (docs/content-repository.md). */
export const siteConfigSchema = z
  .object({
    title: z.string().default('Developer documentation').describe('The site title: navbar, landing page and <title>.'),
    url: z
      .string()
      .regex(/^https?:\/\/[^/?#\s]+$/, 'an origin: https://host, with no path')
      .optional()
      .describe("The site's public origin (https://docs.example.org), for sitemap.xml, robots.txt, canonical and og:url links; default: the request's."),
    docs: z
      .object({
        path: z.string().default('general').describe('The docs folder in the repository.'),
        base: z
          .string()
          .regex(/^[\w-]+$/, 'a single URL segment')
          .default('general')
          .describe('The URL prefix: /{base}/...'),
        sidebars: z.string().default('sidebars.yaml').describe('The sidebars file (YAML, or a Docusaurus sidebars JSON).'),
      })
      .strict()
      .default({})
      .describe('Where the docs are and where they are served.'),
    docsVersion: z.string().optional().describe('Unversioned /docs/... links in pages are rewritten to /docs/{docsVersion}/....'),
    editUrl: z.string().optional().describe('The "Edit this page" link: {ref} is the branch, {path} the file path.'),
    trackerLinks: z
      .object({ pattern: z.string(), url: z.string().includes('{id}', { message: 'must contain {id}' }) })
      .strict()
      .optional()
      .describe('Turns tracker references (e.g. ABC-123) in text into links: a regular expression and a URL with {id}.'),
    versions: z
      .array(versionSchema)
      .default([])
      .superRefine((versions, ctx) => {
        versions.forEach((version, index) => {
          if (version.name !== 'current' && !version.ref) ctx.addIssue({ code: 'custom', path: [index, 'ref'], message: 'required: the branch or tag this version reads' });
        });
        if (versions.filter((version) => version.isLast).length > 1) ctx.addIssue({ code: 'custom', path: [], message: 'at most one version may have isLast: true' });
      })
      .describe('The versions of the docs, each reading a branch or tag.'),
    previewBranches: z.string().default('*').describe('Comma-separated globs of branches readable at /{base}/~{branch}/ (`*` matches `/` too); PREVIEW_BRANCHES overrides.'),
    redirectHosts: z
      .array(z.string().regex(/^[a-z0-9.-]+$/i, 'a host name'))
      .optional()
      .describe("Hosts a page's <Redirect> may send readers to; by default it may only redirect within the site."),
    announcementBar: z
      .object({
        id: z.string().default('announcement').describe('Identifies this announcement: a reader who closed it sees a new id again.'),
        content: z.string().describe('HTML (sanitized like pages).'),
        backgroundColor: z
          .string()
          .regex(/^#[0-9a-f]{3,8}$/i, 'a #hex colour')
          .optional()
          .describe('Background colour (#hex); default: the theme.'),
        textColor: z
          .string()
          .regex(/^#[0-9a-f]{3,8}$/i, 'a #hex colour')
          .optional()
          .describe('Text colour (#hex); default: the theme.'),
        isCloseable: z.boolean().default(true).describe('Show a close button (with JavaScript; the choice is remembered in the browser).'),
      })
      .strict()
      .optional()
      .describe('A bar above the navbar on every page, as Docusaurus themeConfig.announcementBar.'),
  })
  .strict();

export type SiteConfig = z.infer<typeof siteConfigSchema>;
export type VersionConfig = z.infer<typeof versionSchema>;

/** The file a content repository keeps its site configuration in. */
export const SITE_CONFIG_FILE = 'docsite.yaml';

/** A configuration that could not be used, with where and why. */
export class SiteConfigError extends Error {
  constructor(
    readonly file: string,
    readonly line: number | undefined,
    readonly problem: string,
  ) {
    super(`${file}${line ? `:${line}` : ''}: ${problem}`);
    this.name = 'SiteConfigError';
  }
}

/**
 * Parses and validates `docsite.yaml` (undefined source: all defaults). Throws SiteConfigError
 * naming the line and what was expected.
 */
export function parseSiteConfig(source: string | undefined, file = SITE_CONFIG_FILE): SiteConfig {
  if (source === undefined) return siteConfigSchema.parse({});
  const parsed = parseYaml(source, file, 'site-config');
  if (parsed.problem) throw new SiteConfigError(file, parsed.problem.line, parsed.problem.message);
  const result = siteConfigSchema.safeParse(parsed.data ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const line = parsed.lineOf(issue.path);
  const where = issue.path.join('.') || '(top level)';
  throw new SiteConfigError(file, line, `${where}: ${issue.message}`);
}
