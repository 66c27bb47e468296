import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useRouteError, useRouteLoaderData } from '@remix-run/react';
import type { LinksFunction, LoaderFunctionArgs } from '@remix-run/node';
import { useEffect } from 'react';
import stylesheet from './styles/site.css?url';
import { themeOf } from './lib/theme';
import { Highlighted } from './components/Highlighted';
import { Navbar } from './components/Navbar';
import { Footer } from './components/Footer';
import { brandOf, initialTheme, localeHead, requestColorMode, requestSiteCss, requestThemeStrings, siteOrigin } from './lib/site.server';
import { THEME_STRINGS } from './lib/theme-strings';
import { SkipLink } from './components/SkipLink';

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  // Lets browsers add the site's search (the last version's search page) to their search bar.
  { rel: 'search', type: 'application/opensearchdescription+xml', href: '/opensearch.xml', title: 'Search the documentation' },
];

/**
 * The reader's theme choice (a cookie), so the first paint is already in the right colours, whether
 * this is a lite (script-free) page, and the site's brand (lite: no fonts); the landing page alone
 * preloads the title's font.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const favicon = context.snapshot.config.favicon;
  const brand = brandOf(context.snapshot.config, context.lite);
  const url = new URL(request.url);
  const home = url.pathname === '/';
  const colorMode = await requestColorMode(context);
  return {
    // The page's locale (lang, dir) and the same page in the site's other locales (issue 57).
    locale: localeHead(context.snapshot.config, context.pathname ?? url.pathname, siteOrigin(context, url.origin)),
    // The mode the page is sent in (themeConfig.colorMode); null: the system's, as CSS and the script below read it.
    theme: initialTheme(colorMode, themeOf(request)) ?? null,
    themeSwitch: !colorMode.disableSwitch,
    lite: context.lite,
    // A file of the static folders, else another site's icon or a data: URI as the config wrote it.
    favicon: favicon ? (/^(https?:|data:)/i.test(favicon) ? favicon : `/${favicon}`) : null,
    brand: { ...brand, preloads: brand.preloads.filter((font) => home || !font.homeOnly) },
    // The site's own CSS (customCss, stylesheets) of the commit this page reads, after docsite's (decision 042).
    siteCss: (await requestSiteCss(context, context.lite)) ?? null,
    // The site's own head tags (plugin-pwa's `pwaHead`): allow-listed link and meta tags only (head-tags-config.ts).
    headTags: context.snapshot.config.headTags ?? [],
    // The chrome's words where the page's locale (or the site's code.json) says otherwise than English.
    strings: await requestThemeStrings(context, THEME_STRINGS),
  };
}

/** Sets `data-theme` from `prefers-color-scheme` (pages whose mode the system decides). */
const SYSTEM_THEME_SCRIPT = "document.documentElement.dataset.theme=matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light'";

/**
 * Keeps `data-theme` on the system's mode while `follows` (no choice of the reader's, a site that
 * respects the system): as it changes, and after React renders `<html>` again (a hydration that fell back).
 */
function useSystemTheme(follows: boolean) {
  useEffect(() => {
    if (!follows) return;
    const media = matchMedia('(prefers-color-scheme: dark)');
    const apply = () => {
      document.documentElement.dataset.theme = media.matches ? 'dark' : 'light';
    };
    apply();
    media.addEventListener('change', apply);
    return () => media.removeEventListener('change', apply);
  }, [follows]);
}

