import type { LoaderFunctionArgs } from '@remix-run/node';
import type { ShouldRevalidateFunction } from '@remix-run/react';
import { Outlet, useLoaderData, useRouteLoaderData } from '@remix-run/react';
import { shellView, sidebarOnce, siteOrigin, view } from '~/lib/site.server';
import { DocsErrorShell } from '~/components/DocsShell';
import { DocsLayoutShell } from '~/components/DocsLayoutShell';
import { sidebarHas } from '~/components/Sidebar';
import type { loader as pageLoader } from './$base.$';

// A blog's pages come through here too (their root is known at run time only), and the pages of the
// pages plugin: they bring their own shell.
export const loader = ({ context, request }: LoaderFunctionArgs) =>
  view(async () =>
    context.route.kind === 'blog' || context.route.kind === 'page'
      ? { blog: true as const }
      : { ...sidebarOnce(context, await shellView(context)), origin: siteOrigin(context, new URL(request.url).origin) },
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
  return 'blog' in data ? <Outlet /> : <DocsShellOfPage data={data} />;
}

/** The docs shell of the page route below it (`routes/$base.$`), which knows the page's versions. */
function DocsShellOfPage({ data }: { data: Exclude<ReturnType<typeof useLoaderData<typeof loader>>, { blog: true }> }) {
  const page = useRouteLoaderData<typeof pageLoader>('routes/$base.$');
  return <DocsLayoutShell data={data} versions={page?.kind === 'page' ? page.versions : undefined} />;
}

/** A failure inside the docs: the shell with no sections, and what went wrong. */
export const ErrorBoundary = DocsErrorShell;
