import type { LoaderFunctionArgs } from '@remix-run/node';
import { robotsView, textDocument } from '~/lib/site.server';

/** What crawlers may read, and where the sitemaps are. */
export const loader = ({ context, request }: LoaderFunctionArgs) => textDocument(() => robotsView(context, new URL(request.url).origin), 'text/plain; charset=utf-8');
