import type { LoaderFunctionArgs } from '@remix-run/node';
import { Link, Outlet, useLoaderData } from '@remix-run/react';
import { ErrorMessage } from '~/root';
import { invariantResponse } from '~/lib/http';

export async function loader({ params, context }: LoaderFunctionArgs) {
  invariantResponse(params.base === context.site.location.base, `No documentation is served under /${params.base}.`);
  return { base: params.base };
}

/** The docs shell around every page. */
export default function DocsLayout() {
  const { base } = useLoaderData<typeof loader>();
  return (
    <DocsShell base={base}>
      <Outlet />
    </DocsShell>
  );
}

function DocsShell({ base, children }: { base: string; children: React.ReactNode }) {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="navbar">
        <Link to={`/${base}`} className="navbar-brand">
          Developer docs
        </Link>
      </header>
      <div className="docs-main">{children}</div>
    </>
  );
}

export function ErrorBoundary() {
  return (
    <DocsShell base="">
      <main className="error-page" id="main">
        <ErrorMessage />
      </main>
    </DocsShell>
  );
}
