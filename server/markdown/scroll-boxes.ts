// Code blocks and tables scroll sideways inside their own box on narrow screens; a keyboard user
// must be able to reach them to scroll (axe `scrollable-region-focusable`). Docusaurus renders
// `<pre tabindex="0">` for the same reason.
import type { Element, Root } from 'hast';
import { visit } from 'unist-util-visit';

/** Makes every `pre` and `table` of a page focusable. */
export function focusableScrollBoxes(tree: Root): void {
  visit(tree, 'element', (node: Element) => {
    if (node.tagName === 'pre' || node.tagName === 'table') node.properties.tabIndex = 0;
  });
}
