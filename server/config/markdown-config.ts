// Docusaurus 3's site-level Markdown options (`markdown` and `future.v4` of docusaurus.config): how
// pages are read. Defaults are Docusaurus's: every page is MDX, and the MDX 1 compatibility of
// comments and admonition titles is on unless `future.v4` is set (Docusaurus 3.10's
// `future.v4.mdx1CompatDisabledByDefault`), as upstream Moodle sets it.
import { z } from 'zod';
import type { MathOptions } from './markdown-plugins-config.js';

/** Docusaurus's `markdown` site option, the parts docsite follows. */
export const markdownSchema = z
  .object({
    format: z
      .enum(['mdx', 'md', 'detect'])
      .default('mdx')
      .describe("Docusaurus's markdown.format: `mdx` reads every page as MDX; `md` as CommonMark; `detect` reads .md files as CommonMark and .mdx files as MDX."),
    mdx1Compat: z
      .object({
        comments: z.boolean().optional().describe('HTML comments `<!-- … -->` are dropped from MDX pages (default: true, false with future.v4).'),
        admonitions: z.boolean().optional().describe('`:::note Title` (a space, then the title) is read as `:::note[Title]` (default: true, false with future.v4).'),
        headingIds: z.boolean().optional().describe('`## Title {#id}` gives the heading its id in MDX pages (default: true, false with future.v4; CommonMark pages always).'),
      })
      .strict()
      .default({})
      .describe("Docusaurus's markdown.mdx1Compat: MDX 1 syntax still accepted."),
    mermaid: z
      .boolean()
      .optional()
      .describe("Docusaurus's markdown.mermaid: ```mermaid blocks are drawn as diagrams (default: true here; a docusaurus.config's default is Docusaurus's, false)."),
  })
  .strict()
  .default({})
  .describe("How pages are read, as Docusaurus's `markdown` site option.");

/** One remark plugin of the site's own repository (or its installed packages), run in the sandbox over a page's tree (decision 045). */
export const sitePluginSchema = z
  .object({
    module: z
      .string()
      .min(1)
      .describe("The repository path of the module that exports the plugin (`src/remark/images.js`), or an installed package's (`/node_modules/remark-x/index.js`, SITE_MODULES)."),
    name: z.string().optional().describe("The plugin function's name, to find it among the module's exports."),
    options: z.unknown().optional().describe('The options the config gives it (`[plugin, options]`): its attacher is called with them.'),
    at: z.string().describe('Where the config names it (`presets[0].docs.remarkPlugins[1]`), for problems.'),
  })
  .strict();

/** The site's own remark plugins by content instance (`default`, `blog:default`, `pages:default`), in the order they run. */
export const sitePluginsSchema = z
  .record(z.array(sitePluginSchema))
  .optional()
  .describe(
    "The site's own remark plugins (a module of its repository), by content instance: each page's tree goes through them in the sandbox (beforeDefaultRemarkPlugins, then remarkPlugins).",
  );

/** Docusaurus's `future` site option: only `v4` matters here. */
export const futureSchema = z
  .object({
    v4: z
      .union([z.boolean(), z.object({ mdx1CompatDisabledByDefault: z.boolean().optional() }).passthrough()])
      .default(false)
      .describe("Docusaurus's future.v4: `true` (or `{mdx1CompatDisabledByDefault: true}`) turns markdown.mdx1Compat's defaults off."),
  })
  .strict()
  .default({})
  .describe("Docusaurus's `future` flags.");

/** How one page is read: MDX or CommonMark, and the MDX 1 compatibility in force. */
export interface MarkdownOptions {
  format: 'mdx' | 'md' | 'detect';
  comments: boolean;
  admonitionTitles: boolean;
  headingIds: boolean;
  /** ```mermaid blocks are diagrams (markdown.mermaid), else code. */
  mermaid?: boolean;
  /** `$…$` and `$$…$$` are formulas (remark-math); undefined when the site has no math. */
  math?: { singleDollarTextMath: boolean };
}

/** The Markdown options of a site configuration, Docusaurus's defaults applied. */
export function markdownOptions(config: { markdown?: z.infer<typeof markdownSchema>; future?: z.infer<typeof futureSchema>; math?: MathOptions }): MarkdownOptions {
  const v4 = config.future?.v4;
  const compatDefault = !(v4 === true || (typeof v4 === 'object' && v4.mdx1CompatDisabledByDefault === true));
  const compat = config.markdown?.mdx1Compat ?? {};
  return {
    format: config.markdown?.format ?? 'mdx',
    comments: compat.comments ?? compatDefault,
    admonitionTitles: compat.admonitions ?? compatDefault,
    headingIds: compat.headingIds ?? compatDefault,
    mermaid: config.markdown?.mermaid ?? true,
    math: config.math ? { singleDollarTextMath: config.math.singleDollarTextMath } : undefined,
  };
}

/** True when a page file is read as MDX under `format` (`detect`: only .mdx files). */
export function isMdxFile(format: MarkdownOptions['format'], file: string): boolean {
  return format === 'mdx' || (format === 'detect' && /\.mdx$/i.test(file));
}

/** True when a page is read as MDX: its front matter's `mdx.format` (Docusaurus's per-file override), else the site's. */
export function isMdxPage(options: MarkdownOptions, file: string, frontMatter: Record<string, unknown>): boolean {
  const own = (frontMatter.mdx as { format?: unknown } | undefined)?.format;
  return isMdxFile(own === 'md' || own === 'mdx' || own === 'detect' ? own : options.format, file);
}
