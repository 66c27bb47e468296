import type { LoaderFunctionArgs } from '@remix-run/node';
import { apiSidebarResponse } from '~/lib/content.server';

/** One sidebar of a version, branch or commit. */
export const loader = ({ context, request, params }: LoaderFunctionArgs) => apiSidebarResponse(context, request, params.name ?? '');
