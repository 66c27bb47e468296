import { Link } from '@remix-run/react';

/** A step of the breadcrumbs or of previous/next: a label, linked when it has a page. */
export interface Crumb {
  label: string;
  href?: string;
}

/** Where the page sits in its sidebar, from the top category down to the page itself. */
export function Breadcrumbs({ crumbs }: { crumbs: (Crumb | undefined)[] }) {
  const steps = crumbs.filter((crumb): crumb is Crumb => Boolean(crumb));
  if (steps.length === 0) return null;
  return (
    <nav className="breadcrumbs" aria-label="Breadcrumbs">
      <ol>
        {steps.map((crumb, index) => (
          <li key={index}>
            {index === steps.length - 1 ? <span aria-current="page">{crumb.label}</span> : crumb.href ? <Link to={crumb.href}>{crumb.label}</Link> : <span>{crumb.label}</span>}
          </li>
        ))}
      </ol>
    </nav>
  );
}
