// The page sidebar as server-rendered HTML (docs/decisions/013-sidebar-html-once.md): built here
// once per request instead of by React, and sent once, in the document; the browser keeps it.
import type { Element, ElementContent } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { h } from 'hastscript';
import { safeDecode } from '../../urls.js';
import type { NavItem } from './sidebar.js';

/**
 * The sidebar's list as HTML: categories are `<details>` (open when expanded or holding `current`),
 * the entry for `current` (a decoded path) has `aria-current="page"`, links are plain `<a>`.
 * `html` items were sanitized by sidebarNodes and pass as they are. Lists, items and links carry
 * Infima's `menu__list`, `menu__list-item`, `menu__link` (`--active`) too, for the site's CSS.
 */
export function sidebarHtml(items: readonly NavItem[], current: string): string {
  return toHtml(list(items, current), { allowDangerousHtml: true });
}

function list(items: readonly NavItem[], current: string): Element {
  return h(
    'ul.menu__list',
    // An author's `className` (escaped as an attribute value) lets a site style one entry, as in Docusaurus.
    items.map((item) => h('li', { className: ['menu__list-item', ...(item.className?.split(/\s+/).filter(Boolean) ?? [])] }, entry(item, current))),
  );
}

function entry(item: NavItem, current: string): ElementContent | ElementContent[] {
  if (item.html !== undefined) return h('div.sidebar-html', [{ type: 'raw', value: item.html } as unknown as ElementContent]);
  const label = link(item, current);
  if (!item.items) return label;
  if (item.fixed) return h('div.sidebar-category', [h('div.sidebar-category-label', label), list(item.items, current)]);
  const open = Boolean(item.expanded) || isCurrent(item.href, current) || contains(item.items, current);
  // A category without a page: its label is the summary. With a page, the label is a link, so the
  // toggle is a separate summary beside it (a link inside a summary would nest two controls).
  if (!item.href) return h('details.sidebar-category', { open }, [h('summary', h('span', item.label)), list(item.items, current)]);
  return h('div.sidebar-category.linked', [label, h('details', { open }, [h('summary', { ariaLabel: `${item.label}: show pages` }), list(item.items, current)])]);
}

function link(item: NavItem, current: string): Element {
  if (!item.href) return h('span', item.label);
  if (/^[a-z]+:/i.test(item.href)) return h('a.menu__link', { href: item.href }, item.label);
  const here = isCurrent(item.href, current);
  return h('a', { className: here ? ['menu__link', 'menu__link--active'] : ['menu__link'], href: item.href, ariaCurrent: here ? 'page' : undefined }, item.label);
}

function contains(items: readonly NavItem[], current: string): boolean {
  return items.some((item) => isCurrent(item.href, current) || (item.items !== undefined && contains(item.items, current)));
}

/** True when a sidebar href is the page being read (`current` is decoded). */
function isCurrent(href: string | undefined, current: string): boolean {
  return href !== undefined && (safeDecode(href) ?? href) === current;
}
