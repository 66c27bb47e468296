// The page renderer's round for the site's own remark plugins (decision 045): the trees a first
// render gave (the page's, and those of the Markdown modules it imports, which Docusaurus's loader
// runs the plugins over too) each through the plugins in the sandbox, as one result for the job.
import type { Doc, DocSet } from '../content/doc-set.js';
import type { PluggedTree, SitePlugin } from '../sandbox/remark-plugins.js';
import type { TreesNeeded, PluginTree } from './plugged-tree.js';

/** Runs one tree through the plugins for a page or module (its path, source and front matter). */
export type RunPlugins = (tree: unknown, plugins: readonly SitePlugin[], doc: Doc, docSet: DocSet, source: string, now: Date) => Promise<PluggedTree>;

/** What the round gave the job, and what it means for caching the page. */
export interface PluginRound {
  pluginTree: Exclude<PluginTree, 'wanted'>;
  clock: boolean;
  retryAt?: number;
  /** True when the plugins read another doc's text (the link context hashes docs by permalink, not text). */
  readsDocs: boolean;
}

/** Runs the page's tree and its Markdown modules' trees through the plugins, one after the other. */
export async function pluginRound(
  run: RunPlugins,
  needed: TreesNeeded,
  plugins: readonly SitePlugin[],
  doc: Doc,
  docSet: DocSet,
  sources: { page: string; markdown?: Record<string, string> },
  now: Date,
): Promise<PluginRound> {
  const round: PluginRound = { pluginTree: { problems: [], modules: {} }, clock: false, readsDocs: false };
  const one = async (tree: unknown, of: Doc, source: string) => {
    const plugged = await run(tree, plugins, of, docSet, source, now);
    round.clock ||= !!plugged.clock;
    if (plugged.retryAt !== undefined) round.retryAt = Math.min(round.retryAt ?? plugged.retryAt, plugged.retryAt);
    round.readsDocs ||= !!plugged.read?.some((path) => docSet.bySourcePath.has(path));
    round.pluginTree.problems.push(...plugged.problems);
    return plugged.tree;
  };
  round.pluginTree.tree = await one(needed.tree, doc, sources.page);
  for (const [path, tree] of Object.entries(needed.modules)) {
    const plugged = await one(tree, { ...doc, sourcePath: path, frontMatter: {} }, sources.markdown?.[path] ?? '');
    if (plugged !== undefined) round.pluginTree.modules![path] = plugged;
  }
  return round;
}
