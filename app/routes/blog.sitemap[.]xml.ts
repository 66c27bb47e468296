import type { LoaderFunctionArgs } from '@remix-run/node';
import { blogSitemapView, textDocument } from '~/lib/site.server';

/** The blog's sitemap: its list pages, posts, tags, archive and authors. */
export const loader = ({ context, request }: LoaderFunctionArgs) => textDocument(() => blogSitemapView(context, new URL(request.url).origin), 'application/xml; charset=utf-8');
