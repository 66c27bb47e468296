// Code blocks and tables scroll sideways inside their own box on narrow screens; a keyboard user
// must be able to reach them to scroll (axe `scrollable-region-focusable`). Docusaurus renders
// `<pre tabindex="0">` for the same reason.
import type { Root, RootContent } from 'hast';
import { walk } from './walk.js';

/** Makes every `pre` and `table` of a page focusable. */
export function focusableScrollBoxes(tree: Root): void {
  walk<RootContent>(tree, (node) => {
    if (node.type === 'element' && (node.tagName === 'pre' || node.tagName === 'table')) node.properties.tabIndex = 0;
  });
}
