// The Markdown plugins most Docusaurus sites install that docsite does natively, as site options:
// what `@docusaurus/remark-plugin-npm2yarn`, `remark-math`, `rehype-katex` and `@docusaurus/theme-mermaid` amount to.
import { z } from 'zod';

/** `@docusaurus/remark-plugin-npm2yarn`: ```bash npm2yarn blocks as tabs, one per package manager. */
export const npm2yarnSchema = z
  .object({
    sync: z.boolean().default(false).describe('Every such block shows the package manager the reader last chose.'),
    converters: z.array(z.enum(['yarn', 'pnpm', 'bun'])).default(['yarn', 'pnpm']),
  })
  .strict()
  .describe('Code blocks written ```bash npm2yarn show tabs: the npm command, and the same for each package manager (@docusaurus/remark-plugin-npm2yarn).');

/** The options of KaTeX that decide what a formula looks like (rehype-katex's options); `trust` is never on. */
export const katexSchema = z
  .object({
    macros: z.record(z.string()).optional().describe('Macros every formula may use: `{"\\\\RR": "\\\\mathbb{R}"}`.'),
    output: z.enum(['html', 'mathml', 'htmlAndMathml']).optional().describe("KaTeX's output: drawn HTML, MathML for screen readers, or both (default)."),
    strict: z.union([z.boolean(), z.enum(['ignore', 'warn', 'error'])]).optional(),
    fleqn: z.boolean().optional().describe('Display formulas are flush left.'),
    leqno: z.boolean().optional().describe('Equation numbers on the left.'),
    minRuleThickness: z.number().positive().optional(),
    maxSize: z.number().positive().optional(),
    maxExpand: z.number().int().min(0).max(10_000).optional().describe('How many macro expansions a formula may take (KaTeX: 1000).'),
    errorColor: z.string().optional(),
    colorIsTextColor: z.boolean().optional(),
  })
  .strict();

/** `remark-math` (with `rehype-katex`): `$…$` and `$$…$$` formulas, drawn by KaTeX on the server. */
export const mathSchema = z
  .object({
    singleDollarTextMath: z.boolean().default(true).describe('`$x$` is a formula (remark-math); when false only `$$x$$` is, inline.'),
    katex: katexSchema
      .optional()
      .describe('Formulas are drawn by KaTeX on the server with these options (rehype-katex); without it they stay code, as remark-math alone leaves them.'),
  })
  .strict()
  .describe('`$…$` and `$$…$$` are formulas (remark-math), drawn by KaTeX (rehype-katex) with its CSS and fonts served by docsite.');

/** A site's math option, its defaults applied. */
export type MathOptions = z.infer<typeof mathSchema>;

/** mermaid's themes. */
const mermaidTheme = z.enum(['default', 'neutral', 'dark', 'forest', 'base']);

/** `themeConfig.mermaid.theme` of `@docusaurus/theme-mermaid`: the diagrams' theme in light and in dark mode. */
export const mermaidThemeSchema = z
  .object({ light: mermaidTheme.default('default'), dark: mermaidTheme.default('dark') })
  .strict()
  .describe("The theme of mermaid diagrams in light and dark mode (@docusaurus/theme-mermaid's themeConfig.mermaid.theme); default: default and dark.");
