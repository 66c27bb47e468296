// Repository files (images, PDFs) by content address: /_assets/{blobOid}/{name}. The oid fixes the
// bytes, so responses are immutable; the name's extension picks an allow-listed type.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { assetResponse } from '~/lib/content.server';

export async function loader({ params, context }: LoaderFunctionArgs) {
  return assetResponse(context, params.oid ?? '', params.name ?? '');
}
