// What docsite serves for a docs instance, in the shapes Docusaurus's plugin-content-docs gives
// (its loaded content and global data), so tests can compare with Docusaurus's own snapshots.
import type { Problem } from '../../server/problem.js';
import type { Site } from '../../server/site/site.js';
import { docItemProps, docNavigationOf } from '../../server/content/sidebars/navigation.js';
import type { SidebarItem } from '../../server/content/sidebars/types.js';
import { docEditUrl } from '../../server/docs/edit-url.js';

/** One doc as Docusaurus's metadata names it; permalinks as docsite writes them (no trailing slash). */
export interface DocView {
  id: string;
  version: string;
  permalink: string;
  title: string;
  sidebar: string | undefined;
  sidebarPosition: number | undefined;
  previous: { permalink: string; title: string } | undefined;
  next: { permalink: string; title: string } | undefined;
  /** The "Edit this page" link, as a page of a folder version gives it (on the default ref). */
  editUrl: string | undefined;
}

/** One version: Docusaurus's global data fields, its docs, its sidebars and docsite's problems. */
export interface VersionView {
  name: string;
  label: string;
  isLast: boolean;
  path: string;
  /** Docusaurus's banner: `null` for none. */
  banner: string | null;
  badge: boolean;
  noIndex: boolean;
  className: string;
  docs: Map<string, DocView>;
  sidebars: Record<string, unknown[]>;
  problems: Problem[];
  /** What the sidebar shows for a doc item of the version's first sidebar that links it. */
  itemProps(id: string): ReturnType<typeof docItemProps> | undefined;
}

/** Every version of one instance of an opened site, at the default commit. */
export async function instanceView(site: Site, instanceId: string): Promise<VersionView[]> {
  const snapshot = site.snapshot();
  const instance = snapshot.instances.find((candidate) => candidate.config.id === instanceId);
  if (!instance) throw new Error(`no instance ${instanceId}`);
  const views: VersionView[] = [];
  for (const version of instance.versions) {
    const docSet = await site.docs.docSet(snapshot.defaultCommit, instanceId, version.name);
    const sidebars = await site.docs.sidebars(docSet);
    const docs = new Map<string, DocView>();
    for (const doc of docSet.docs) {
      const { sidebar, previous, next } = docNavigationOf(sidebars, doc, docSet);
      const link = (nav: typeof previous) => nav?.permalink && { permalink: nav.permalink, title: nav.label };
      docs.set(doc.id, {
        id: doc.id,
        version: version.name,
        permalink: doc.permalink,
        title: doc.title,
        sidebar,
        sidebarPosition: doc.sidebarPosition,
        previous: link(previous) || undefined,
        next: link(next) || undefined,
        editUrl: docEditUrl(instance.config, doc, snapshot.defaultRef),
      });
    }
    views.push({
      name: version.name,
      label: version.label,
      isLast: version.isLast,
      path: `/${version.root}`,
      banner: version.banner === 'none' ? null : version.banner,
      badge: version.badge,
      noIndex: version.noIndex,
      className: version.className,
      docs,
      sidebars: Object.fromEntries(sidebars.sidebars.map((sidebar) => [sidebar.name, sidebar.items.map(docusaurusItem)])),
      itemProps: (id) => {
        const item = sidebars.sidebars.flatMap((sidebar) => sidebar.items).find((candidate) => candidate.type === 'doc' && candidate.id === id);
        return item?.type === 'doc' ? docItemProps(docSet, item) : undefined;
      },
      problems: [...docSet.docs.flatMap((doc) => (doc.error ? [doc.error] : [])), ...sidebars.problems],
    });
  }
  return views;
}

/** A sidebar item as Docusaurus's loaded sidebars write it. */
function docusaurusItem(item: SidebarItem): unknown {
  if (item.type !== 'category') return { ...item };
  return { ...item, items: item.items.map(docusaurusItem) };
}
