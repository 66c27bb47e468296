import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useRouteError, useRouteLoaderData } from '@remix-run/react';
import type { LinksFunction, LoaderFunctionArgs } from '@remix-run/node';
import stylesheet from './styles/site.css?url';
import { themeOf } from './lib/theme';
import { Highlighted } from './components/Highlighted';

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  // Lets browsers add the site's search (the last version's search page) to their search bar.
  { rel: 'search', type: 'application/opensearchdescription+xml', href: '/opensearch.xml', title: 'Search the documentation' },
];

/** The reader's theme choice (a cookie), so the first paint is already in the right colours. */
export function loader({ request }: LoaderFunctionArgs) {
  return { theme: themeOf(request) ?? null };
}

/** The HTML document around every page. */
export function Layout({ children }: { children: React.ReactNode }) {
  const theme = useRouteLoaderData<typeof loader>('root')?.theme;
  return (
    <html lang="en" data-theme={theme ?? undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/** Errors outside the docs layout: an unknown top-level path, or a server failure. */
export function ErrorBoundary() {
  return (
    <main className="error-page" id="main">
      <ErrorMessage />
    </main>
  );
}

/** The 404 page's search results for the words of the missing URL. */
function Suggestions({
  query,
  results,
  more,
}: {
  query: string;
  more: string;
  results: { title: string; url: string; breadcrumb: string[]; snippet: { text: string; highlights: [number, number][] } }[];
}) {
  return (
    <section className="search-suggestions" aria-labelledby="suggestions-title">
      <h2 id="suggestions-title">Were you looking for one of these?</h2>
      <ul className="search-results">
        {results.map((result) => (
          <li key={result.url}>
            <a href={result.url}>{result.title}</a>
            {result.breadcrumb.length > 0 && <p className="search-result-crumbs">{result.breadcrumb.join(' › ')}</p>}
            <p className="search-result-snippet">
              <Highlighted snippet={result.snippet} />
            </p>
          </li>
        ))}
      </ul>
      <p>
        <a href={more}>All results for “{query}”</a>
      </p>
    </section>
  );
}

/** Says what went wrong: what was not found for a 404, a short apology otherwise. */
export function ErrorMessage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) {
    const notFound = error.status === 404;
    return (
      <>
        <title>{notFound ? 'Page not found' : `Error ${error.status}`}</title>
        <h1>{notFound ? 'Page not found' : `Error ${error.status}`}</h1>
        <p>{typeof error.data === 'string' && error.data ? error.data : (error.data?.detail ?? error.statusText)}</p>
        {error.data?.suggestions && <Suggestions {...error.data.suggestions} />}
        <p>
          <a href="/">Go to the documentation home</a>
        </p>
      </>
    );
  }
  return (
    <>
      <title>Something went wrong</title>
      <h1>Something went wrong</h1>
      <p>The server could not show this page. The error has been logged.</p>
    </>
  );
}
