// When each page of a doc set last changed, and by whom (README "Reading and navigating"). The
// embedded content is committed at start-up, so its own history would only say when the server
// started: its dates come from the history of the checkout it sits in (decision 023).
import type { DocSet } from '../content/doc-set.js';
import { enclosingCheckout, type EnclosingCheckout } from '../git/enclosing-checkout.js';
import { lastUpdates, type LastUpdate } from '../git/history.js';
import type { Repository } from '../git/repository.js';
import type { Caches } from './caches.js';

export type { LastUpdate } from '../git/history.js';

/** What reading last updates needs of the site. */
export interface LastUpdatedHost {
  repository(): Repository;
  caches: Caches;
  /** The embedded content's folder, when the site serves it (no CONTENT_REPO). */
  embeddedDir: string | undefined;
}

/** Each file of a doc set's folder, by repository path, with its last change; one history walk per commit and folder. */
export function lastUpdatedOf(host: LastUpdatedHost, docSet: DocSet): Promise<Map<string, LastUpdate>> {
  const bytes = (updates: Map<string, LastUpdate>) => 200 + updates.size * 200;
  const folder = docSet.location.path;
  if (host.embeddedDir === undefined) return host.caches.derive(docSet.commit, `last-updated:${folder}`, () => lastUpdates(host.repository(), docSet.commit, folder), bytes);
  const dir = host.embeddedDir;
  return host.caches.derive(docSet.commit, `last-updated:${folder}`, () => embeddedLastUpdates(host, dir, docSet), bytes);
}

/** The embedded content's last updates, read from the enclosing checkout's history (its HEAD read again for each commit served). */
async function embeddedLastUpdates(host: LastUpdatedHost, dir: string, docSet: DocSet): Promise<Map<string, LastUpdate>> {
  const checkout = await enclosingCheckout(dir);
  if (!checkout) return new Map();
  // A shallow clone's history stops at a commit whose parent is missing: then no date at all, rather than a wrong one.
  return projectLastUpdates(host, checkout, docSet).catch(() => new Map());
}

/** The files of `docSet` that are as the checkout's HEAD has them, with their last change there. */
async function projectLastUpdates(host: LastUpdatedHost, checkout: EnclosingCheckout, docSet: DocSet): Promise<Map<string, LastUpdate>> {
  const inCheckout = (servedPath: string) => (checkout.folder ? `${checkout.folder}/${servedPath}` : servedPath);
  const project = await host.caches.derive(
    checkout.head,
    `project-last-updated:${inCheckout(docSet.location.path)}`,
    () => lastUpdates(checkout.repository, checkout.head, inCheckout(docSet.location.path)),
    (updates) => 200 + updates.size * 200,
  );
  const updates = new Map<string, LastUpdate>();
  for (const [servedPath, entry] of docSet.tree) {
    const update = project.get(inCheckout(servedPath));
    if (update?.oid === entry.oid) updates.set(servedPath, update);
  }
  return updates;
}
