import type { LoaderFunctionArgs } from '@remix-run/node';
import { apiJson, apiPages } from '~/lib/site.server';

/** The page catalogue of a version, branch or commit. */
export const loader = ({ context }: LoaderFunctionArgs) => apiJson(() => apiPages(context));
