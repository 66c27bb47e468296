import type { LoaderFunctionArgs } from '@remix-run/node';
import { apiVersionsResponse } from '~/lib/content.server';

/** Every version with its metadata and commit. */
export const loader = ({ context }: LoaderFunctionArgs) => apiVersionsResponse(context);
