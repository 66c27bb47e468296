import type { MouseEvent, ReactNode } from 'react';
import { Link } from '@remix-run/react';
import { ThemeToggle } from './ThemeToggle';
import { fitCss } from '~/lib/navbar-fit';
import { useBrand } from '~/lib/brand';
import { NavbarBrand } from './NavbarBrand';
import iconStyles from '~/styles/icons.css?url';

/** A top-level section of the site (a sidebar entered at its first page, or a configured navbar item), or a menu of them. */
export interface Section {
  label: string;
  href: string;
  current: boolean;
  /** A link to another site. */
  external?: boolean;
  /** A dropdown's links. */
  items?: Section[];
  /** Which side of the navbar (the classic theme's `position`): left by default. */
  position?: 'left' | 'right';
  /** `html`: sanitized HTML, not a link; `search`, `versions`: where the search box and the version menu go. */
  kind?: 'html' | 'search' | 'versions';
  /** Sanitized HTML: the item itself (`kind: 'html'`), or a link's label. */
  html?: string;
  /** A link drawn as a known icon (GitHub, Discord...): its name. */
  icon?: string;
  /** An icon link's accessible name. */
  ariaLabel?: string;
}

/** True for a section that is a link or a menu of links (not where the shell's own search or version menu goes). */
function isLink(section: Section): boolean {
  return section.kind !== 'search' && section.kind !== 'versions';
}

/** The site's sections as a list of links in the phone menu; a dropdown is a disclosure, so it works without JavaScript. */
export function SectionLinks({ sections, className }: { sections: Section[]; className: string }) {
  return (
    <nav className={className} aria-label="Sections">
      <SectionList sections={sections.filter(isLink)} />
    </nav>
  );
}

/**
 * The sections in the navbar: those that fit, and a "More" menu with the others (app/lib/navbar-fit.ts:
 * CSS decides which, so it works without JavaScript; a label is moved, never cut).
 */
function NavbarSections({ sections }: { sections: Section[] }) {
  // A brand font may be wider than the system's: the estimate then keeps a margin (app/lib/navbar-fit.ts).
  const brandFont = useBrand()?.brandFont ?? false;
  return (
    <nav className="navbar-sections" aria-label="Sections">
      <SectionList sections={sections} itemClass="nav-i" />
      <details className="navbar-more">
        <summary>More</summary>
        <SectionList sections={sections} itemClass="more-i" />
      </details>
      <style>
        {fitCss(
          sections.map((section) => ({ label: section.label, menu: Boolean(section.items) })),
          { brandFont },
        )}
      </style>
    </nav>
  );
}

/** A list of sections, each item numbered by `itemClass` for the navbar's fitting rules. */
function SectionList({ sections, itemClass }: { sections: Section[]; itemClass?: string }) {
  return (
    <ul>
      {sections.map((section, index) => (
        <li key={`${section.label} ${section.href} ${index}`} className={itemClass && `${itemClass}${index}`}>
          {section.kind === 'html' ? (
            <span className="navbar-html" dangerouslySetInnerHTML={{ __html: section.html ?? '' }} />
          ) : section.items ? (
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
  );
}

/** One section's link: inside the app, or out to another site; its label, its HTML, or its icon. */
function SectionLink({ section }: { section: Section }) {
  const content = section.icon ? (
    <span className={`nav-icon nav-icon-${section.icon}`} aria-hidden="true" />
  ) : section.html ? (
    <span dangerouslySetInnerHTML={{ __html: section.html }} />
  ) : (
    section.label
  );
  const name = section.icon ? (section.ariaLabel ?? section.label) : undefined;
  if (section.external)
    return (
      <a href={section.href} aria-label={name} title={name}>
        {content}
      </a>
    );
  return (
    <Link to={section.href} prefetch="intent" aria-current={section.current ? 'true' : undefined} aria-label={name} title={name}>
      {content}
    </Link>
  );
}

/** The navbar's right side as the classic theme lays it out: the right items in order, the version menu and search where an item puts them (else after them), then the theme switch. */
function NavbarEnd({ sections, search, extra }: { sections: Section[]; search?: ReactNode; extra?: ReactNode }) {
  const right = sections.filter((section) => section.position === 'right' || !isLink(section));
  const placed = (kind: 'search' | 'versions') => sections.some((section) => section.kind === kind);
  const switcher = extra && <div className="navbar-switcher">{extra}</div>;
  return (
    <div className="navbar-end">
      {/* The icons' masks come with the navbars that draw one: other pages do not pay for them. */}
      {sections.some((section) => section.icon || section.items?.some((item) => item.icon)) && <link rel="stylesheet" href={iconStyles} />}
      {right.length > 0 && (
        <ul className="navbar-right">
          {right.map((section, index) =>
            section.kind === 'search' ? (
              search && <li key="search">{search}</li>
            ) : section.kind === 'versions' ? (
              switcher && <li key="versions">{switcher}</li>
            ) : (
              <li key={`${section.label} ${section.href} ${index}`}>
                <SectionList sections={[section]} />
              </li>
            ),
          )}
        </ul>
      )}
      {!placed('versions') && switcher}
      {!placed('search') && search}
      <ThemeToggle />
    </div>
  );
}

/**
 * The top bar, always one row: on wide screens the brand (logo and title), the sections, the version switcher and
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
  landmark: Landmark = 'header',
  label,
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
  /** `nav` (named `label`) on a site's own page, whose own `<header>` is the page's banner, as the classic theme's navbar is a `<nav>`. */
  landmark?: 'header' | 'nav';
  label?: string;
}) {
  const openMenu = (event: MouseEvent) => {
    if (!onMenu) return;
    event.preventDefault();
    onMenu();
  };
  return (
    <Landmark className="navbar" aria-label={label}>
      {menu && sections.length > 0 && (
        // biome-ignore lint/a11y/useValidAnchor: a link to the #docs-menu target without JavaScript; with it, opens the menu in place
        <a className="menu-button" href="#docs-menu" onClick={openMenu}>
          Menu
        </a>
      )}
      <NavbarBrand title={title} home={home} />
      <NavbarSections sections={sections.filter((section) => isLink(section) && section.position !== 'right')} />
      <NavbarEnd sections={sections} search={search} extra={extra} />
    </Landmark>
  );
}
