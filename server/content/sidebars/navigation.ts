import type { DocSet } from '../doc-set.js';
import type { SidebarCategory, SidebarDoc, SidebarItem } from './types.js';

/** A place a reader can go: a label and the page's permalink on the default ref. */
export interface NavLink {
  label: string;
  permalink?: string;
}

/** What a page is, for finding it in a sidebar: a doc, or a generated index page. */
export type NavTarget = { docId: string } | { permalink: string };

/**
 * The label a sidebar shows for a doc item, as Docusaurus's toSidebarsProp gives it: front matter
 * `sidebar_label`, else the item's label, else the title (its site-with-doc-label fixture).
 */
export function docLabel(docSet: DocSet, id: string, label?: string): string {
  const doc = docSet.byId.get(id);
  return doc?.sidebarLabel ?? label ?? doc?.title ?? id;
}

/** What a sidebar shows for a doc item: its label (docLabel), and front matter `sidebar_class_name` and `sidebar_custom_props` over the item's (Docusaurus's toSidebarsProp). */
export function docItemProps(docSet: DocSet, item: SidebarDoc): { label: string; className?: string; customProps?: Record<string, unknown> } {
  const frontMatter = docSet.byId.get(item.id)?.frontMatter ?? {};
  const className = typeof frontMatter.sidebar_class_name === 'string' ? frontMatter.sidebar_class_name : item.className;
  const custom = frontMatter.sidebar_custom_props;
  const customProps = custom !== null && typeof custom === 'object' ? (custom as Record<string, unknown>) : item.customProps;
  return { label: docLabel(docSet, item.id, item.label), ...(className !== undefined && { className }), ...(customProps !== undefined && { customProps }) };
}

/** The label previous/next show for a doc: `pagination_label`, `sidebar_label`, the item's label, the title (Docusaurus's toDocNavigationLink). */
function paginationLabel(docSet: DocSet, id: string, label?: string): string {
  const doc = docSet.byId.get(id);
  const value = doc?.frontMatter.pagination_label;
  return typeof value === 'string' && value ? value : (doc?.sidebarLabel ?? label ?? doc?.title ?? id);
}

/** The permalink of a category's own page: its linked doc, or its generated index. */
export function categoryPermalink(category: SidebarCategory, docSet: DocSet): string | undefined {
  return category.link?.type === 'doc' ? docSet.byId.get(category.link.id)?.permalink : category.link?.permalink;
}

function isTarget(item: SidebarItem, target: NavTarget): boolean {
  if ('docId' in target) {
    return (item.type === 'doc' && item.id === target.docId) || (item.type === 'category' && item.link?.type === 'doc' && item.link.id === target.docId);
  }
  return item.type === 'category' && item.link?.type === 'generated-index' && item.link.permalink === target.permalink;
}

/** The chain of items from the top of a sidebar down to the target (inclusive), or undefined. */
export function trailTo(items: readonly SidebarItem[], target: NavTarget): SidebarItem[] | undefined {
  for (const item of items) {
    if (item.type === 'doc' && isTarget(item, target)) return [item];
    if (item.type !== 'category') continue;
    if (isTarget(item, target)) return [item];
    const below = trailTo(item.items, target);
    if (below) return [item, ...below];
  }
  return undefined;
}

/** The categories above a page and the page itself, each linked when it has a page. */
export function breadcrumbsOf(items: readonly SidebarItem[], target: NavTarget, docSet: DocSet): NavLink[] {
  return (trailTo(items, target) ?? []).map((item) => linkOf(item, docSet)!);
}

function linkOf(item: SidebarItem, docSet: DocSet, label = docLabel): NavLink | undefined {
  if (item.type === 'doc') return { label: label(docSet, item.id, item.label), permalink: docSet.byId.get(item.id)?.permalink };
  if (item.type !== 'category') return undefined;
  return { label: item.label, permalink: categoryPermalink(item, docSet) };
}

