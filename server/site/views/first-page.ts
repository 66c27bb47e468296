// Where a sidebar is entered: its first page in reading order.
import type { DocSet } from '../../content/doc-set.js';
import { categoryPermalink } from '../../content/sidebars/navigation.js';
import type { SidebarItem } from '../../content/sidebars/types.js';

/** The first page of a sidebar in reading order: where the navbar enters its section. */
export function firstPermalink(items: readonly SidebarItem[], docSet: DocSet): string | undefined {
  for (const item of items) {
    if (item.type === 'doc') return docSet.byId.get(item.id)?.permalink;
    if (item.type !== 'category') continue;
    const found = categoryPermalink(item, docSet) ?? firstPermalink(item.items, docSet);
    if (found) return found;
  }
  return undefined;
}
