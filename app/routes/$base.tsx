import type { LoaderFunctionArgs } from '@remix-run/node';
import type { ShouldRevalidateFunction } from '@remix-run/react';
import { Outlet, useLoaderData, useLocation, useRouteLoaderData } from '@remix-run/react';
import { shellView, sidebarOnce, siteOrigin, view } from '~/lib/site.server';
import { DocsErrorShell, DocsShell } from '~/components/DocsShell';
import { Sidebar, SidebarProblems, sidebarHas } from '~/components/Sidebar';
import { VersionSwitcher } from '~/components/VersionSwitcher';
import { VersionBanner } from '~/components/VersionBanner';
import { AnnouncementBar } from '~/components/AnnouncementBar';
import { SearchForm } from '~/components/SearchForm';
import { shellForPage } from '~/lib/shell-page';
import type { loader as pageLoader } from './$base.$';

// A blog's pages come through here too (their root is known at run time only): they bring their own shell.
export const loader = ({ context, request }: LoaderFunctionArgs) =>
  view(async () =>
    context.route.kind === 'blog' ? { blog: true as const } : { ...sidebarOnce(context, await shellView(context)), origin: siteOrigin(context, new URL(request.url).origin) },
  );

export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) => {
  if ((formMethod && formMethod !== 'GET') || currentUrl.pathname === nextUrl.pathname) return defaultShouldRevalidate;
  // Moving between two pages of the sidebar on screen keeps it (500+ items for release notes)
  // instead of fetching it again; anywhere else the page's group may differ: ask the server.
  return !(sidebarHas(currentUrl.pathname) && sidebarHas(nextUrl.pathname));
};

/** The docs shell around every docs page: navbar, sidebar (the menu on phones), footer; a blog page as it is. */
export default function DocsLayout() {
  const data = useLoaderData<typeof loader>();
  return 'blog' in data ? <Outlet /> : <DocsLayoutShell data={data} />;
}

/** The docs shell. */
function DocsLayoutShell({ data }: { data: Exclude<ReturnType<typeof useLoaderData<typeof loader>>, { blog: true }> }) {
  const page = useRouteLoaderData<typeof pageLoader>('routes/$base.$');
  // Kept across sidebar navigations: its links follow the page on screen, which knows its versions.
  const shell = shellForPage(data, useLocation().pathname, page?.kind === 'page' ? page.versions : undefined);
  return (
    <DocsShell
      title={shell.title}
      home={shell.prefix}
      sections={shell.sections}
      switcher={<VersionSwitcher versions={shell.versions} links={shell.versionLinks} currentLabel={shell.switcherLabel} />}
      banner={<VersionBanner data={shell} />}
      announcement={<AnnouncementBar announcement={shell.announcement} />}
      search={<SearchForm links={shell.search} />}
    >
      {shell.sidebar && <Sidebar html={shell.sidebar.html} label={shell.sidebar.label} />}
      <SidebarProblems intro="The sidebars have problems:" problems={shell.problems} />
    </DocsShell>
  );
}

/** A failure inside the docs: the shell with no sections, and what went wrong. */
export const ErrorBoundary = DocsErrorShell;
