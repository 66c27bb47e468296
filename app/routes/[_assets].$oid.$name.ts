// Repository files (images, PDFs) by content address: /_assets/{blobOid}/{name}. The oid fixes the
// bytes, so responses are immutable; the name's extension picks an allow-listed type.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { assetView, view } from '~/lib/site.server';

export const loader = ({ context }: LoaderFunctionArgs) =>
  view(async () => {
    const asset = await assetView(context);
    return new Response(asset.bytes as unknown as BodyInit, { headers: asset.headers });
  });
