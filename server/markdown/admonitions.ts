// Admonitions: `:::type[Title]` container directives. Other directive syntax is text: Docusaurus
// (with mdx1Compat off) shows `:::danger Outdated` literally, and so do we, from the source.
import type { ElementContent } from 'hast';
import type { ContainerDirective } from 'mdast-util-directive';
import type { RootContent } from 'mdast';
import { admonition, untitledAdmonition } from './components/hast.js';

/** The admonition types Docusaurus knows. */
export const ADMONITION_TYPES = new Set(['note', 'tip', 'info', 'warning', 'danger', 'caution', 'important']);

/** An admonition as hast; an unknown type is shown as a note titled with its name. */
export function renderAdmonition(node: ContainerDirective, render: (nodes: RootContent[]) => ElementContent[]): ElementContent {
  const [first, ...rest] = node.children;
  const hasLabel = first?.type === 'paragraph' && first.data?.directiveLabel;
  const type = ADMONITION_TYPES.has(node.name) ? node.name : 'note';
  if (!hasLabel) return untitledAdmonition(type, node.name, render(node.children));
  return admonition(type, render((first as { children: RootContent[] }).children), render(rest));
}
