// Which versions hold a page ("Available in", the version switcher) and the links that compare the
// reader's page with it there (README "Reviewing a branch").
import { diffUrl, docsPrefix, docsUrl } from '../../urls.js';
import { openDocSet, permalinkOf, type RequestContext } from '../request.js';
import type { Located } from '../site.js';

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

/** Every served version, with whether it has the page at `slug` (a missing or broken version has not). */
export function pageInVersions({ site, snapshot }: Pick<RequestContext, 'site' | 'snapshot'>, located: Located, slug: string): Promise<PageInVersion[]> {
  const base = snapshot.config.docs.base;
  return Promise.all(
    snapshot.versions
      .filter((version) => version.commit)
      .map(async (version) => {
        const docSet = await openDocSet(site, version.commit!).catch(() => undefined);
        const prefix = docsPrefix(base, version.path ? { kind: 'version', path: version.path } : { kind: 'default' });
        return {
          name: version.name,
          label: version.label,
          href: docsUrl(prefix, slug),
          has: !!docSet?.byPermalink.has(permalinkOf(docSet, slug)),
          current: located.kind === 'version' && located.version?.name === version.name,
          compare: diffUrl(located.prefix, slug, version.name),
        };
      }),
  );
}
