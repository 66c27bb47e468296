import type { MouseEvent, ReactNode } from 'react';
import { Link } from '@remix-run/react';
import { ThemeToggle } from './ThemeToggle';

/** A top-level section of the site: one sidebar, entered at its first page. */
export interface Section {
  label: string;
  href: string;
  current: boolean;
}

/** The site's sections as a list of links (the navbar on desktop, the menu on phones). */
export function SectionLinks({ sections, className }: { sections: Section[]; className: string }) {
  return (
    <nav className={className} aria-label="Sections">
      <ul>
        {sections.map((section) => (
          <li key={section.href}>
            <Link to={section.href} prefetch="intent" aria-current={section.current ? 'true' : undefined}>
              {section.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The top bar, always one row: on wide screens the title, the sections, the version switcher and
 * the theme switch; below 996 px (as Docusaurus) a Menu link, the title and the theme switch, the
 * rest moving into the menu panel. The Menu link opens the panel through `:target`, which needs
 * no JavaScript; with JavaScript, `onMenu` opens it instead, so a navigation can close it. The
 * title shrinks (ellipsis) first, which leaves room for a search form in the end group.
 */
export function Navbar({
  title,
  home,
  sections,
  extra,
  search,
  onMenu,
  menu = true,
}: {
  title: string;
  home: string;
  sections: Section[];
  extra?: ReactNode;
  /** The search form (app/components/SearchForm.tsx). */
  search?: ReactNode;
  onMenu?: () => void;
  /** False where there is no menu panel (the landing page, whose content is the sections). */
  menu?: boolean;
}) {
  const openMenu = (event: MouseEvent) => {
    if (!onMenu) return;
    event.preventDefault();
    onMenu();
  };
  return (
    <header className="navbar">
      {menu && sections.length > 0 && (
        // biome-ignore lint/a11y/useValidAnchor: a link to the #docs-menu target without JavaScript; with it, opens the menu in place
        <a className="menu-button" href="#docs-menu" onClick={openMenu}>
          Menu
        </a>
      )}
      <Link to={home} className="navbar-brand" title={title}>
        {title}
      </Link>
      <SectionLinks sections={sections} className="navbar-sections" />
      <div className="navbar-end">
        {search}
        {extra && <div className="navbar-switcher">{extra}</div>}
        <ThemeToggle />
      </div>
    </header>
  );
}
