import { PrefetchPageLinks, useLocation, useNavigate } from '@remix-run/react';
import { useEffect, useRef, useState, type MouseEvent, type SyntheticEvent } from 'react';
import { SIDEBAR_ID, useDocumentHtml } from '~/lib/document-html';

/**
 * The docs sidebar. Its list is HTML rendered by the server (categories are `<details>`, the
 * current page is marked `aria-current`), sent once per document and kept by the browser
 * (decision 013). Without JavaScript it is plain HTML. With it, one click handler on the whole
 * sidebar gives its plain links client navigation, one intent handler prefetches the page under
 * the pointer or focus (as `<Link prefetch="intent">` would: decision 004), and after a
 * navigation within the sidebar the new page is marked and its categories opened.
 */
export function Sidebar({ html, label }: { html: string | undefined; label: string }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const list = useRef<HTMLDivElement>(null);
  const itemsHtml = useDocumentHtml('sidebar', html);
  const [intent, setIntent] = useState<string>();
  // biome-ignore lint/correctness/useExhaustiveDependencies: new sidebar HTML (another group) is marked again
  useEffect(() => {
    if (list.current) markCurrent(list.current, pathname);
  }, [pathname, itemsHtml]);
  const onClick = (event: MouseEvent) => {
    const link = internalLink(event);
    if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(link.pathname + link.search + link.hash);
  };
  const onIntent = (event: SyntheticEvent) => setIntent(internalLink(event)?.pathname);
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: delegated navigation for the links inside; the keyboard activates them as links
    <nav className="sidebar menu theme-doc-sidebar-menu" aria-label="Docs sidebar" onClick={onClick} onMouseOver={onIntent} onFocus={onIntent}>
      <p className="sidebar-title">{label}</p>
      <div id={SIDEBAR_ID} ref={list} dangerouslySetInnerHTML={{ __html: itemsHtml }} />
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

/** Marks the entry of `pathname` as the current page and opens the categories around it. */
function markCurrent(root: HTMLElement, pathname: string): void {
  for (const link of root.querySelectorAll('a[aria-current]')) {
    link.removeAttribute('aria-current');
    link.classList.remove('menu__link--active');
  }
  const link = sidebarLinks(root).find((candidate) => candidate.pathname === pathname && !candidate.hash);
  if (!link) return;
  link.setAttribute('aria-current', 'page');
  link.classList.add('menu__link--active');
  // A linked category's own toggle sits beside its link.
  const own = link.parentElement?.classList.contains('linked') ? link.parentElement.querySelector(':scope > details') : null;
  if (own instanceof HTMLDetailsElement) own.open = true;
  for (let node = link.parentElement; node && node !== root; node = node.parentElement) if (node instanceof HTMLDetailsElement) node.open = true;
}

/** The same-site links of a sidebar on screen. */
function sidebarLinks(root: ParentNode): HTMLAnchorElement[] {
  return [...root.querySelectorAll<HTMLAnchorElement>('a[href^="/"]')];
}

/** True when the sidebar on screen links to `pathname` (read from the DOM: the entries are not in the loader data). */
export function sidebarHas(pathname: string): boolean {
  const root = typeof document === 'undefined' ? null : document.getElementById(SIDEBAR_ID);
  return root ? sidebarLinks(root).some((link) => link.pathname === pathname) : false;
}

/** What went wrong reading a sidebar or a blog, beside it, for the author: `intro` says of what. */
export function SidebarProblems({ intro, problems }: { intro: string; problems: readonly string[] }) {
  if (!problems.length) return null;
  return (
    <div className="sidebar-problems" role="note">
      <p>{intro}</p>
      <ul>
        {problems.map((problem) => (
          <li key={problem}>{problem}</li>
        ))}
      </ul>
    </div>
  );
}
