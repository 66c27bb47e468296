import type { LoaderFunctionArgs } from '@remix-run/node';
import { sitemapIndexView, sitemapView, textDocument } from '~/lib/site.server';

/** The sitemap of one version; at a locale's base URL (`/zh/sitemap.xml`), that locale's index of them. */
export const loader = ({ context, request }: LoaderFunctionArgs) =>
  textDocument(
    () => (context.route.kind === 'sitemap-index' ? sitemapIndexView(context, new URL(request.url).origin) : sitemapView(context, new URL(request.url).origin)),
    'application/xml; charset=utf-8',
  );
