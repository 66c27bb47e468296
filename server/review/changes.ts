// What a ref changed compared with another (docs/decisions/018-review-diffs.md): the files two
// commits differ in (server/git/tree-diff.ts, renames included) read as pages added, changed,
// removed and renamed; the navigation files (the sidebars file, `_category_` files, docsite.yaml);
// and the pages whose place in the sidebars changed. Plain data by doc id and path, so it is
// cached once per commit pair and turned into URLs for whichever ref prefix asks.
import type { TreeChange } from '../git/tree-diff.js';
import type { DocSet } from '../content/doc-set.js';
import { SITE_CONFIG_FILE } from '../config/site-config.js';
import type { SidebarItem } from '../content/sidebars/types.js';

/** A page the newer commit added, changed, removed or renamed. */
export interface PageChange {
  status: TreeChange['status'];
  /** The page's id in the newer commit (absent when removed). */
  docId?: string;
  /** The page's id in the older commit (absent when added). */
  oldDocId?: string;
  /** Its file in the newer commit (in the older one when removed). */
  path: string;
  /** Its file in the older commit, for a rename. */
  oldPath?: string;
  /** For a rename: how much of the file is the same, 0–1. */
  similarity?: number;
}

/** A file that shapes navigation rather than a page: the sidebars file, a `_category_` file, docsite.yaml. */
export interface NavigationChange {
  status: TreeChange['status'];
  kind: 'sidebars' | 'category' | 'site-config';
  path: string;
  oldPath?: string;
}

/** A page that is in both commits, in a different place of the sidebars (another sidebar, category or label). */
export interface PlaceChange {
  docId: string;
  /** Where it was: `Coding › Policies › Deprecation`; null when in no sidebar. */
  from: string | null;
  to: string | null;
}

/** Everything one commit changed compared with another. */
export interface Changes {
  pages: PageChange[];
  navigation: NavigationChange[];
  moved: PlaceChange[];
}

/** The sidebars of a commit, reduced to what `placesOf` reads. */
export interface SidebarsLike {
  sidebars: readonly { name: string; label: string; items: readonly SidebarItem[] }[];
}

/**
 * Reads tree changes between the commits of `before` and `after` as page and navigation changes.
 * A rename between a page and a non-page file is read as a removal and an addition.
 */
export function classifyChanges(treeChanges: readonly TreeChange[], before: DocSet, after: DocSet): Pick<Changes, 'pages' | 'navigation'> {
  const pages: PageChange[] = [];
  const navigation: NavigationChange[] = [];
  const isPage = (docSet: DocSet, path: string | undefined) => path !== undefined && docSet.bySourcePath.has(path);
  const sidebarsFiles = new Set([before.sidebars, after.sidebars].filter((file): file is string => file !== undefined));
  for (const change of treeChanges) {
    const oldPath = change.status === 'renamed' ? change.oldPath! : change.path;
    const wasPage = change.status !== 'added' && isPage(before, oldPath);
    const isNowPage = change.status !== 'removed' && isPage(after, change.path);
    if (wasPage && isNowPage) {
      pages.push({
        status: change.status,
        docId: after.bySourcePath.get(change.path)!.id,
        oldDocId: before.bySourcePath.get(oldPath)!.id,
        path: change.path,
        ...(change.status === 'renamed' && { oldPath, similarity: change.similarity }),
      });
    } else if (wasPage || isNowPage) {
      if (wasPage) pages.push({ status: 'removed', oldDocId: before.bySourcePath.get(oldPath)!.id, path: oldPath });
      if (isNowPage) pages.push({ status: 'added', docId: after.bySourcePath.get(change.path)!.id, path: change.path });
    } else {
      const kind = navigationKind(change.path, sidebarsFiles, after) ?? (change.oldPath ? navigationKind(change.oldPath, sidebarsFiles, before) : undefined);
      if (kind) navigation.push({ status: change.status, kind, path: change.path, ...(change.oldPath && { oldPath: change.oldPath }) });
    }
  }
  return { pages, navigation };
}

/** What a non-page file is to navigation, if anything. */
function navigationKind(path: string, sidebarsFiles: ReadonlySet<string>, docSet: DocSet): NavigationChange['kind'] | undefined {
  if (sidebarsFiles.has(path)) return 'sidebars';
  if (path === SITE_CONFIG_FILE) return 'site-config';
  const name = path.split('/').pop() ?? '';
  if (path.startsWith(`${docSet.location.path}/`) && /^_category_\.(ya?ml|json)$/.test(name)) return 'category';
  return undefined;
}

/**
 * Pages present in both commits whose place in the sidebars differs. `pages` maps a renamed
 * page to its old id; others keep their id.
 */
export function movedPages(pages: readonly PageChange[], before: DocSet, beforeSidebars: SidebarsLike, after: DocSet, afterSidebars: SidebarsLike): PlaceChange[] {
  const oldIdOf = new Map(pages.flatMap((page) => (page.docId && page.oldDocId ? [[page.docId, page.oldDocId] as const] : [])));
  const [oldPlaces, newPlaces] = [placesOf(beforeSidebars, before), placesOf(afterSidebars, after)];
  const moved: PlaceChange[] = [];
  for (const doc of after.docs) {
    const oldId = oldIdOf.get(doc.id) ?? doc.id;
    if (!before.byId.has(oldId)) continue;
    const from = oldPlaces.get(oldId) ?? null;
    const to = newPlaces.get(doc.id) ?? null;
    if (from !== to) moved.push({ docId: doc.id, from, to });
  }
  return moved;
}

/** Where each doc sits in the sidebars, by id: the sidebar's label, its categories and its own label, first place only. */
export function placesOf(sidebars: SidebarsLike, docSet: DocSet): Map<string, string> {
  const places = new Map<string, string>();
  const label = (id: string, given?: string) => given ?? docSet.byId.get(id)?.sidebarLabel ?? docSet.byId.get(id)?.title ?? id;
  const walk = (items: readonly SidebarItem[], trail: string[]) => {
    for (const item of items) {
      if (item.type === 'doc' && !places.has(item.id)) places.set(item.id, [...trail, label(item.id, item.label)].join(' › '));
      if (item.type !== 'category') continue;
      if (item.link?.type === 'doc' && !places.has(item.link.id)) places.set(item.link.id, [...trail, item.label].join(' › '));
      walk(item.items, [...trail, item.label]);
    }
  };
  for (const sidebar of sidebars.sidebars) walk(sidebar.items, [sidebar.label]);
  return places;
}
