// Repository files (images, PDFs, media, downloads) by content address: `/_assets/{blobOid}/{name}`.
import { DOWNLOAD_TYPES, linkedFileType } from '../../markdown/asset-types.js';
import { notFound } from '../http-error.js';
import type { RequestContext } from '../request.js';
import { blobsUnder } from '../../git/blobs-under.js';
import { isUnreadableFile, readFileContent } from '../../git/file-content.js';
import type { Site } from '../site.js';
import type { Snapshot } from '../snapshot.js';

/** An asset's bytes and the headers it is sent with. */
export interface AssetView {
  bytes: Uint8Array;
  headers: Record<string, string>;
}

/**
 * A repository file by blob id, with an allow-listed type, `nosniff` and immutable caching. Only
 * files under the docs folders or the static folders of a served ref are published: the blob id of any other file (the
 * site configuration, say) is a 404. SVG gets a CSP that forbids scripts and sandboxes it, so it
 * is never an active document.
 */
export async function assetView(context: RequestContext): Promise<AssetView> {
  const { route, site, snapshot } = context;
  if (route.kind !== 'repo-asset') throw notFound('No such file.');
  const type = linkedFileType(route.name);
  // The tips first (cheap, and what pages show); then the history behind them, so a permalink to
  // an older commit still shows the images it had.
  const path = (await publishedBlobs(site, snapshot)).get(route.oid) ?? (await publishedBlobs(site, snapshot, 'history')).get(route.oid);
  if (!type || !path || linkedFileType(path) !== type) throw notFound('No such file.');
  const bytes = await readFileContent(site.repository, route.oid).catch((error) => {
    throw isUnreadableFile(error) ? notFound(`The file ${path} ${error.reason}.`) : error;
  });
  const headers: Record<string, string> = {
    'Content-Type': type,
    'Content-Length': String(bytes.byteLength),
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'public, max-age=31536000, immutable',
  };
  if (type === 'image/svg+xml') headers['Content-Security-Policy'] = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox";
  if (DOWNLOAD_TYPES.has(type)) headers['Content-Disposition'] = `attachment; filename*=UTF-8''${encodeURIComponent(route.name)}`;
  return { bytes, headers };
}

/**
 * The blobs under the docs folders of every served ref (or of their whole history), by id: each
 * instance's folder and, for versions kept in folders, its versioned docs folder; and the static folders. Derived once per set of tips.
 */
function publishedBlobs(site: Site, snapshot: Snapshot, depth: 'tips' | 'history' = 'tips'): Promise<Map<string, string>> {
  const docsFolders = snapshot.instances.flatMap((instance) => [instance.config.path, ...instance.model.extraFolders(instance.config)]);
  // The static folders too: pages name their images (`![](/img/x.png)`, `require('@site/static/…')`) by content address.
  const folders = [...docsFolders, ...snapshot.config.staticDirectories.map((folder) => folder.replace(/\/+$/, ''))];
  // Subtrees shared between commits are read once, so the whole history costs little more than its changes.
  const compute = async () => {
    const commits = depth === 'tips' ? snapshot.servedTips : [...(await site.reachable(snapshot))];
    const blobs = new Map<string, string>();
    for (const folder of folders) for (const [oid, path] of await blobsUnder(site.repository, commits, folder)) if (!blobs.has(oid)) blobs.set(oid, path);
    return blobs;
  };
  return site.caches.derive(`${snapshot.servedTipsKey}:${depth}:${folders.join(',')}`, 'published-blobs', compute, (blobs) => 200 + blobs.size * 150);
}
