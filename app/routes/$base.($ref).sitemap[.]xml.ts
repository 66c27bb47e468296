import type { LoaderFunctionArgs } from '@remix-run/node';
import { sitemapView, textDocument } from '~/lib/site.server';

/** The sitemap of one version. */
export const loader = ({ context, request }: LoaderFunctionArgs) => textDocument(() => sitemapView(context, new URL(request.url).origin), 'application/xml; charset=utf-8');
