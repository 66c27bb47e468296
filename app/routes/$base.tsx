import type { LoaderFunctionArgs } from '@remix-run/node';
import type { ShouldRevalidateFunction } from '@remix-run/react';
import { useLoaderData } from '@remix-run/react';
import { useMemo } from 'react';
import { shellView, view } from '~/lib/site.server';
import { DocsErrorShell, DocsShell } from '~/components/DocsShell';
import { Sidebar, sidebarHrefs } from '~/components/Sidebar';
import { VersionSwitcher } from '~/components/VersionSwitcher';
import { VersionBanner } from '~/components/VersionBanner';
import { SearchForm } from '~/components/SearchForm';

export const loader = ({ context }: LoaderFunctionArgs) => view(() => shellView(context));

// In the browser: the pages of the sidebar on screen. Moving between two of them keeps the
// sidebar (500+ items for release notes) instead of fetching it again.
let sidebarPages: Set<string> | undefined;

export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) => {
  if ((formMethod && formMethod !== 'GET') || currentUrl.pathname === nextUrl.pathname) return defaultShouldRevalidate;
  // Anywhere else the page's group, and so its sidebar, may differ: always ask the server.
  return !(sidebarPages?.has(currentUrl.pathname) && sidebarPages.has(nextUrl.pathname));
};

/** The docs shell around every page: navbar, sidebar (the menu on phones), footer. */
export default function DocsLayout() {
  const shell = useLoaderData<typeof loader>();
  sidebarPages = useMemo(() => sidebarHrefs(shell.sidebar?.items ?? []), [shell.sidebar]);
  return (
    <DocsShell
      title={shell.title}
      home={shell.prefix}
      sections={shell.sections}
      switcher={<VersionSwitcher versions={shell.versions} currentLabel={shell.version?.label ?? shell.branch ?? shell.commit.slice(0, 7)} />}
      banner={<VersionBanner data={shell} />}
      search={<SearchForm links={shell.search} />}
    >
      {shell.sidebar && <Sidebar items={shell.sidebar.items} label={shell.sidebar.label} />}
      {shell.problems.length > 0 && (
        <div className="sidebar-problems" role="note">
          <p>The sidebars have problems:</p>
          <ul>
            {shell.problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      )}
    </DocsShell>
  );
}

/** A failure inside the docs: the shell with no sections, and what went wrong. */
export const ErrorBoundary = DocsErrorShell;
