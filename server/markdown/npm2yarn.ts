// Docusaurus's npm2yarn remark plugin, done natively: a code block whose meta is exactly `npm2yarn`
// becomes tabs holding the npm command and the same command for each other package manager
// (converted by npm-to-yarn, the library the plugin uses), grouped as `npm2yarn` when synced.
import type { Code, Parent, Root, RootContent } from 'mdast';
import type { MdxJsxAttribute, MdxJsxFlowElement } from 'mdast-util-mdx';
import npmToYarn from 'npm-to-yarn';
import { bindingFor, type ComponentSet } from './components/index.js';
import type { ImportMap } from './imports.js';

/** The plugin's options as the site configuration holds them. */
export interface Npm2YarnOptions {
  sync: boolean;
  converters: ('yarn' | 'pnpm' | 'bun')[];
}

/** The tab labels Docusaurus gives each package manager. */
const LABELS: Record<string, string> = { yarn: 'Yarn', bun: 'Bun', pnpm: 'pnpm' };

/** Replaces every `npm2yarn` code block of the tree by its tabs; true when there was one. */
export function npm2yarnTabs(tree: Root, options: Npm2YarnOptions): boolean {
  let found = false;
  const visit = (parent: Parent) => {
    parent.children = parent.children.flatMap((child) => {
      if (child.type === 'code' && child.meta === 'npm2yarn') {
        found = true;
        return [tabsOf(child, options)];
      }
      if ('children' in child) visit(child as Parent);
      return [child];
    }) as Parent['children'];
  };
  visit(tree);
  return found;
}

/** Binds `Tabs` and `TabItem` to the native tabs where the page did not import them, as the plugin adds their import. */
export function bindTabs(imports: ImportMap, components: ComponentSet): void {
  for (const [name, source] of [
    ['Tabs', '@theme/Tabs'],
    ['TabItem', '@theme/TabItem'],
  ]) {
    const binding = imports.bindings.has(name) ? undefined : bindingFor(components, source, 'default');
    if (binding) imports.bindings.set(name, binding);
  }
}

/** The tabs of one block: npm first, then each converter's command. */
function tabsOf(node: Code, options: Npm2YarnOptions): RootContent {
  const tab = (value: string, code: string, label?: string): MdxJsxFlowElement => ({
    type: 'mdxJsxFlowElement',
    name: 'TabItem',
    attributes: [attribute('value', value), ...(label ? [attribute('label', label)] : [])],
    children: [{ type: 'code', lang: node.lang, value: code }],
  });
  return {
    type: 'mdxJsxFlowElement',
    name: 'Tabs',
    attributes: options.sync ? [attribute('groupId', 'npm2yarn')] : [],
    children: [tab('npm', node.value), ...options.converters.map((manager) => tab(manager, npmToYarn(node.value, manager), LABELS[manager]))],
    position: node.position,
  };
}

function attribute(name: string, value: string): MdxJsxAttribute {
  return { type: 'mdxJsxAttribute', name, value };
}
