import { Link, useLocation, useRouteLoaderData } from '@remix-run/react';
import type { loader as rootLoader } from '~/root';
import { useBrand } from '~/lib/brand';

/**
 * The site footer: the brand's link columns and copyright (docsite.yaml `footer`, as Docusaurus's),
 * the tag index, and the lite-mode switch. Its elements carry the classic theme's class names too
 * (`footer--dark`, `footer__col`, `footer__title`, `footer__link-item`…), so a site's CSS styles them.
 */
export function Footer({ title, tagsHref }: { title: string; tagsHref?: string }) {
  const footer = useBrand()?.footer;
  return (
    <footer className={footer?.style === 'dark' ? 'footer footer--dark footer-dark' : 'footer'}>
      {footer && footer.columns.length > 0 && <FooterColumns columns={footer.columns} />}
      <p>
        {title}
        {tagsHref && (
          <>
            {' · '}
            <Link to={tagsHref}>All tags</Link>
          </>
        )}
      </p>
      {footer?.logo && <FooterLogo logo={footer.logo} />}
      {/* Sanitized like pages (server/site/views/brand.ts); a div, as Docusaurus has it: a copyright may hold blocks, which a <p> would split apart before hydration. */}
      {footer?.copyright && <div className="footer-copyright footer__copyright" dangerouslySetInnerHTML={{ __html: footer.copyright }} />}
      <LiteToggle />
    </footer>
  );
}

type Columns = NonNullable<ReturnType<typeof useBrand>>['footer']['columns'];
type Logo = NonNullable<NonNullable<ReturnType<typeof useBrand>>['footer']['logo']>;

/** The footer's logo (themeConfig.footer.logo), a link when it has one. */
function FooterLogo({ logo }: { logo: Logo }) {
  const size = (value: number | string | null) => (value === null ? undefined : value);
  const image = <img className="footer-logo footer__logo" src={logo.src} alt={logo.alt} style={{ width: size(logo.width), height: size(logo.height) }} />;
  return <p className="footer-logo-line">{logo.href ? <a href={logo.href}>{image}</a> : image}</p>;
}

/** The footer's columns of links, each under its title; plain links, as a path may be a static file or a redirect. */
function FooterColumns({ columns }: { columns: Columns }) {
  return (
    <nav className="footer-columns footer__links" aria-label="Footer">
      {columns.map((column, index) => (
        <div className="footer-column footer__col" key={column.title ?? index}>
          {column.title && <h2 className="footer-title footer__title">{column.title}</h2>}
          <ul className="footer__items">
            {column.links.map((link, index) =>
              link.html !== undefined ? (
                <li key={index} className="footer__item" dangerouslySetInnerHTML={{ __html: link.html }} />
              ) : (
                <li key={`${link.label} ${link.href}`} className="footer__item">
                  <a className="footer__link-item" href={link.href} rel={link.external ? 'noopener' : undefined}>
                    {link.label}
                  </a>
                </li>
              ),
            )}
          </ul>
        </div>
      ))}
    </nav>
  );
}

/**
 * Turns lite mode (pages with no script, for slow devices and networks) on or off: a plain form
 * post that sets a cookie, and a full page load after it, since scripts come or go with the page.
 */
function LiteToggle() {
  const lite = useRouteLoaderData<typeof rootLoader>('root')?.lite ?? false;
  const location = useLocation();
  return (
    <form method="post" action="/_theme" className="lite-toggle">
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      {lite ? 'Lite mode: this page has no scripts. ' : null}
      <button type="submit" name="lite" value={lite ? 'off' : 'on'}>
        {lite ? 'Turn lite mode off' : 'Lite mode (no scripts)'}
      </button>
    </form>
  );
}
