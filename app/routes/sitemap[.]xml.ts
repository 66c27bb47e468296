import type { LoaderFunctionArgs } from '@remix-run/node';
import { sitemapIndexView, textDocument } from '~/lib/site.server';

/** The index of the versions' sitemaps. */
export const loader = ({ context, request }: LoaderFunctionArgs) => textDocument(() => sitemapIndexView(context, new URL(request.url).origin), 'application/xml; charset=utf-8');
