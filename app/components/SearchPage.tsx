import { Link } from '@remix-run/react';
import type { SearchPageView } from '../../server/site/index.js';
import { Highlighted } from './Highlighted';

/**
 * The search page: a form, what was searched and where, section filters, the results (title,
 * breadcrumb, highlighted snippet, a link to the best section) and page links. Plain links and a
 * GET form: all of it works without JavaScript.
 */
export function SearchPage({ data }: { data: SearchPageView }) {
  const { query, results } = data;
  return (
    <main id="main" className="search-page">
      <h1>{query ? `Search results for “${query}”` : 'Search the documentation'}</h1>
      {/* biome-ignore lint/a11y/useSemanticElements: React 18 does not know the <search> element; the role makes the same landmark */}
      <form role="search" aria-label="Search again" method="get" action={data.action} className="search-page-form">
        <label htmlFor="search-page-q">Search {data.scope}</label>
        <div className="search-page-field">
          <input id="search-page-q" type="search" name="q" defaultValue={query} maxLength={200} autoComplete="off" />
          <button type="submit">Search</button>
        </div>
      </form>
      <p className="search-scope" role="status">
        {describe(data)}
        {data.truncated && ' The query was cut to its first 200 characters.'}
        {data.stale && ` The newest commit of ${data.scope} is still being indexed: these results are from commit ${data.commit.slice(0, 7)}.`}
        {!data.building && !!data.notIndexed?.length && ` Still being indexed, so not in these results yet: ${data.notIndexed.join(', ')}.`}
      </p>
      {data.building && (
        <p className="search-building">
          The search index of {data.scope} is being built. <Link to={`${data.action}?${new URLSearchParams({ q: query })}`}>Search again</Link> in a moment.
        </p>
      )}
      {data.scopes.length > 0 && (
        // Contextual search, as Docusaurus's: the docs being read first; every instance on request.
        <FilterLinks label="Search in" className="search-filters search-scopes" links={data.scopes} />
      )}
      {data.filters.length > 2 && <FilterLinks label="Filter by section" className="search-filters" links={data.filters} />}
      {results.length > 0 && (
        <ol className="search-results" start={(data.page - 1) * 10 + 1}>
          {results.map((result) => (
            <li key={result.url}>
              <h2>
                <Link to={result.url}>
                  {result.title}
                  {result.heading ? ` › ${result.heading}` : ''}
                </Link>
              </h2>
              {result.breadcrumb.length > 0 && (
                <p className="search-result-crumbs">
                  <span className="visually-hidden">In: </span>
                  {[result.section?.label, ...result.breadcrumb].filter(Boolean).join(' › ')}
                </p>
              )}
              <p className="search-result-snippet">
                <Highlighted snippet={result.snippet} />
              </p>
            </li>
          ))}
        </ol>
      )}
      {(data.previous || data.next) && (
        <nav aria-label="Result pages" className="search-pages">
          {data.previous ? (
            <Link to={data.previous} rel="prev">
              Previous results
            </Link>
          ) : (
            <span />
          )}
          <span>{`Page ${data.page} of ${data.pageCount}`}</span>
          {data.next ? (
            <Link to={data.next} rel="next">
              More results
            </Link>
          ) : (
            <span />
          )}
        </nav>
      )}
    </main>
  );
}

/** What was searched and what it found, in one sentence. */
function describe(data: SearchPageView): string {
  if (!data.query) return `Type words to search ${data.scope}.`;
  if (data.building) return `Searching ${data.scope}.`;
  if (data.filteredTotal === 0) return `No pages of ${data.scope} match “${data.query}”. Try other or fewer words.`;
  return `${data.filteredTotal} ${data.filteredTotal === 1 ? 'page' : 'pages'} of ${data.scope} match.`;
}

/** A row of links that narrow the search (where to search, which section), the current one marked. */
function FilterLinks({ label, className, links }: { label: string; className: string; links: { href: string; label: string; current: boolean; count?: number }[] }) {
  return (
    <nav aria-label={label} className={className}>
      <ul>
        {links.map((link) => (
          <li key={link.href}>
            <Link to={link.href} aria-current={link.current ? 'true' : undefined}>
              {link.label}
              {link.count !== undefined && <span className="search-filter-count"> ({link.count})</span>}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
