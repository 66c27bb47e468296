import type { MouseEvent, ReactNode } from 'react';
import { Link } from '@remix-run/react';
import { ThemeToggle } from './ThemeToggle';

/** A top-level section of the site (a sidebar entered at its first page, or a configured navbar item), or a menu of them. */
export interface Section {
  label: string;
  href: string;
  current: boolean;
  /** A link to another site. */
  external?: boolean;
  /** A dropdown's links. */
  items?: Section[];
}

/** The site's sections as a list of links (the navbar on desktop, the menu on phones); a dropdown is a disclosure, so it works without JavaScript. */
export function SectionLinks({ sections, className }: { sections: Section[]; className: string }) {
  return (
    <nav className={className} aria-label="Sections">
      <ul>
        {sections.map((section) => (
          <li key={`${section.label} ${section.href}`}>
            {section.items ? (
              <details className="navbar-dropdown">
                <summary aria-current={section.current ? 'true' : undefined}>{section.label}</summary>
                <ul>
                  {section.items.map((item) => (
                    <li key={item.href}>
                      <SectionLink section={item} />
                    </li>
                  ))}
                </ul>
              </details>
            ) : (
              <SectionLink section={section} />
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** One section's link: inside the app, or out to another site. */
function SectionLink({ section }: { section: Section }) {
  if (section.external) return <a href={section.href}>{section.label}</a>;
  return (
    <Link to={section.href} prefetch="intent" aria-current={section.current ? 'true' : undefined}>
      {section.label}
    </Link>
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
