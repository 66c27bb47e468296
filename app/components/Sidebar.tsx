import { PrefetchPageLinks, useLocation, useNavigate } from '@remix-run/react';
import { useState, type SyntheticEvent, type MouseEvent } from 'react';
import type { NavItem } from '../../server/site/index.js';

/**
 * The docs sidebar: categories are `<details>` (they open and close without JavaScript), the
 * category holding the current page is open, and the current page is marked `aria-current`.
 *
 * Its links are plain `<a>`: the release-notes sidebar has 500+ of them, and a router `<Link>`
 * each made server rendering several times slower. One click handler on the whole sidebar gives
 * them client navigation, and one intent handler prefetches the page under the pointer or focus,
 * as `<Link prefetch="intent">` would.
 */
export function Sidebar({ items, label }: { items: NavItem[]; label: string }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [intent, setIntent] = useState<string>();
  const onClick = (event: MouseEvent) => {
    const link = internalLink(event);
    if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(link.pathname + link.search + link.hash);
  };
  const onIntent = (event: SyntheticEvent) => setIntent(internalLink(event)?.pathname);
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: delegated navigation for the links inside; the keyboard activates them as links
    <nav className="sidebar" aria-label="Docs sidebar" onClick={onClick} onMouseOver={onIntent} onFocus={onIntent}>
      <p className="sidebar-title">{label}</p>
      <SidebarList items={items} current={decoded(pathname)} />
      {intent && intent !== pathname && <PrefetchPageLinks page={intent} />}
    </nav>
  );
}

/** The same-site link an event happened on, if any (not one that opens elsewhere). */
function internalLink(event: SyntheticEvent): HTMLAnchorElement | undefined {
  const link = (event.target as Element).closest?.('a');
  if (!link || event.defaultPrevented || link.target || link.origin !== window.location.origin) return undefined;
  return link;
}

function SidebarList({ items, current }: { items: NavItem[]; current: string }) {
  return (
    <ul>
      {items.map((item, index) => (
        <li key={index}>
          <SidebarEntry item={item} current={current} />
        </li>
      ))}
    </ul>
  );
}

function SidebarEntry({ item, current }: { item: NavItem; current: string }) {
  if (item.html !== undefined) return <div className="sidebar-html" dangerouslySetInnerHTML={{ __html: item.html }} />;
  const label = <EntryLink item={item} current={current} />;
  if (!item.items) return label;
  if (item.fixed) {
    return (
      <div className="sidebar-category">
        <div className="sidebar-category-label">{label}</div>
        <SidebarList items={item.items} current={current} />
      </div>
    );
  }
  const open = item.expanded || isCurrent(item.href, current) || contains(item.items, current);
  if (!item.href) {
    return (
      <details className="sidebar-category" open={open}>
        <summary>
          <span>{item.label}</span>
        </summary>
        <SidebarList items={item.items} current={current} />
      </details>
    );
  }
  // A category with a page: its label is a link, so the toggle is a separate summary beside it
  // (a link inside a summary would nest two controls).
  return (
    <div className="sidebar-category linked">
      {label}
      <details open={open}>
        <summary aria-label={`${item.label}: show pages`} />
        <SidebarList items={item.items} current={current} />
      </details>
    </div>
  );
}

function EntryLink({ item, current }: { item: NavItem; current: string }) {
  if (!item.href) return <span>{item.label}</span>;
  if (/^[a-z]+:/i.test(item.href)) return <a href={item.href}>{item.label}</a>;
  return (
    <a href={item.href} aria-current={isCurrent(item.href, current) ? 'page' : undefined}>
      {item.label}
    </a>
  );
}

function contains(items: NavItem[], current: string): boolean {
  return items.some((item) => isCurrent(item.href, current) || (item.items !== undefined && contains(item.items, current)));
}

/** Every internal link a sidebar holds, to tell whether a page is in it. */
export function sidebarHrefs(items: NavItem[], into = new Set<string>()): Set<string> {
  for (const item of items) {
    if (item.href) into.add(item.href);
    if (item.items) sidebarHrefs(item.items, into);
  }
  return into;
}

/** A path with its percent-encoding undone, so `~feature%2Fx` and `with%20space` compare as the reader sees them. */
function decoded(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** True when a sidebar href is the page being read (`current` is decoded). */
function isCurrent(href: string | undefined, current: string): boolean {
  return href !== undefined && decoded(href) === current;
}
