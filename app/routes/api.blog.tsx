import type { LoaderFunctionArgs } from '@remix-run/node';
import { apiBlog, apiJson } from '~/lib/site.server';

/** A blog's posts, tags and authors as JSON (`?blog=` an id, `?ref=` a ~branch or @commit). */
export const loader = ({ context }: LoaderFunctionArgs) => apiJson(() => apiBlog(context));
