import { useEffect, useState, type ReactNode } from 'react';
import { Outlet, useLocation } from '@remix-run/react';
import { ErrorMessage } from '~/root';
import { Navbar, SectionLinks, type Section } from './Navbar';
import { Footer } from './Footer';
import { SkipLink } from './SkipLink';

interface ShellProps {
  title: string;
  home: string;
  sections: Section[];
  /** The version switcher, shown in the navbar (and in the menu on narrow screens). */
  switcher?: ReactNode;
  /** Version and preview banners, shown above the page. */
  banner?: ReactNode;
  /** The announcement bar above the navbar. */
  announcement?: ReactNode;
  /** The sidebar, in the menu panel. */
  children?: ReactNode;
  /** The search form, shown in the navbar. */
  search?: ReactNode;
  /** The page, where no child route renders it (the site root of docs-only mode); default: the route's outlet. */
  page?: ReactNode;
}

/** The page frame of the docs: skip link, navbar, the menu panel (sidebar on desktop), the page, footer. */
export function DocsShell({ title, home, sections, switcher, banner, announcement, children, search, page }: ShellProps) {
  const menu = useMenu();
  return (
    <>
      <SkipLink />
      {announcement}
      <Navbar title={title} home={home} sections={sections} extra={switcher} search={search} onMenu={menu.open} />
      <div className="docs-layout">
        <div id="docs-menu" className={menu.isOpen ? 'menu-panel menu-open' : 'menu-panel'}>
          {/* biome-ignore lint/a11y/useValidAnchor: leaving the #docs-menu target closes the menu without JavaScript */}
          <a href="#" className="menu-close" onClick={menu.onClose}>
            Close menu
          </a>
          <SectionLinks sections={sections} className="menu-sections" />
          {switcher && <div className="menu-switcher">{switcher}</div>}
          {children}
        </div>
        <div className="docs-content">
          {banner}
          {page ?? <Outlet />}
        </div>
      </div>
      <Footer title={title} tagsHref={`${home === '/' ? '' : home}/tags`} />
    </>
  );
}

/**
 * The phone menu with JavaScript: opened by state rather than `:target` (a client navigation
 * cannot clear `:target`), and closed whenever the location changes.
 */
function useMenu() {
  const [isOpen, setOpen] = useState(false);
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: closing is the point of a location change
  useEffect(() => setOpen(false), [location.key]);
  useEffect(() => {
    if (!isOpen) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [isOpen]);
  return {
    isOpen,
    open: () => setOpen(true),
    onClose: (event: React.MouseEvent) => {
      // Opened through `:target` (before hydration, or a reload of `#docs-menu`): follow the link, which clears it.
      if (window.location.hash !== '#docs-menu') event.preventDefault();
      setOpen(false);
    },
  };
}

/** The frame of a page that failed: a plain navbar and the error. */
export function DocsErrorShell() {
  return (
    <>
      <SkipLink />
      <Navbar title="Documentation" home="/" sections={[]} />
      <main className="error-page" id="main">
        <ErrorMessage />
      </main>
    </>
  );
}
