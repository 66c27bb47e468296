import type { LoaderFunctionArgs } from '@remix-run/node';
import { apiPageResponse } from '~/lib/content.server';

/** One page: metadata, HTML and table of contents. */
export const loader = ({ context, request }: LoaderFunctionArgs) => apiPageResponse(context, request);
