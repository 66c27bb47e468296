// remark-math and rehype-katex (or rehype-mathjax) in a Docusaurus config, as docsite's `math`
// site option: Docusaurus's docs install them as a content plugin's `remarkPlugins: [remarkMath]`
// and `rehypePlugins: [rehypeKatex]`, each maybe `[plugin, options]`. docsite parses formulas as
// remark-math does and draws them with KaTeX on the server (server/markdown/math.ts).
import { isRecord, type PluginOptions } from './plugin-options.js';

/** The lists of a content plugin's options where rehype plugins are named. */
const REHYPE_LISTS = ['beforeDefaultRehypePlugins', 'rehypePlugins'] as const;

/** rehype-katex's options docsite passes to KaTeX; `trust` is never followed. */
const KATEX_KEYS = ['macros', 'output', 'strict', 'fleqn', 'leqno', 'minRuleThickness', 'maxSize', 'maxExpand', 'errorColor', 'colorIsTextColor'];

/** The package a plugin entry names (`remarkMath`, `[rehypeKatex, {…}]` as the sandbox reports a package), and its options. */
export function packagePlugin(plugin: unknown): { name?: string; options: Record<string, unknown> } {
  const fn = Array.isArray(plugin) ? plugin[0] : plugin;
  const options = Array.isArray(plugin) && isRecord(plugin[1]) ? plugin[1] : {};
  return { name: isRecord(fn) && typeof fn.$package === 'string' ? fn.$package : undefined, options };
}

/** remark-math's options as the site's `math` option (its syntax), before the drawing is known. */
export function remarkMathOf(options: Record<string, unknown>): Record<string, unknown> {
  return { math: { singleDollarTextMath: options.singleDollarTextMath !== false } };
}

/**
 * The site's `math` option: remark-math's syntax with KaTeX's options where a content plugin names
 * rehype-katex (rehype-mathjax is drawn by KaTeX too, with a problem); undefined without remark-math.
 */
export function mathOf(remarkMath: unknown, plugins: readonly PluginOptions[], report: (message: string) => void): Record<string, unknown> | undefined {
  if (!isRecord(remarkMath)) return undefined;
  for (const { options, at } of plugins) {
    for (const list of REHYPE_LISTS) {
      const entries = Array.isArray(options[list]) ? options[list] : [];
      for (const [index, entry] of entries.entries()) {
        const { name, options: katex } = packagePlugin(entry);
        if (name === 'rehype-mathjax') report(`${at}.${list}[${index}]: rehype-mathjax is drawn by KaTeX on the server (docsite does not run MathJax)`);
        if (name !== 'rehype-katex' && name !== 'rehype-mathjax') continue;
        if (katex.trust) report(`${at}.${list}[${index}]: rehype-katex's trust is not followed: \\href, \\url, \\includegraphics and \\html… are drawn as errors`);
        return { ...remarkMath, katex: name === 'rehype-katex' ? Object.fromEntries(Object.entries(katex).filter(([key]) => KATEX_KEYS.includes(key))) : {} };
      }
    }
  }
  return remarkMath;
}
