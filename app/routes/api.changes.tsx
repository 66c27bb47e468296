import type { LoaderFunctionArgs } from '@remix-run/node';
import { apiChanges, apiJson } from '~/lib/site.server';

/** The pages a version, branch or commit changed compared with another, as JSON. */
export const loader = ({ context }: LoaderFunctionArgs) => apiJson(() => apiChanges(context));
