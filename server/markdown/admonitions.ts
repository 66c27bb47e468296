// Admonitions: `:::type[Title]` container directives. The MDX 1 form `:::type Title` (a space, then
// the title) is rewritten to `:::type[Title]` before parsing when `markdown.mdx1Compat.admonitions`
// is on (Docusaurus 3's default), as Docusaurus's preprocessor does: on every line, code blocks too.
// With it off (`future.v4`, as upstream Moodle), Docusaurus shows `:::danger Outdated` literally,
// and so do we, from the source. Other directive syntax is text.
import type { ElementContent } from 'hast';
import type { ContainerDirective } from 'mdast-util-directive';
import type { RootContent } from 'mdast';
import { admonition, untitledAdmonition } from './components/hast.js';

/** The admonition types Docusaurus knows. */
export const ADMONITION_TYPES = new Set(['note', 'tip', 'info', 'warning', 'danger', 'caution', 'important']);

/** Docusaurus's legacy keywords, shown in the style of another type under their own name. */
const LEGACY_TYPES: Readonly<Record<string, string>> = { secondary: 'note', success: 'tip' };

/** The keywords Docusaurus's preprocessor gives titles to (its admonitions' default keywords). */
const TITLED_KEYWORDS = ['secondary', 'info', 'success', 'danger', 'note', 'tip', 'warning', 'important', 'caution'];
/** A line opening a container directive of a keyword with a space-separated title, in block quotes or indented. */
const SPACE_TITLE = new RegExp(`^((?:> ?)*)( +|\t+)?(:{3,}(?:${TITLED_KEYWORDS.join('|')})) +(.*)$`, 'gm');

/** The source with `:::note Title` lines written `:::note[Title]` (line numbers unchanged). */
export function admonitionTitlesToLabels(source: string): string {
  return source.replace(SPACE_TITLE, (_line, quote: string, indent: string | undefined, directive: string, title: string) => `${quote}${indent ?? ''}${directive}[${title}]`);
}

/** An admonition as hast; an unknown type is shown as a note titled with its name. */
export function renderAdmonition(node: ContainerDirective, render: (nodes: RootContent[]) => ElementContent[]): ElementContent {
  const [first, ...rest] = node.children;
  const hasLabel = first?.type === 'paragraph' && first.data?.directiveLabel;
  const type = ADMONITION_TYPES.has(node.name) ? node.name : Object.hasOwn(LEGACY_TYPES, node.name) ? LEGACY_TYPES[node.name] : 'note';
  if (!hasLabel) return untitledAdmonition(type, node.name, render(node.children));
  return admonition(type, render((first as { children: RootContent[] }).children), render(rest));
}
