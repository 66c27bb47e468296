// The site's own stylesheet by the hash of its content: /_assets/css/{hash}.css (decision 042). The
// hash fixes the bytes, so it is immutable; it was sanitized when it was made (server/markdown/site-css.ts).
import type { LoaderFunctionArgs } from '@remix-run/node';
import { siteCssByHash, view } from '~/lib/site.server';

export const loader = ({ context }: LoaderFunctionArgs) =>
  view(async () => {
    if (context.route.kind !== 'site-css') throw new Response('No such stylesheet.', { status: 404 });
    const css = await siteCssByHash(context.site, context.snapshot, context.route.hash);
    return new Response(css, {
      headers: {
        'Content-Type': 'text/css; charset=utf-8',
        'X-Content-Type-Options': 'nosniff',
        // Were it opened as a document, it could load nothing.
        'Content-Security-Policy': "default-src 'none'",
      },
    });
  });
