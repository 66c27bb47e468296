import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { apiJson, docsPageElsewhere, HttpError, siteOrigin, view } from '~/lib/site.server';
import { elsewhereMeta } from '~/lib/meta';
import { DocsPageElsewhere } from '~/components/DocsPageElsewhere';
import { PageError } from '~/components/PageError';

// Unknown API paths answer with a problem document, not an HTML page; but a site's docs or blog at
// `api` (an API reference, routeBasePath `api`) have their pages here (the URL grammar says which).
export const loader = ({ context, request }: LoaderFunctionArgs) => {
  if (context.route.kind === 'blog' || 'base' in context.route) return view(() => docsPageElsewhere(context, siteOrigin(context, new URL(request.url).origin)), context);
  return apiJson(() => {
    throw new HttpError(404, 'Not found', 'No API endpoint at this address; see /api/versions.');
  });
};

export const meta: MetaFunction<typeof loader> = ({ data, location }) => (data ? elsewhereMeta(data, location.pathname) : []);

/** A page of the site's docs at `api`. */
export default function ApiDocsPage() {
  return <DocsPageElsewhere data={useLoaderData<typeof loader>()} />;
}

export const ErrorBoundary = PageError;