/** Every page of a sidebar in reading order: docs, and categories that have a page. */
function readingOrder(items: readonly SidebarItem[], out: { item: SidebarItem; link: NavLink }[] = [], docSet: DocSet) {
  for (const item of items) {
    if (item.type === 'doc' || (item.type === 'category' && item.link)) {
      // A category's doc is named as that doc, not as the category (Docusaurus's toNavigationLink).
      const link =
        item.type === 'category' && item.link?.type === 'doc'
          ? { label: paginationLabel(docSet, item.link.id), permalink: docSet.byId.get(item.link.id)?.permalink }
          : linkOf(item, docSet, paginationLabel);
      // Unlisted docs are left out of previous/next, as Docusaurus does.
      const unlisted = item.type === 'doc' && docSet.byId.get(item.id)?.unlisted;
      if (link?.permalink && !unlisted) out.push({ item, link });
    }
    if (item.type === 'category') readingOrder(item.items, out, docSet);
  }
  return out;
}

/**
 * The previous and next pages in the sidebar's reading order, as Docusaurus shows them. A doc's
 * front matter `pagination_prev` / `pagination_next` (a doc id, or null for none) wins.
 */
export function paginationOf(items: readonly SidebarItem[], target: NavTarget, docSet: DocSet): { previous?: NavLink; next?: NavLink } {
  const order = readingOrder(items, [], docSet);
  const index = order.findIndex(({ item }) => isTarget(item, target));
  let previous = index > 0 ? order[index - 1].link : undefined;
  let next = index >= 0 && index < order.length - 1 ? order[index + 1].link : undefined;
  const frontMatter = 'docId' in target ? (docSet.byId.get(target.docId)?.frontMatter ?? {}) : {};
  const override = (value: unknown, fallback: NavLink | undefined): NavLink | undefined => {
    if (value === null) return undefined;
    if (typeof value !== 'string') return fallback;
    const doc = docSet.byId.get(value);
    return doc ? { label: paginationLabel(docSet, doc.id), permalink: doc.permalink } : fallback;
  };
  if ('pagination_prev' in frontMatter) previous = override(frontMatter.pagination_prev, previous);
  if ('pagination_next' in frontMatter) next = override(frontMatter.pagination_next, next);
  return { previous, next };
}

/** What a doc page shows around it, given its version's sidebars. */
export interface DocNavigation {
  /** Front matter `displayed_sidebar` (null: none), else the first sidebar that holds the doc. */
  sidebar?: string;
  items: readonly SidebarItem[];
  previous?: NavLink;
  next?: NavLink;
}

/** A doc's sidebar and its previous and next pages (Docusaurus's getDocNavigation and displayed_sidebar). */
export function docNavigationOf(
  sidebars: { sidebars: readonly { name: string; items: readonly SidebarItem[] }[]; groupOf: ReadonlyMap<string, string> },
  doc: { id: string; frontMatter: Record<string, unknown> },
  docSet: DocSet,
): DocNavigation {
  const displayed = doc.frontMatter.displayed_sidebar;
  const name = displayed === null ? undefined : typeof displayed === 'string' && displayed ? displayed : sidebars.groupOf.get(doc.id);
  const items = sidebars.sidebars.find((candidate) => candidate.name === name)?.items ?? [];
  // A doc not in any sidebar has no previous/next of the sidebar's, but its front matter's still apply.
  return { sidebar: name, items, ...paginationOf(items, { docId: doc.id }, docSet) };
}

/** A generated index page's category and its direct items, as cards (label, link, description). */
export function categoryCards(category: SidebarCategory, docSet: DocSet): Card[] {
  const cards: Card[] = [];
  for (const item of category.items) {
    if (item.type === 'html') continue;
    if (item.type === 'link') {
      cards.push({ label: item.label, permalink: item.href });
      continue;
    }
    const linkedId = item.type === 'category' ? (item.link?.type === 'doc' ? item.link.id : undefined) : item.id;
    cards.push({ ...linkOf(item, docSet)!, description: linkedId ? docSet.byId.get(linkedId)?.description : undefined });
  }
  return cards;
}

/** One entry of a generated index page. */
export interface Card extends NavLink {
  description?: string;
}

/**
 * The cards Docusaurus's `<DocCardList />` shows on a category's own page: the items of the
 * category whose link is that doc, in the first sidebar that has one. Empty when there is none.
 */
export function docCardsOf(sidebars: readonly { items: readonly SidebarItem[] }[], docSet: DocSet, docId: string): Card[] {
  for (const sidebar of sidebars) {
    const last = trailTo(sidebar.items, { docId })?.at(-1);
    if (last?.type === 'category') return categoryCards(last, docSet);
  }
  return [];
}
