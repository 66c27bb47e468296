// Repository files (images, PDFs, media, downloads) by content address: `/_assets/{blobOid}/{name}`.
import { assetType, DOWNLOAD_TYPES, linkedFileType } from '../../markdown/asset-types.js';
import { pagesFolder, pagesInstancesOf } from '../../pages/pages-options.js';
import { notFound } from '../http-error.js';
import type { RequestContext } from '../request.js';
import { blobsUnder } from '../../git/blobs-under.js';
import { isUnreadableFile, readFileContent } from '../../git/file-content.js';
import type { Site } from '../site.js';
import type { Snapshot } from '../snapshot.js';
import { md4 as md4Of } from 'hash-wasm';

/** An asset's bytes and the headers it is sent with. */
export interface AssetView {
  bytes: Uint8Array;
  headers: Record<string, string>;
}

/**
 * A repository file by blob id, with an allow-listed type and `nosniff` (its immutable caching is the
 * route's policy, server/site/caches/http-cache.ts: set once, by the HTTP layer). Only
 * files under the docs folders or the static folders of a served ref are published: the blob id of any other file (the
 * site configuration, say) is a 404. SVG gets a CSP that forbids scripts and sandboxes it, so it
 * is never an active document.
 */
export async function assetView(context: RequestContext): Promise<AssetView> {
  const { route, site, snapshot } = context;
  if (route.kind !== 'repo-asset') throw notFound('No such file.');
  const type = linkedFileType(route.name);
  const oid = 'oid' in route ? route.oid : await oidOfHashed(site, snapshot, route.name, route.md4);
  // The tips first (cheap, and what pages show); then the history behind them, so a permalink to
  // an older commit still shows the images it had.
  const path = oid && ((await publishedBlobs(site, snapshot)).get(oid) ?? (await publishedBlobs(site, snapshot, 'history')).get(oid));
  if (!type || !oid || !path || linkedFileType(path) !== type) throw notFound('No such file.');
  const bytes = await readFileContent(site.repository, oid).catch((error) => {
    throw isUnreadableFile(error) ? notFound(`The file ${path} ${error.reason}.`) : error;
  });
  const headers: Record<string, string> = {
    'Content-Type': type,
    'Content-Length': String(bytes.byteLength),
    'X-Content-Type-Options': 'nosniff',
  };
  if (type === 'image/svg+xml') headers['Content-Security-Policy'] = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox";
  if (DOWNLOAD_TYPES.has(type)) headers['Content-Disposition'] = `attachment; filename*=UTF-8''${encodeURIComponent(route.name)}`;
  return { bytes, headers };
}

/**
 * The blob a Docusaurus address names (`/assets/files/{name}-{md4}.{ext}`): of the published files of
 * the served refs with that name, the one whose content has that MD4 (each hashed once, by blob).
 */
async function oidOfHashed(site: Site, snapshot: Snapshot, name: string, md4: string): Promise<string | undefined> {
  for (const depth of ['tips', 'history'] as const) {
    for (const [oid, path] of await publishedBlobs(site, snapshot, depth)) {
      if (path.slice(path.lastIndexOf('/') + 1) !== name) continue;
      const hash = await site.caches
        .derive(
          oid,
          'md4',
          async () => md4Of(await readFileContent(site.repository, oid)),
          () => 100,
        )
        .catch(() => undefined);
      if (hash === md4) return oid;
    }
  }
  return undefined;
}

/** The types of the site code's files that are published: what a page shows, never its code or data. */
const MEDIA = /^(image|video|audio|font)\/|^application\/pdf$/;

/**
 * The blobs under the docs folders of every served ref (or of their whole history), by id: each
 * instance's folder and, for versions kept in folders, its versioned docs folder; the static folders; the images,
 * media and fonts of the site's code. Derived once per set of tips.
 */
function publishedBlobs(site: Site, snapshot: Snapshot, depth: 'tips' | 'history' = 'tips'): Promise<Map<string, string>> {
  // Each other locale's translated docs too (issue 57): a translated page shows the images beside it.
  const localized = [...(snapshot.locales?.values() ?? [])].flatMap((locale) => locale.instances.map((instance) => instance.config.translations));
  const docsFolders = [...snapshot.instances.flatMap((instance) => [instance.config.path, ...instance.model.extraFolders(instance.config)]), ...localized];
  // The static folders too: pages name their images (`![](/img/x.png)`, `require('@site/static/…')`) by content address.
  const folders = [...docsFolders, ...snapshot.config.staticDirectories.map((folder) => folder.replace(/\/+$/, ''))];
  // The images, media and fonts a site's pages and components import (decision 041): under its pages' folders and its src/.
  const code = [...pagesInstancesOf(snapshot.config.pages).map(pagesFolder), [snapshot.config.siteDir, 'src'].filter(Boolean).join('/')];
  // Subtrees shared between commits are read once, so the whole history costs little more than its changes.
  const compute = async () => {
    const commits = depth === 'tips' ? snapshot.servedTips : [...(await site.reachable(snapshot))];
    const blobs = new Map<string, string>();
    for (const folder of folders) for (const [oid, path] of await blobsUnder(site.repository, commits, folder)) if (!blobs.has(oid)) blobs.set(oid, path);
    for (const folder of code)
      for (const [oid, path] of await blobsUnder(site.repository, commits, folder)) if (!blobs.has(oid) && MEDIA.test(assetType(path) ?? '')) blobs.set(oid, path);
    return blobs;
  };
  return site.caches.derive(`${snapshot.servedTipsKey}:${depth}:${folders.join(',')}:${code.join(',')}`, 'published-blobs', compute, (blobs) => 200 + blobs.size * 150);
}
