// The `#` link Docusaurus puts after every section heading, so a reader can copy a link to it.
import type { Element, ElementContent, Root, RootContent } from 'hast';
import { walk } from './walk.js';

const SECTION_HEADINGS = new Set(['h2', 'h3', 'h4', 'h5', 'h6']);

/** Appends `<a class="hash-link" href="#id" aria-label="Direct link to …">#</a>` to every h2–h6 that has an id. */
export function addHeadingLinks(tree: Root): void {
  walk<RootContent>(tree, (node) => {
    if (node.type !== 'element') return;
    const id = node.properties.id;
    if (!SECTION_HEADINGS.has(node.tagName) || typeof id !== 'string' || !id) return;
    node.children.push({
      type: 'element',
      tagName: 'a',
      properties: { className: ['hash-link'], href: `#${id}`, ariaLabel: `Direct link to ${textOf(node).trim()}` },
      children: [{ type: 'text', value: '#' }],
    });
  });
}

function textOf(node: ElementContent | Element): string {
  if (node.type === 'text') return node.value;
  return 'children' in node ? node.children.map(textOf).join('') : '';
}
