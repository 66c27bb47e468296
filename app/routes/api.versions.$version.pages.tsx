import type { LoaderFunctionArgs } from '@remix-run/node';
import { apiPagesResponse } from '~/lib/content.server';

/** The page catalogue of a version, branch or commit. */
export const loader = ({ context, request }: LoaderFunctionArgs) => apiPagesResponse(context, request);
