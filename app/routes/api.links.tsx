import type { LoaderFunctionArgs } from '@remix-run/node';
import { apiJson, apiLinks } from '~/lib/site.server';

/** The broken links and anchors of a version, branch or commit as JSON. */
export const loader = ({ context }: LoaderFunctionArgs) => apiJson(() => apiLinks(context));
