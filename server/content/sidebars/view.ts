import type { DocSet } from '../doc-set.js';
import { docLabel } from './navigation.js';
import type { SidebarItem } from './types.js';

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
}

/**
 * Turns a sidebar into the compact tree the view renders. `href` maps a default-ref permalink
 * (`/general/x`) to the URL on the reader's ref (`/general/~branch/x`).
 */
export function toNavItems(items: readonly SidebarItem[], docSet: DocSet, href: (permalink: string) => string): NavItem[] {
  return items.map((item): NavItem => {
    switch (item.type) {
      case 'doc':
      case 'ref': {
        const doc = docSet.byId.get(item.id);
        return { label: docLabel(docSet, item.id, item.label), ...(doc && { href: href(doc.permalink) }) };
      }
      case 'link':
        return { label: item.label, href: href(item.href) };
      case 'html':
        return { label: '', html: sanitizeSidebarHtml(item.value) };
      case 'category': {
        const permalink = item.link?.type === 'doc' ? docSet.byId.get(item.link.id)?.permalink : item.link?.permalink;
        return {
          label: item.label,
          ...(permalink && { href: href(permalink) }),
          items: toNavItems(item.items, docSet, href),
          ...(!item.collapsed && { expanded: true as const }),
          ...(!item.collapsible && { fixed: true as const }),
        };
      }
    }
  });
}

const ALLOWED_TAGS = new Set(['hr', 'br', 'b', 'strong', 'em', 'i', 'small', 'span', 'p']);

/** Keeps a few formatting tags without attributes and drops everything else: sidebar HTML is untrusted. */
export function sanitizeSidebarHtml(html: string): string {
  return html
    .replace(/<(\/?)([a-zA-Z][\w-]*)[^>]*>/g, (_, slash: string, tag: string) => (ALLOWED_TAGS.has(tag.toLowerCase()) ? `<${slash}${tag.toLowerCase()}>` : ''))
    .replace(/<(?![/a-z])/g, '&lt;');
}
