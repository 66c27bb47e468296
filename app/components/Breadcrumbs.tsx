import { Link, useRouteLoaderData } from '@remix-run/react';
import { useThemeStrings } from '../lib/theme-strings';

/** A step of the breadcrumbs or of previous/next: a label, linked when it has a page. */
export interface Crumb {
  label: string;
  href?: string;
}

/** Where the page sits in its sidebar: the docs home (as Docusaurus, a house), then the top category down to the page itself. */
export function Breadcrumbs({ crumbs }: { crumbs: (Crumb | undefined)[] }) {
  const home = (useRouteLoaderData('routes/$base') as { prefix?: string } | undefined)?.prefix;
  const steps = crumbs.filter((crumb): crumb is Crumb => Boolean(crumb));
  const { text } = useThemeStrings();
  if (steps.length === 0) return null;
  return (
    <nav className="breadcrumbs" aria-label={text('theme.docs.breadcrumbs.navAriaLabel')}>
      <ol>
        {home && (
          <li className="breadcrumbs__item">
            <Link to={home} aria-label={text('theme.docs.breadcrumbs.home')} className="breadcrumbs-home breadcrumbs__link">
              <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true">
                <path
                  d="M10 19v-5h4v5c0 .55.45 1 1 1h3c.55 0 1-.45 1-1v-7h1.7c.46 0 .68-.57.33-.87L12.67 3.6c-.38-.34-.96-.34-1.34 0l-8.36 7.53c-.34.3-.13.87.33.87H5v7c0 .55.45 1 1 1h3c.55 0 1-.45 1-1z"
                  fill="currentColor"
                />
              </svg>
            </Link>
          </li>
        )}
        {steps.map((crumb, index) => (
          <li key={index} className={index === steps.length - 1 ? 'breadcrumbs__item breadcrumbs__item--active' : 'breadcrumbs__item'}>
            {index === steps.length - 1 ? (
              <span className="breadcrumbs__link" aria-current="page">
                {crumb.label}
              </span>
            ) : crumb.href ? (
              <Link className="breadcrumbs__link" to={crumb.href}>
                {crumb.label}
              </Link>
            ) : (
              <span className="breadcrumbs__link">{crumb.label}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
