// A sidebar as the views show it: the API's full tree, and the compact tree the page sends.
import type { DocSet } from '../../content/doc-set.js';
import { categoryPermalink, docItemProps } from '../../content/sidebars/navigation.js';
import type { SidebarItem } from '../../content/sidebars/types.js';
import { safeHref, sanitizeHtml } from '../../markdown/sanitize.js';
import { permalinkOnRef, urlOnRef } from '../../urls.js';

/** An item of a sidebar with links on the reader's ref (the content API's shape). */
export interface SidebarNode {
  type: 'link' | 'category' | 'html';
  label: string;
  href?: string;
  docId?: string;
  unlisted?: boolean;
  /** `html` items: sanitized markup. */
  value?: string;
  collapsible?: boolean;
  collapsed?: boolean;
  items?: SidebarNode[];
  /** Docusaurus's `className` (front matter `sidebar_class_name` for docs): a class on the entry. */
  className?: string;
  /** Docusaurus's `customProps` (front matter `sidebar_custom_props` for docs), passed to the API as is. */
  customProps?: Record<string, unknown>;
}

/**
 * A sidebar's items with links on the reader's ref. Untrusted parts are made safe here, for every
 * view: `html` items go through the page sanitizer, and a link whose scheme could run script loses
 * its href.
 */
export function sidebarNodes(items: readonly SidebarItem[], docSet: DocSet, prefix: string): SidebarNode[] {
  const base = docSet.location.base;
  const href = (permalink: string) => permalinkOnRef(permalink, base, prefix);
  const node = (item: SidebarItem): SidebarNode => {
    switch (item.type) {
      case 'doc':
      case 'ref': {
        const doc = docSet.byId.get(item.id);
        return { type: 'link', ...docItemProps(docSet, item), href: doc && href(doc.permalink), docId: item.id, unlisted: doc?.unlisted ?? false };
      }
      case 'link': {
        const safe = safeHref(item.href);
        return { type: 'link', label: item.label, href: safe === undefined ? undefined : urlOnRef(safe, base, prefix), unlisted: false, ...decoration(item) };
      }
      case 'html':
        return { type: 'html', label: '', value: sanitizeHtml(item.value), ...decoration(item) };
      case 'category': {
        const permalink = categoryPermalink(item, docSet);
        const linked = item.link?.type === 'doc' ? docSet.byId.get(item.link.id) : undefined;
        return {
          type: 'category',
          label: item.label,
          href: permalink && href(permalink),
          docId: linked?.id,
          unlisted: false,
          collapsible: item.collapsible,
          collapsed: item.collapsed,
          items: sidebarNodes(item.items, docSet, prefix),
          ...decoration(item),
        };
      }
    }
  };
  return items.map(node);
}

/** An item's `className` and `customProps`, when it has them. */
function decoration(item: { className?: string; customProps?: Record<string, unknown> }): Pick<SidebarNode, 'className' | 'customProps'> {
  return { ...(item.className !== undefined && { className: item.className }), ...(item.customProps !== undefined && { customProps: item.customProps }) };
}

/** A sidebar entry as the page view needs it: compact, because release notes have 500+ of them. */
export interface NavItem {
  label: string;
  href?: string;
  items?: NavItem[];
  /** Open by default (`collapsed: false`). */
  expanded?: true;
  /** Cannot be collapsed (`collapsible: false`). */
  fixed?: true;
  /** Sanitized HTML, for `html` items. */
  html?: string;
  /** A class on the entry (Docusaurus's `className`, `sidebar_class_name`). */
  className?: string;
}

/** The compact form of sidebar nodes, for the page shell. */
export function navItems(nodes: readonly SidebarNode[]): NavItem[] {
  return nodes.map((node): NavItem => {
    const className = node.className ? { className: node.className } : {};
    if (node.type === 'html') return { label: '', html: node.value, ...className };
    return {
      ...className,
      label: node.label,
      ...(node.href && { href: node.href }),
      ...(node.items && { items: navItems(node.items) }),
      ...(node.items && !node.collapsed && { expanded: true as const }),
      ...(node.items && !node.collapsible && { fixed: true as const }),
    };
  });
}
