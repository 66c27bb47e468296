import { Link, useLocation, useRouteLoaderData } from '@remix-run/react';
import type { loader as rootLoader } from '~/root';

/** The site footer: the tag index, and the lite-mode switch. */
export function Footer({ title, tagsHref }: { title: string; tagsHref: string }) {
  return (
    <footer className="footer">
      <p>
        {title} · <Link to={tagsHref}>All tags</Link>
      </p>
      <LiteToggle />
    </footer>
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
