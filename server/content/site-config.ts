import { parseYaml } from './yaml.js';
import { z } from 'zod';

/** The version metadata readers and the API see (Docusaurus's names). */
const versionSchema = z.object({
  name: z.string().regex(/^[\w.-]+$/, 'letters, digits, ".", "-" and "_"'),
  /** The branch or tag it reads; the `current` version always reads the default branch. */
  ref: z.string().min(1).optional(),
  label: z.string().optional(),
  /** URL segment; defaults to the name (`next` for `current`). */
  path: z
    .string()
    .regex(/^[\w.-]+$/, 'a single URL segment')
    .optional(),
  pluginId: z.string().default('default'),
  version: z.string().optional(),
  banner: z.enum(['none', 'unreleased', 'unmaintained']).default('none'),
  badge: z.boolean().default(true),
  noIndex: z.boolean().default(false),
  className: z.string().optional(),
  isLast: z.boolean().optional(),
  docsSidebars: z.array(z.string()).optional(),
});

/** The site configuration a content repository keeps in `docsite.yaml` (docs/content-repository.md). */
export const siteConfigSchema = z
  .object({
    title: z.string().default('Developer documentation'),
    docs: z
      .object({
        path: z.string().default('general'),
        base: z
          .string()
          .regex(/^[\w-]+$/, 'a single URL segment')
          .default('general'),
        sidebars: z.string().default('sidebars.yaml'),
      })
      .strict()
      .default({}),
    docsVersion: z.string().optional(),
    editUrl: z.string().optional(),
    trackerLinks: z
      .object({ pattern: z.string(), url: z.string().includes('{id}', { message: 'must contain {id}' }) })
      .strict()
      .optional(),
    versions: z
      .array(versionSchema)
      .default([])
      .superRefine((versions, ctx) => {
        versions.forEach((version, index) => {
          if (version.name !== 'current' && !version.ref) ctx.addIssue({ code: 'custom', path: [index, 'ref'], message: 'required: the branch or tag this version reads' });
        });
        if (versions.filter((version) => version.isLast).length > 1) ctx.addIssue({ code: 'custom', path: [], message: 'at most one version may have isLast: true' });
      }),
    previewBranches: z.string().default('*'),
    redirectHosts: z
      .array(z.string().regex(/^[a-z0-9.-]+$/i, 'a host name'))
      .optional()
      .describe("Hosts a page's <Redirect> may send readers to; by default it may only redirect within the site."),
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
