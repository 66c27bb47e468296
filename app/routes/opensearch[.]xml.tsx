import type { LoaderFunctionArgs } from '@remix-run/node';
import { openSearchView } from '~/lib/site.server';

/** The OpenSearch description: lets a browser add the site's search to its search bar. */
export const loader = ({ context, request }: LoaderFunctionArgs) =>
  new Response(openSearchView(context, new URL(request.url).origin), { headers: { 'Content-Type': 'application/opensearchdescription+xml; charset=utf-8' } });
