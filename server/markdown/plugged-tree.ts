// A page's tree as the site's own remark plugins left it (decision 045). The plugins run in the
// sandbox, outside the render thread: a first render that finds the page's instance has plugins
// and no result for them gives its parsed tree back at once (`pluginTreeNeeded`), and the page
// renderer sends the job again with what the plugins made of it. That tree is untrusted data: it is
// checked as a parsed one is (nesting), and raw HTML in it is left out of an MDX page, which shows
// none (Docusaurus's MDX does not either); whatever else it holds is rendered and sanitized as any page.
import type { Root, RootContent } from 'mdast';
import type { Problem } from '../problem.js';
import { isProblemError } from '../problem.js';
import { checkDepth, MAX_NESTING_DEPTH } from './parse.js';
import type { RenderContext } from './context.js';
import type { RenderedPage } from './render.js';

/** What the page renderer gives a render about the site's plugins: ask for the tree, or what they made of it. */
export type PluginTree = 'wanted' | { tree?: unknown; problems: Problem[] };

/** The answer of a first render of a page with plugins: its parsed tree, nothing rendered. */
export function treeWanted(tree: Root): RenderedPage {
  return { html: '', headings: [], toc: [], warnings: [], dateDependent: false, listsOtherDocs: false, components: [], pluginTreeNeeded: tree };
}

/** The tree to render: the plugins' (checked), or the parsed one when there is none or it cannot be used; their problems go to `warnings`. */
export function pluggedTree(parsed: Root, context: Pick<RenderContext, 'file' | 'pluginTree'>, mdx: boolean, warnings: Problem[]): Root {
  const given = context.pluginTree;
  if (!given || given === 'wanted') return parsed;
  warnings.push(...given.problems);
  const tree = given.tree as Root | undefined;
  if (tree?.type !== 'root' || !Array.isArray(tree.children)) return parsed;
  try {
    checkDepth(tree, context.file);
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
    warnings.push({ code: 'site-plugin', file: context.file, line: 1, message });
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
