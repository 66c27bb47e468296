import type GithubSlugger from 'github-slugger';
import type { DraftItem, SidebarItem } from './types.js';
import { permalinkOf } from '../ids.js';

/**
 * Docusaurus's post-processing of expanded sidebars: `collapsed` and `collapsible` default to
 * true (a category that cannot collapse is never collapsed), a category with no items becomes a
 * plain doc link to its linked doc or is dropped, and generated-index links get their slug from
 * the label. Pass one slugger for all sidebars of a docs version, in order: Docusaurus shares it,
 * so a second "Guides" category gets `/category/guides-1`.
 */
export function postProcess(items: readonly DraftItem[], base: string, slugger: GithubSlugger): SidebarItem[] {
  const result: SidebarItem[] = [];
  for (const item of items) {
    if (item.type !== 'category') {
      result.push(item);
      continue;
    }
    // The link is normalized before the children, as Docusaurus does, so slugs follow its order.
    const link = item.link?.type === 'generated-index' ? { ...item.link, slug: item.link.slug ?? `/category/${slugger.slug(item.label)}` } : item.link;
    const children = postProcess(item.items, base, slugger);
    if (children.length === 0) {
      if (link?.type === 'doc') result.push({ type: 'doc', id: link.id, label: item.label });
      continue;
    }
    const collapsible = item.collapsible ?? true;
    result.push({
      type: 'category',
      label: item.label,
      items: children,
      collapsed: collapsible ? (item.collapsed ?? true) : false,
      collapsible,
      ...(link && {
        link: link.type === 'generated-index' ? { ...link, permalink: permalinkOf(base, link.slug.replace(/^\/+/, '')) } : link,
      }),
      ...(item.className !== undefined && { className: item.className }),
      ...(item.customProps !== undefined && { customProps: item.customProps }),
      ...(item.key !== undefined && { key: item.key }),
    });
  }
  return result;
}
