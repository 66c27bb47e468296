import type { LoaderFunctionArgs } from '@remix-run/node';
import { apiNotFoundResponse } from '~/lib/content.server';

/** Unknown API paths answer with a problem document, not an HTML page. */
export const loader = ({ request }: LoaderFunctionArgs) => apiNotFoundResponse(request);
