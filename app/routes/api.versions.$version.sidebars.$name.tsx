import type { LoaderFunctionArgs } from '@remix-run/node';
import { apiJson, apiSidebar } from '~/lib/site.server';

/** One sidebar of a version, branch or commit. */
export const loader = ({ context }: LoaderFunctionArgs) => apiJson(() => apiSidebar(context));
