import { Link } from '@remix-run/react';
import type { Crumb } from './Breadcrumbs';
import { useThemeStrings } from '../lib/theme-strings';

/** Links to the previous and next pages of the sidebar (with the classic theme's `pagination-nav` class names, for a site's CSS). */
export function Pagination({ previous, next }: { previous?: Crumb; next?: Crumb }) {
  const { text } = useThemeStrings();
  if (!previous?.href && !next?.href) return null;
  return (
    <nav className="pagination pagination-nav" aria-label={text('theme.docs.paginator.navAriaLabel')}>
      {previous?.href ? (
        <Link to={previous.href} prefetch="intent" rel="prev" className="pagination-prev pagination-nav__link pagination-nav__link--prev">
          <small className="pagination-nav__sublabel">{text('theme.docs.paginator.previous')}</small>
          {previous.label}
        </Link>
      ) : (
        <span />
      )}
      {next?.href ? (
        <Link to={next.href} prefetch="intent" rel="next" className="pagination-next pagination-nav__link pagination-nav__link--next">
          <small className="pagination-nav__sublabel">{text('theme.docs.paginator.next')}</small>
          {next.label}
        </Link>
      ) : null}
    </nav>
  );
}
