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
 * The top bar: the site title, its sections, the theme switch, and on phones a Menu link that
 * opens the menu panel through `:target`, which needs no JavaScript.
 */
export function Navbar({ title, home, sections, extra, search }: { title: string; home: string; sections: Section[]; extra?: React.ReactNode; search?: React.ReactNode }) {
  return (
    <header className="navbar">
      <a className="menu-button" href="#docs-menu">
        Menu
      </a>
      <Link to={home} className="navbar-brand">
        {title}
      </Link>
      <SectionLinks sections={sections} className="navbar-sections" />
      {search}
      {extra}
      <ThemeToggle />
    </header>
  );
}
