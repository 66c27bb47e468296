import { Link } from '@remix-run/react';
import type { Crumb } from './Breadcrumbs';

/** Links to the previous and next pages of the sidebar. */
export function Pagination({ previous, next }: { previous?: Crumb; next?: Crumb }) {
  if (!previous?.href && !next?.href) return null;
  return (
    <nav className="pagination" aria-label="Previous and next pages">
      {previous?.href ? (
        <Link to={previous.href} prefetch="intent" rel="prev" className="pagination-prev">
          <small>Previous</small>
          {previous.label}
        </Link>
      ) : (
        <span />
      )}
      {next?.href ? (
        <Link to={next.href} prefetch="intent" rel="next" className="pagination-next">
          <small>Next</small>
          {next.label}
        </Link>
      ) : null}
    </nav>
  );
}
