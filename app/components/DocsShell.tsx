import type { ReactNode } from 'react';
import { Outlet } from '@remix-run/react';
import { ErrorMessage } from '~/root';
import { Navbar, SectionLinks, type Section } from './Navbar';
import { Footer } from './Footer';

interface ShellProps {
  title: string;
  home: string;
  sections: Section[];
  /** The version switcher, shown in the navbar. */
  switcher?: ReactNode;
  /** Version and preview banners, shown above the page. */
  banner?: ReactNode;
  /** The sidebar, in the menu panel. */
  children?: ReactNode;
  /** The search form, shown in the navbar. */
  search?: ReactNode;
}

/** The page frame of the docs: skip link, navbar, the menu panel (sidebar on desktop), the page, footer. */
export function DocsShell({ title, home, sections, switcher, banner, children, search }: ShellProps) {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Navbar title={title} home={home} sections={sections} extra={switcher} search={search} />
      <div className="docs-layout">
        <div id="docs-menu" className="menu-panel">
          {/* biome-ignore lint/a11y/useValidAnchor: leaving the #docs-menu target closes the menu without JavaScript */}
          <a href="#" className="menu-close">
            Close menu
          </a>
          <SectionLinks sections={sections} className="menu-sections" />
          {children}
        </div>
        <div className="docs-content">
          {banner}
          <Outlet />
        </div>
      </div>
      <Footer title={title} tagsHref={`${home}/tags`} />
    </>
  );
}

/** The frame of a page that failed: a plain navbar and the error. */
export function DocsErrorShell() {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Navbar title="Documentation" home="/" sections={[]} />
      <main className="error-page" id="main">
        <ErrorMessage />
      </main>
    </>
  );
}
