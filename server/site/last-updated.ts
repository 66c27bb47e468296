// When each file of a commit last changed, and by whom (README "Reading and navigating"), as git
// tells it (server/git/history.ts). The embedded content is committed at start-up, so its own
// history would only say when the server started: its dates come from the history of the checkout
// it sits in (decision 023), for the files that are as committed there.
import type { DocSet } from '../content/doc-set.js';
import { enclosingCheckout, type EnclosingCheckout } from '../git/enclosing-checkout.js';
import type { History, LastUpdate } from '../git/history.js';
import type { Repository } from '../git/repository.js';
import type { Caches } from './caches/caches.js';
import { isWorkStop } from '../work-context.js';

export type { LastUpdate } from '../git/history.js';

/** What reading last updates needs of the site. */
export interface LastUpdatedHost {
  repository(): Repository;
  caches: Caches;
  history: History;
  /** The embedded content's folder, when the site serves it (no CONTENT_REPO). */
  embeddedDir: string | undefined;
}

/** Every file of a doc set's commit, by repository path, with its last change: one table per commit, shared by its doc sets. */
export function lastUpdatedOf(host: LastUpdatedHost, docSet: DocSet): Promise<Map<string, LastUpdate>> {
  const bytes = (updates: Map<string, LastUpdate>) => 200 + updates.size * 200;
  if (host.embeddedDir === undefined) return host.caches.derive(docSet.commit, 'last-updated', () => host.history.lastUpdates(host.repository(), docSet.commit), bytes);
  const dir = host.embeddedDir;
  return host.caches.derive(docSet.commit, 'last-updated', () => embeddedLastUpdates(host, dir, docSet), bytes);
}

/** The embedded content's last updates, read from the enclosing checkout's history (its HEAD read again for each commit served). */
async function embeddedLastUpdates(host: LastUpdatedHost, dir: string, docSet: DocSet): Promise<Map<string, LastUpdate>> {
  const checkout = await enclosingCheckout(dir);
  if (!checkout) return new Map();
  // A shallow clone's history stops at a commit whose parent is missing: then no date at all, rather than a wrong one.
  // (Work stopped because its client left is not "no history": it is not kept.)
  return projectLastUpdates(host, checkout, docSet).catch((error) => (isWorkStop(error) ? Promise.reject(error) : new Map()));
}

/** The files of `docSet`'s commit that are as the checkout's HEAD has them, with their last change there. */
async function projectLastUpdates(host: LastUpdatedHost, checkout: EnclosingCheckout, docSet: DocSet): Promise<Map<string, LastUpdate>> {
  const inCheckout = (servedPath: string) => (checkout.folder ? `${checkout.folder}/${servedPath}` : servedPath);
  const project = await host.caches.derive(
    checkout.head,
    'project-last-updated',
    () => host.history.lastUpdates(checkout.repository, checkout.head),
    (updates) => 200 + updates.size * 200,
  );
  const updates = new Map<string, LastUpdate>();
  for (const [servedPath, entry] of docSet.tree) {
    const update = project.get(inCheckout(servedPath));
    if (update?.oid === entry.oid) updates.set(servedPath, update);
  }
  return updates;
}
