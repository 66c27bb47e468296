import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { docsPageElsewhere, siteOrigin, view } from '~/lib/site.server';
import { elsewhereMeta } from '~/lib/meta';
import { DocsPageElsewhere } from '~/components/DocsPageElsewhere';
import { PageError } from '~/components/PageError';

// A site's docs or blog at `api` (an API reference, routeBasePath `api`) have their pages here (the
// URL grammar says which); an address of the API that names nothing is answered before the app (bin/front.ts).
export const loader = ({ context, request }: LoaderFunctionArgs) => view(() => docsPageElsewhere(context, siteOrigin(context, new URL(request.url).origin)), context);

export const meta: MetaFunction<typeof loader> = ({ data, location }) => (data ? elsewhereMeta(data, location.pathname) : []);

/** A page of the site's docs at `api`. */
export default function ApiDocsPage() {
  return <DocsPageElsewhere data={useLoaderData<typeof loader>()} />;
}

export const ErrorBoundary = PageError;
