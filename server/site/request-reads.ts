// One reading per request (issue 42): what the views of one request read of the docs (where a URL
// points, a doc set, its sidebars, tags and last updates, an instance's versions at a commit) is asked
// of the site once and shared by every view of the request: the cache headers, the site root, the
// shell, the page and the API. The site's caches make a second ask cheap; this makes it not happen,
// so a request reads one consistent answer even if a cache entry is evicted in between.
import { docSetKey, type DocSet } from '../content/doc-set.js';
import type { InstanceConfig } from '../config/instance-config.js';
import type { Tag } from '../content/tags.js';
import type { InstanceVersions } from '../docs/instance-versions.js';
import type { SiteSidebars } from '../content/sidebars/sidebars.js';
import type { DocsAddress } from '../urls.js';
import { HttpError, notFound } from './http-error.js';
import type { LastUpdate } from './last-updated.js';
import type { Located, Site, Snapshot } from './site.js';

/** The reads of one request against one snapshot, each done once. */
export class RequestReads {
  private readonly memo = new Map<string, Promise<unknown>>();

  constructor(
    private readonly site: Site,
    private readonly snapshot: Snapshot,
  ) {}

  /** The value of `key` for this request: loaded by the first ask, shared by the others (a failure too). */
  private once<T>(key: string, load: () => Promise<T>): Promise<T> {
    let pending = this.memo.get(key) as Promise<T> | undefined;
    if (!pending) {
      pending = load();
      this.memo.set(key, pending);
    }
    return pending;
  }

  /** Where a docs address points in the request's snapshot, and the address fitted to that commit (Site.locate). */
  locate<T extends DocsAddress>(address: T): Promise<{ located: Located; route: T }> {
    return this.once(`locate:${JSON.stringify(address)}`, () => this.site.locate(this.snapshot, address, (commit, instance) => this.versionsAt(commit, instance)));
  }

  /** An instance's versions at a commit. */
  versionsAt(commit: string, instance: InstanceConfig): Promise<InstanceVersions> {
    return this.once(`versions:${commit}:${instance.id}:${instance.locale ?? ''}`, () => this.site.docs.versionsAt(commit, instance, this.snapshot.defaultRef));
  }

  /** The doc set a located URL reads; a commit whose configuration is broken is a 422 naming the file and line, a missing one a 404. */
  docSet(located: Pick<Located, 'commit' | 'instance' | 'versionName'>): Promise<DocSet> {
    return this.once(`docSet:${located.commit}:${located.instance.id}:${located.versionName}:${located.instance.locale ?? ''}`, async () => {
      try {
        return await this.site.docs.docSet(located.commit, located.instance.id, located.versionName, located.instance.locale);
      } catch (error) {
        if (error instanceof Error && error.name === 'SiteConfigError') throw new HttpError(422, 'Broken site configuration', error.message);
        if (error instanceof Error && error.name === 'UnknownDocsError') throw notFound(error.message);
        throw error;
      }
    });
  }

  /** A doc set's sidebars for today. */
  sidebars(docSet: DocSet): Promise<SiteSidebars> {
    return this.once(`sidebars:${docSetKey(docSet.commit, docSet)}`, () => this.site.docs.sidebars(docSet));
  }

  /** Every tag of a doc set. */
  tags(docSet: DocSet): Promise<ReadonlyMap<string, Tag>> {
    return this.once(`tags:${docSetKey(docSet.commit, docSet)}`, () => this.site.docs.tags(docSet));
  }

  /** When each file of a doc set's commit last changed. */
  lastUpdated(docSet: DocSet): Promise<Map<string, LastUpdate>> {
    return this.once(`updated:${docSet.commit}`, () => this.site.docs.lastUpdated(docSet));
  }
}
