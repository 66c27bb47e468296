// The navbar's sections (docsite.yaml `navbar.items`, as Docusaurus's themeConfig.navbar): each item
// resolved to a link for the page being read. A docs sidebar or doc of another instance links to its
// latest version, on the reader's branch when they read a preview, so a reviewer stays in it.
import type { NavbarItemConfig, NavbarMenuEntry } from '../../config/navbar-config.js';
import type { DocSet } from '../../content/doc-set.js';
import { permalinkOnRef, type Selector } from '../../urls.js';
import { lastPrefixOn, lastVersionOf } from '../../docs/docs-instance.js';
import type { RequestContext } from '../request.js';
import type { Located, DocsInstance } from '../site.js';
import { firstPermalink } from './first-page.js';
import { safeHref } from '../../markdown/sanitize.js';

/** A navbar section: a link, or a menu of links. */
export interface NavSection {
  label: string;
  href: string;
  /** The page being read is in it. */
  current: boolean;
  /** A link to another site. */
  external?: boolean;
  /** A dropdown's links. */
  items?: NavSection[];
  /** What the section's first page says of itself (its front matter `description`), for the landing page's cards. */
  description?: string;
}

/** Where the reader is: the docs being read and the sidebar of the page. */
export interface ReaderPlace {
  located?: Located;
  /** The name of the sidebar the page belongs to. */
  group?: string;
  /** The URL path being read. */
  path: string;
}

/**
 * The configured navbar items as sections for a reader, or undefined when the configuration has
 * none (the shell then shows the sidebars of the docs being read). The version menu item is not a
 * section: the shell shows the switcher.
 */
export async function navbarSections(
  context: Pick<RequestContext, 'snapshot' | 'reads'>,
  place: ReaderPlace,
  // The configuration of the commit being read: a branch previews its own navbar (decision 034).
  items: readonly NavbarItemConfig[] | undefined = context.snapshot.config.navbar.items,
): Promise<NavSection[] | undefined> {
  if (!items) return undefined;
  const sections = await Promise.all(items.filter((item) => item.type !== 'docsVersionDropdown').map((item) => sectionOf(context, place, item)));
  return sections.filter((section): section is NavSection => section !== undefined);
}

/** One item as a section; undefined when it names a sidebar or doc that does not exist. */
async function sectionOf(context: Pick<RequestContext, 'snapshot' | 'reads'>, place: ReaderPlace, item: NavbarItemConfig | NavbarMenuEntry): Promise<NavSection | undefined> {
  if (item.type === 'docsVersionDropdown') return undefined;
  if (item.type === 'dropdown') {
    const entries = (await Promise.all(item.items.map((entry) => sectionOf(context, place, entry)))).filter((entry): entry is NavSection => entry !== undefined);
    return entries.length ? { label: item.label, href: entries[0].href, current: entries.some((entry) => entry.current), items: entries } : undefined;
  }
  if (item.type === 'docSidebar' || item.type === 'doc') {
    const target = await docsTarget(context, place, item.docsPluginId);
    if (!target) return undefined;
    const { docSet, href, instance } = target;
    if (item.type === 'doc') {
      const doc = docSet.byId.get(item.docId);
      return (
        doc && {
          label: item.label ?? doc.title,
          href: href(doc.permalink),
          current: place.located?.instance.id === instance.config.id && place.path === href(doc.permalink),
          description: doc.description,
        }
      );
    }
    const { sidebars } = await context.reads.sidebars(docSet);
    const sidebar = sidebars.find((candidate) => candidate.name === item.sidebarId);
    const first = sidebar && firstPermalink(sidebar.items, docSet);
    return first
      ? { label: item.label ?? sidebar.label, href: href(first), current: place.located?.instance.id === instance.config.id && place.group === item.sidebarId }
      : undefined;
  }
  // The configuration may come from the repository: a link that could run script is left out.
  if (item.href) {
    const href = safeHref(item.href);
    return href === undefined ? undefined : { label: item.label, href, current: false, external: true };
  }
  const to = item.to!;
  const active = item.activeBasePath ?? to;
  return { label: item.label, href: to, current: place.path === active || place.path.startsWith(`${active.replace(/\/+$/, '')}/`) };
}

/** The docs a navbar item of an instance links into: the reader's version when they read that instance, else its latest; on the reader's preview ref. */
async function docsTarget(context: Pick<RequestContext, 'snapshot' | 'reads'>, place: ReaderPlace, pluginId: string | undefined) {
  const { snapshot } = context;
  const instance = pluginId ? snapshot.instances.find((candidate) => candidate.config.id === pluginId) : snapshot.instances[0];
  if (!instance) return undefined;
  const reading = place.located;
  if (reading && reading.instance.id === instance.config.id) {
    const docSet = await context.reads.docSet(reading).catch(() => undefined);
    return docSet && { instance, docSet, href: (permalink: string) => permalinkOnRef(permalink, docSet.location.base, reading.prefix) };
  }
  const docSet = await latestDocSet(context, instance, reading);
  if (!docSet) return undefined;
  const selector: Selector = reading?.kind === 'branch' ? { kind: 'branch', name: reading.branch! } : { kind: 'default' };
  const prefix = lastPrefixOn(instance, selector);
  return { instance, docSet, href: (permalink: string) => permalinkOnRef(permalink, docSet.location.base, prefix) };
}

/** The latest version's doc set of an instance: on the reader's branch when they read one, else as published. */
async function latestDocSet(context: Pick<RequestContext, 'snapshot' | 'reads'>, instance: DocsInstance, reading: Located | undefined): Promise<DocSet | undefined> {
  const last = lastVersionOf(instance);
  if (!last?.commit) return undefined;
  const commit = reading?.kind === 'branch' ? reading.commit : last.commit;
  return context.reads.docSet({ commit, instance: instance.config, versionName: instance.model.docSetName(last) }).catch(() => undefined);
}
