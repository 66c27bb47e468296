// A page's tree as the site's own remark plugins left it (decision 045). The plugins run in the
// sandbox, outside the render thread: a first render that finds the page's instance has plugins
// and no result for them gives its parsed tree back at once (`pluginTreeNeeded`), with those of
// the Markdown modules it imports, and the page renderer sends the job again with what the
// plugins made of them. That tree is untrusted data: it is
// checked as a parsed one is (nesting), and raw HTML in it is left out of an MDX page, which shows
// none (Docusaurus's MDX does not either); whatever else it holds is rendered and sanitized as any page.
import type { Root, RootContent } from 'mdast';
import type { Problem } from '../problem.js';
import { isProblemError } from '../problem.js';
import { checkDepth, MAX_NESTING_DEPTH, parsePage } from './parse.js';
import { isMdxPage, markdownOptions } from '../config/markdown-config.js';
import { preprocessPage } from './preprocess.js';
import type { RenderContext } from './context.js';
import type { RenderedPage } from './render.js';

/** What the page renderer gives a render about the site's plugins: ask for the trees, or what they made of them (the page's, its Markdown modules' by path). */
export type PluginTree = 'wanted' | { tree?: unknown; problems: Problem[]; modules?: Record<string, unknown> };

/** What a first render gives: the page's parsed tree, and those of the Markdown modules it imports, by path. */
export interface TreesNeeded {
  tree: Root;
  modules: Record<string, Root>;
}

/** The answer of a first render of a page with plugins: its parsed trees, nothing rendered. */
export function treeWanted(tree: Root, context: Pick<RenderContext, 'markdown' | 'docSet'>): RenderedPage {
  const modules: Record<string, Root> = {};
  const options = markdownOptions(context.docSet.config);
  for (const [path, source] of Object.entries(context.markdown ?? {})) {
    // Read as markdownModules (render.ts) reads it; one that does not parse is rendered (and reported) there, without plugins.
    const mdx = isMdxPage(options, path, {});
    try {
      modules[path] = parsePage(preprocessPage(source, options, mdx), path, { mdx, comments: options.comments }).tree;
    } catch {}
  }
  return { html: '', headings: [], toc: [], warnings: [], dateDependent: false, listsOtherDocs: false, components: [], pluginTreeNeeded: { tree, modules } };
}

/** The page's tree to render: the plugins' (checked), or the parsed one when there is none or it cannot be used; their problems go to `warnings`. */
export function pluggedTree(parsed: Root, context: Pick<RenderContext, 'file' | 'pluginTree'>, mdx: boolean, warnings: Problem[]): Root {
  const given = context.pluginTree;
  if (!given || given === 'wanted') return parsed;
  warnings.push(...given.problems);
  return checked(given.tree, parsed, context.file, mdx, warnings);
}

/** A Markdown module's tree to render: the plugins' (a copy: a module may be shown twice), else the parsed one. */
export function pluggedModule(parsed: Root, path: string, context: Pick<RenderContext, 'pluginTree'>, mdx: boolean, warnings: Problem[]): Root {
  const given = context.pluginTree;
  if (!given || given === 'wanted' || given.modules?.[path] === undefined) return parsed;
  return checked(structuredClone(given.modules[path]), parsed, path, mdx, warnings);
}

/** A tree the plugins gave, checked as a parsed one is and without raw HTML in MDX; `parsed` when it cannot be used. */
function checked(given: unknown, parsed: Root, file: string, mdx: boolean, warnings: Problem[]): Root {
  const tree = given as Root | undefined;
  if (tree?.type !== 'root' || !Array.isArray(tree.children)) return parsed;
  try {
    checkDepth(tree, file);
  } catch (error) {
    if (!isProblemError(error)) throw error;
    warnings.push({
      ...error.problem,
      code: 'site-plugin',
      message: `the tree the site's remark plugins gave nests deeper than ${MAX_NESTING_DEPTH} levels: the page is shown without them`,
    });
    return parsed;
  }
  if (mdx && dropHtml(tree)) {
    const message = "the site's remark plugins gave raw HTML, which an MDX page does not show (nor does Docusaurus's): it is left out";
    warnings.push({ code: 'site-plugin', file, line: 1, message });
  }
  return tree;
}

/** Removes `html` nodes from a tree; true when there were any. */
function dropHtml(node: Root | RootContent): boolean {
  if (!('children' in node) || !Array.isArray(node.children)) return false;
  const kept = (node.children as RootContent[]).filter((child) => child.type !== 'html');
  let dropped = kept.length < node.children.length;
  (node as { children: RootContent[] }).children = kept;
  for (const child of kept) dropped = dropHtml(child) || dropped;
  return dropped;
}
