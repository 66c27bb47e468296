import type { LoaderFunctionArgs } from '@remix-run/node';
import { Link, Outlet, useLoaderData } from '@remix-run/react';
import { ErrorMessage } from '~/root';
import { loadShell } from '~/lib/content.server';
import { VersionSwitcher } from '~/components/VersionSwitcher';
import { VersionBanner } from '~/components/VersionBanner';

export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadShell(context, request);
}

/** The docs shell around every page. */
export default function DocsLayout() {
  const shell = useLoaderData<typeof loader>();
  const { base, title } = shell;
  return (
    <DocsShell base={base} title={title}>
      <VersionSwitcher versions={shell.versions} currentLabel={shell.version?.label ?? shell.branch ?? shell.commit.slice(0, 7)} />
      <VersionBanner data={shell} />
      <Outlet />
    </DocsShell>
  );
}

function DocsShell({ base, title, children }: { base: string; title: string; children: React.ReactNode }) {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="navbar">
        <Link to={`/${base}`} className="navbar-brand">
          {title}
        </Link>
      </header>
      <div className="docs-main">{children}</div>
    </>
  );
}

export function ErrorBoundary() {
  return (
    <DocsShell base="" title="Documentation">
      <main className="error-page" id="main">
        <ErrorMessage />
      </main>
    </DocsShell>
  );
}