/** The HTML document around every page. */
export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof loader>('root');
  const theme = root?.theme;
  const headTags = root?.headTags ?? [];
  useSystemTheme(!theme);
  return (
    <html lang={root?.locale.lang ?? 'en'} dir={root?.locale.dir === 'rtl' ? 'rtl' : undefined} data-theme={theme ?? undefined} suppressHydrationWarning>
      <head>
        {/* The system's mode as `data-theme` before the first paint, so a site's `[data-theme='dark']` rules apply too (Docusaurus does the same). */}
        {!theme && !root?.lite ? <script dangerouslySetInnerHTML={{ __html: SYSTEM_THEME_SCRIPT }} /> : null}
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* A site's own theme colour and manifest (its head tags, below) stand in for docsite's. */}
        {!headTags.some((tag) => tag.attributes.name === 'theme-color') && <meta name="theme-color" content={root?.brand.themeColor ?? '#0b5cb8'} />}
        {!headTags.some((tag) => tag.attributes.rel === 'manifest') && <link rel="manifest" href="/manifest.webmanifest" />}
        {headTags.map((tag, index) => {
          const { crossorigin, ...attributes } = tag.attributes;
          // React's name for it; any other value is the HTML's "anonymous", as browsers read it.
          const props = { ...attributes, crossOrigin: crossorigin as 'anonymous' | 'use-credentials' | undefined };
          return tag.tagName === 'link' ? <link key={`head-${index}`} {...props} /> : <meta key={`head-${index}`} {...props} />;
        })}
        <Meta />
        {/* The site's icon (docsite.yaml `favicon`), else docsite's own. */}
        {root?.favicon ? <link rel="icon" href={root.favicon} /> : <link rel="icon" href="/favicon.svg" type="image/svg+xml" />}
        <Links />
        {root?.locale.alternates.map((link) => (
          <link key={link.hreflang} rel="alternate" hrefLang={link.hreflang} href={link.href} />
        ))}
        {root?.brand.preloads.map((font) => (
          <link key={font.href} rel="preload" href={font.href} as="font" type={font.type} media={font.media} crossOrigin="anonymous" />
        ))}
        {/* The brand's colours and fonts: validated values only (server/site/views/brand-css.ts). */}
        {root?.brand.css ? <style dangerouslySetInnerHTML={{ __html: root.brand.css }} /> : null}
        {/* The site's own stylesheet, sanitized (nothing it loads leaves the site): its rules and Infima variables win over docsite's. */}
        {root?.siteCss ? <link rel="stylesheet" href={root.siteCss} /> : null}
      </head>
      <body>
        {children}
        {/* Lite mode: no script at all; every page works without (links, forms, details, :target). */}
        {!root?.lite && (
          <>
            <ScrollRestoration />
            <Scripts />
          </>
        )}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/** Errors outside the docs layout: an unknown top-level path, or a server failure; in the site's navbar and footer. */
export function ErrorBoundary() {
  const title = useRouteLoaderData<typeof loader>('root')?.brand.siteTitle ?? 'Documentation';
  return (
    <>
      <SkipLink />
      <Navbar title={title} home="/" sections={[]} menu={false} />
      <main className="error-page" id="main">
        <ErrorMessage />
      </main>
      <Footer title={title} />
    </>
  );
}

/** A search result offered on a 404. */
type SuggestedResult = { title: string; url: string; breadcrumb: string[]; snippet: { text: string; highlights: [number, number][] } };

/**
 * The 404 page's one list of suggestions: the search results for the words of the missing URL,
 * then the pages at a similar address that the search did not already offer (each page once).
 */
function Suggestions({ search, links }: { search?: { query: string; more: string; results: SuggestedResult[] } | null; links: { label: string; href: string }[] }) {
  const results = search?.results ?? [];
  const offered = new Set(results.map((result) => result.url.split('#')[0]));
  const others = links.filter((link) => !offered.has(link.href.split('#')[0]));
  if (results.length === 0 && others.length === 0) return null;
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
        {others.map((link) => (
          <li key={link.href}>
            <a href={link.href}>{link.label}</a>
          </li>
        ))}
      </ul>
      {search && (
        <p>
          <a href={search.more}>All results for “{search.query}”</a>
        </p>
      )}
    </section>
  );
}

/** Says what went wrong: what was not found for a 404, a short apology otherwise. */
export function ErrorMessage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) {
    const notFound = error.status === 404;
    const data = error.data as string | { detail: string; links?: { label: string; href: string }[]; suggestions?: Parameters<typeof Suggestions>[0]['search'] } | undefined;
    const detail = typeof data === 'string' ? data : data?.detail;
    const links = (typeof data === 'object' && data.links) || [];
    const suggestions = typeof data === 'object' ? data.suggestions : undefined;
    return (
      <>
        <title>{notFound ? 'Page not found' : `Error ${error.status}`}</title>
        <h1>{notFound ? 'Page not found' : `Error ${error.status}`}</h1>
        <p>{detail || error.statusText}</p>
        <Suggestions search={suggestions} links={links} />
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
