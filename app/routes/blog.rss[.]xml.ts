import type { LoaderFunctionArgs } from '@remix-run/node';
import { blogFeedView, view } from '~/lib/site.server';

/** The blog's feeds (RSS here; Atom and JSON Feed re-export this loader): which one, the server reads from the URL. */
export const loader = ({ context, request }: LoaderFunctionArgs) =>
  view(async () => {
    const { body, contentType } = await blogFeedView(context, new URL(request.url).origin);
    return new Response(body, { headers: { 'Content-Type': contentType } });
  });
