import type { LoaderFunctionArgs } from '@remix-run/node';
import { apiJson, apiPage } from '~/lib/site.server';

/** One page: metadata, HTML and table of contents. */
export const loader = ({ context }: LoaderFunctionArgs) => apiJson(() => apiPage(context));
