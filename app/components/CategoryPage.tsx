import { Link } from '@remix-run/react';
import type { SerializeFrom } from '@remix-run/node';
import type { categoryView } from '../../server/site/index.js';
import { Breadcrumbs } from './Breadcrumbs';
import { Pagination } from './Pagination';

/** A generated index page: a category's pages as cards. */
export function CategoryPage({ page }: { page: SerializeFrom<Awaited<ReturnType<typeof categoryView>>> }) {
  return (
    <main id="main" className="doc">
      <div className="doc-column">
        <Breadcrumbs crumbs={page.breadcrumbs} />
        <article>
          <header>
            <h1>{page.title}</h1>
            {page.description && <p>{page.description}</p>}
          </header>
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
        </article>
        <Pagination previous={page.previous} next={page.next} />
      </div>
    </main>
  );
}
