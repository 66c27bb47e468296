import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { categoryView, view } from '~/lib/site.server';
import { Breadcrumbs } from '~/components/Breadcrumbs';
import { Pagination } from '~/components/Pagination';
import { PageError } from '~/components/PageError';
import { pageMeta, shellOf } from '~/lib/meta';

export const loader = ({ context }: LoaderFunctionArgs) => view(() => categoryView(context));

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) => (data ? pageMeta(shellOf(matches), data, location.pathname) : []);

/** A generated index page: a category's pages as cards. */
export default function CategoryIndex() {
  const page = useLoaderData<typeof loader>();
  return (
    <main id="main" className="doc">
      <div className="doc-column">
        <Breadcrumbs crumbs={page.breadcrumbs} />
        <h1>{page.title}</h1>
        {page.description && <p>{page.description}</p>}
        <ul className="cards">
          {page.cards.map((card, index) => (
            <li key={index} className="card">
              {card.href ? (
                <Link to={card.href} prefetch="intent">
                  {card.label}
                </Link>
              ) : (
                card.label
              )}
              {card.description && <p>{card.description}</p>}
            </li>
          ))}
        </ul>
        <Pagination previous={page.previous} next={page.next} />
      </div>
    </main>
  );
}

export const ErrorBoundary = PageError;
