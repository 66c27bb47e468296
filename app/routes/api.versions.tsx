import type { LoaderFunctionArgs } from '@remix-run/node';
import { apiJson, apiVersions } from '~/lib/site.server';

/** Every version with its metadata and commit. */
export const loader = ({ context }: LoaderFunctionArgs) => apiJson(() => apiVersions(context));
