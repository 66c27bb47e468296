// The docs shell around every page: navbar sections, the page group's sidebar, the version switcher.
import { lastPrefixOn, lastVersionOf } from '../../docs/docs-instance.js';
import path from 'node:path';
import type { DocSet } from '../../content/doc-set.js';
import type { SiteSidebars } from '../../content/sidebars/sidebars.js';
import { docNavigationOf, type NavTarget } from '../../content/sidebars/navigation.js';
import { formatProblem } from '../../problem.js';
import { sanitizeHtml } from '../../markdown/sanitize.js';
import { changesUrl, docsPrefix, docsUrl, LIVE_PATH, safeDecode, searchUrl } from '../../urls.js';
import { openDocs, permalinkOf, type RequestContext } from '../request.js';
import { instanceAt } from '../snapshot.js';
import { searchLinks } from './search.js';
import { navItems, sidebarNodes } from './sidebar.js';
import { sidebarHtml } from './sidebar-html.js';
import { pageInVersions, versionsAround } from './available.js';
import { firstPermalink } from './first-page.js';
import { navbarSections } from './navbar.js';
import { versionMenuLinks } from './version-menu.js';

/** The query parameter the version switcher adds: a missing page then leads to the version's home. */
export const SWITCH_PARAM = 'switch';

/**
 * The docs shell's data: the site title, the navbar's sections (the configured navbar, else the
 * sidebars of the docs being read), the sidebar of the page's group (none for a page in no sidebar;
 * server-rendered HTML with this page marked, links on the reader's ref: decision 013), and what the
 * version switcher and banners show. Commit permalinks get no version list, so their page never changes.
 */
export async function shellView(context: RequestContext) {
  const { docSet, located, slug, href, route } = await openDocs(context);
  const { snapshot, site } = context;
  const instance = instanceAt(snapshot, located.instance.base);
  const last = instance && lastVersionOf(instance);
  const lastPrefix = instance ? lastPrefixOn(instance, { kind: 'default' }) : docsPrefix(located.instance.base, { kind: 'default' });
  const version = located.version;
  const sidebars = await context.reads.sidebars(docSet);
  const target = targetOf(docSet, slug, sidebars);
  // A doc's sidebar follows its front matter's displayed_sidebar, as the page's previous/next do.
  const targetDoc = target && 'docId' in target ? docSet.byId.get(target.docId) : undefined;
  const group = targetDoc
    ? docNavigationOf(sidebars, targetDoc, docSet).sidebar
    : target && 'permalink' in target
      ? sidebars.generatedIndexes.get(target.permalink)?.sidebar
      : undefined;
  const sidebar = sidebars.sidebars.find((candidate) => candidate.name === group);
  // The switcher says which versions lack the page being read.
  const holding = route.kind === 'doc' && located.kind !== 'commit' ? await pageInVersions(context, located, slug) : [];
  const around = await versionsAround(context, located);
  const page = docsUrl(located.prefix, slug);
  const configured = await navbarSections(context, { located, group, path: safeDecode(page) ?? page }, docSet.config.navbar.items);
  return {
    title: docSet.config.title,
    base: located.instance.base,
    prefix: located.prefix,
    /** The page this shell was made for: the links below that name it are moved to another page of the sidebar by the app (app/lib/shell-page.ts). */
    page,
    kind: located.kind,
    commit: located.commit,
    branch: located.branch ?? null,
    version: version ? { name: version.name, label: version.label, banner: version.banner, badge: version.badge, className: version.className, isLast: version.isLast } : null,
    versions: around.map((entry) => ({
      name: entry.version.name,
      label: entry.version.label,
      prefix: entry.prefix,
      // The search page exists in every version: switching searches the same words there.
      href: route.kind === 'search' ? searchUrl(entry.prefix, { q: context.search.get('q') ?? undefined }) : `${docsUrl(entry.prefix, slug)}?${SWITCH_PARAM}`,
      current: entry.current,
      missing: holding.some((held) => held.name === entry.version.name && !held.has),
    })),
    /** Links the version menu shows after the versions: archived versions, then the configured extras. */
    versionLinks: located.kind === 'commit' ? [] : versionMenuLinks(snapshot, located.instance.id),
    lastVersion: { label: last?.label ?? '', prefix: lastPrefix, href: docsUrl(lastPrefix, slug) },
    /** A preview links to what its branch changed. */
    changes: located.kind === 'branch' ? changesUrl(located.prefix) : null,
    /** A page the switcher could not find in this version, which led here (the version's home). */
    missing: context.search.get('missing'),
    // Previews and permalinks are copies of a version: keep them out of search engines, like a
    // version that asks for it.
    noIndex: located.kind !== 'version' || version!.noIndex,
    canonical: located.kind !== 'version' || version!.noIndex ? docsUrl(lastPrefix, slug) : null,
    sections:
      configured ??
      sidebars.sidebars.flatMap((candidate) => {
        const first = firstPermalink(candidate.items, docSet);
        return first ? [{ label: candidate.label, href: href(first), current: candidate.name === group }] : [];
      }),
    sidebar: sidebar
      ? { name: sidebar.name, label: sidebar.label, html: sidebarHtml(navItems(sidebarNodes(sidebar.items, docSet, located.prefix)), currentPath(located.prefix, slug)) }
      : undefined,
    problems: sidebars.problems.map(formatProblem),
    announcement: announcementOf(docSet),
    search: searchLinks(located),
    /** `docsite preview`: the folder shown, uncommitted work included; open pages reload on save. */
    workingTree: site.workingTree && located.commit === snapshot.defaultCommit ? { folder: path.basename(site.workingTree.dir), events: LIVE_PATH } : null,
  };
}

/** The announcement bar of the page's commit (docsite.yaml `announcementBar`), its HTML sanitized; null when there is none. */
function announcementOf(docSet: DocSet) {
  const bar = docSet.config.announcementBar;
  if (!bar) return null;
  return { id: bar.id, html: sanitizeHtml(bar.content), backgroundColor: bar.backgroundColor ?? null, textColor: bar.textColor ?? null, isCloseable: bar.isCloseable };
}

/** The decoded path of the page being read, as sidebar entries are compared with it. */
function currentPath(prefix: string, slug: string): string {
  const url = docsUrl(prefix, slug);
  return safeDecode(url) ?? url;
}

/** What a slug is, for finding it in a sidebar: a doc, or a generated index page. */
function targetOf(docSet: DocSet, slug: string, sidebars: SiteSidebars): NavTarget | undefined {
  const permalink = permalinkOf(docSet, slug);
  const doc = docSet.byPermalink.get(permalink);
  if (doc) return { docId: doc.id };
  return sidebars.generatedIndexes.has(permalink) ? { permalink } : undefined;
}
