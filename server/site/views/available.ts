// The versions of the instance being read, as the reader can switch between them: for versions
// that are refs, the snapshot's; for versions kept in folders, those of the commit being read (a
// branch preview shows the branch's versions). Also which of them hold a page ("Available in", the
// version switcher) and the links that compare the reader's page with it there.
import type { DocSet } from '../../content/doc-set.js';
import { diffUrl, docsPrefix, docsUrl, folderPrefix, type Selector } from '../../urls.js';
import { permalinkOf, type RequestContext } from '../request.js';
import type { Located, ResolvedVersion } from '../site.js';
import { instanceAt } from '../snapshot.js';

/** One version of the instance being read, on the reader's ref. */
export interface VersionEntry {
  version: ResolvedVersion;
  /** Its URL prefix on the reader's ref (`/docs/5.2`, `/docs/~b/5.2`, `/general/5.0`). */
  prefix: string;
  /** The version being read. */
  current: boolean;
  /** Its doc set, or undefined when it cannot be read. */
  docSet(): Promise<DocSet | undefined>;
}

/**
 * The versions a reader of `located` can switch to: none on a commit permalink (it shows nothing
 * that moves); for ref versions every version whose ref exists; for folder versions every version
 * of the commit read, on the same ref.
 */
export async function versionsAround({ snapshot, reads }: Pick<RequestContext, 'snapshot' | 'reads'>, located: Located): Promise<VersionEntry[]> {
  if (located.kind === 'commit') return [];
  const instance = instanceAt(snapshot, located.instance.base);
  if (!instance) return [];
  const base = located.instance.base;
  const { model } = instance;
  if (model.kind === 'refs') {
    // Each version is a ref of its own, published at its own prefix, whatever ref the reader is on.
    return instance.versions
      .filter((version) => version.commit)
      .map((version) => ({
        version,
        prefix: model.publishedPrefix(base, version),
        current: located.kind === 'version' && located.version?.name === version.name,
        docSet: () => reads.docSet({ instance: located.instance, commit: version.commit!, versionName: model.docSetName(version) }).catch(() => undefined),
      }));
  }
  // Folders of the commit being read, on the reader's ref: a branch may have versions the default commit lacks.
  const refPrefix = docsPrefix(base, located.kind === 'branch' ? ({ kind: 'branch', name: located.branch! } satisfies Selector) : { kind: 'default' });
  const { versions } = located.commit === snapshot.defaultCommit ? { versions: instance.versions } : await reads.versionsAt(located.commit, located.instance);
  return versions.map((version) => {
    const resolved = { ...version, commit: located.commit };
    return {
      version: resolved,
      prefix: folderPrefix(refPrefix, model.folderOf(version)),
      current: located.versionName === version.name,
      docSet: () => reads.docSet({ instance: located.instance, commit: located.commit, versionName: model.docSetName(version) }).catch(() => undefined),
    };
  });
}

/** One version and the page in it. */
export interface PageInVersion {
  name: string;
  label: string;
  /** The page in that version (or where the switcher lands when it is missing there). */
  href: string;
  has: boolean;
  /** The version being read. */
  current: boolean;
  /** The rendered diff of the reader's page against that version. */
  compare: string;
}

/** Every version the reader can switch to, with whether it has the page at `slug` (a missing or broken version has not). */
export async function pageInVersions(context: Pick<RequestContext, 'snapshot' | 'reads'>, located: Located, slug: string): Promise<PageInVersion[]> {
  const entries = await versionsAround(context, located);
  return Promise.all(
    entries.map(async (entry) => {
      const docSet = await entry.docSet();
      return {
        name: entry.version.name,
        label: entry.version.label,
        href: docsUrl(entry.prefix, slug),
        has: !!docSet?.byPermalink.has(permalinkOf(docSet, slug)),
        current: entry.current,
        compare: diffUrl(located.prefix, slug, entry.version.name),
      };
    }),
  );
}
