import type { LoaderFunctionArgs } from '@remix-run/node';
import { apiJson, apiSearch } from '~/lib/site.server';

/** Search results of a version, branch or commit as JSON. */
export const loader = ({ context }: LoaderFunctionArgs) => apiJson(() => apiSearch(context));
