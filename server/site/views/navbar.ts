// The navbar's sections (docsite.yaml `navbar.items`, as Docusaurus's themeConfig.navbar): each item
// resolved to a link for the page being read. A docs sidebar or doc of another instance links to its
// latest version, on the reader's branch when they read a preview, so a reviewer stays in it.
import type { NavbarItemConfig, NavbarLinkConfig, NavbarMenuEntry } from '../../config/navbar-config.js';
import type { DocSet } from '../../content/doc-set.js';
import { permalinkOnRef, type Selector } from '../../urls.js';
import { lastPrefixOn, lastVersionOf } from '../../docs/docs-instance.js';
import type { RequestContext } from '../request.js';
import type { Located, DocsInstance } from '../site.js';
import { firstPermalink } from './first-page.js';
import { safeHref, sanitizeHtml } from '../../markdown/sanitize.js';
import { localeLinks } from './locale-links.js';

/** A navbar section: a link, a menu of links, HTML, or where the search box or a menu of the shell goes. */
export interface NavSection {
  /** Its text ('' for a link drawn as an icon). */
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
  /** Which side of the navbar (the classic theme's `position`). */
  position?: 'left' | 'right';
  /** `html`: sanitized HTML instead of a link; `search`, `versions`: where the shell puts its search box and version menu. */
  kind?: 'html' | 'search' | 'versions';
  /** Sanitized HTML: the item's own (`kind: 'html'`), or a link's label written as HTML. */
  html?: string;
  /** A link drawn as a known icon (a label-less item whose class or address names GitHub, Discord...). */
  icon?: string;
  /** The accessible name of an icon link. */
  ariaLabel?: string;
  /** The item's own classes, as the config wrote them. */
  className?: string;
}

/** Where the reader is: the docs being read and the sidebar of the page. */
export interface ReaderPlace {
  located?: Located;
  /** The name of the sidebar the page belongs to. */
  group?: string;
  /** The URL path being read. */
  path: string;
}

/** What the navbar reads of a request: its snapshot, its reads, and the path requested (the locale menu links it in each locale). */
type NavContext = Pick<RequestContext, 'snapshot' | 'reads'> & Partial<Pick<RequestContext, 'pathname'>>;

/** The icons a label-less link may be drawn as, by what its class name or address mentions. */
const ICONS = ['github', 'gitlab', 'discord', 'twitter', 'mastodon', 'linkedin', 'youtube', 'slack', 'bluesky', 'npm', 'reddit', 'discourse', 'stackoverflow', 'rss'];

/** The known icon a label-less link stands for, by its classes, else its address (`x.com` is Twitter's). */
function iconOf(className: string | undefined, href: string): string | undefined {
  const text = `${className ?? ''} ${href}`.toLowerCase();
  return ICONS.find((icon) => text.includes(icon)) ?? (/\/\/(www\.)?x\.com\b/.test(text) ? 'twitter' : undefined);
}

/**
 * The configured navbar items as sections for a reader, or undefined when the configuration has
 * none (the shell then shows the sidebars of the docs being read).
 */
export async function navbarSections(
  context: NavContext,
  place: ReaderPlace,
  // The configuration of the commit being read: a branch previews its own navbar (decision 034).
  items: readonly NavbarItemConfig[] | undefined = context.snapshot.config.navbar.items,
): Promise<NavSection[] | undefined> {
  if (!items) return undefined;
  const sections = await Promise.all(
    items.map(async (item) => {
      const section = await sectionOf(context, place, item);
      return section && { ...section, position: 'position' in item ? item.position : 'left' };
    }),
  );
  return sections.filter((section): section is NonNullable<typeof section> => section !== undefined);
}

/** One item as a section; undefined when it names a sidebar or doc that does not exist, or shows nothing here. */
async function sectionOf(context: NavContext, place: ReaderPlace, item: NavbarItemConfig | NavbarMenuEntry): Promise<NavSection | undefined> {
  const className = item.className;
  if (item.type === 'docsVersionDropdown') return { label: '', href: '', current: false, kind: 'versions' };
  if (item.type === 'search') return { label: '', href: '', current: false, kind: 'search', className };
  if (item.type === 'localeDropdown') return localeMenu(context, place, item);
  if (item.type === 'html') return { label: '', href: '', current: false, kind: 'html', html: sanitizeHtml(item.value), className };
  if (item.type === 'dropdown') {
    const entries = (await Promise.all(item.items.map((entry) => sectionOf(context, place, entry)))).filter((entry): entry is NavSection => entry !== undefined);
    const own = item.to ?? (item.href ? safeHref(item.href) : undefined);
    return entries.length ? { label: item.label, href: own ?? entries[0].href, current: entries.some((entry) => entry.current), items: entries, className } : undefined;
  }
  if (item.type === 'docSidebar' || item.type === 'doc' || item.type === 'docsVersion') {
    const target = await docsTarget(context, place, item.docsPluginId);
    if (!target) return undefined;
    const { docSet, href, instance } = target;
    const reading = place.located?.instance.id === instance.config.id;
    if (item.type === 'docsVersion') {
      const to = item.to ?? href(docSet.location.base ? `/${docSet.location.base}` : '/');
      const label = item.label ?? target.version?.label ?? '';
      return label ? { label, href: to, current: reading, className } : undefined;
    }
    if (item.type === 'doc') {
      const doc = docSet.byId.get(item.docId);
      return (
        doc && {
          label: item.label ?? doc.title,
          href: href(doc.permalink),
          current: reading && place.path === href(doc.permalink),
          description: doc.description,
          className,
        }
      );
    }
    const { sidebars } = await context.reads.sidebars(docSet);
    const sidebar = sidebars.find((candidate) => candidate.name === item.sidebarId);
    const first = sidebar && firstPermalink(sidebar.items, docSet);
    return first ? { label: item.label ?? sidebar.label, href: href(first), current: reading && place.group === item.sidebarId, className } : undefined;
  }
  return linkSection(item as NavbarLinkConfig, place);
}

/**
 * The classic theme's locale menu (LocaleDropdownNavbarItem): the current locale's label, the same
 * page in every locale between `dropdownItemsBefore` and `dropdownItemsAfter`; none for one locale.
 */
async function localeMenu(context: NavContext, place: ReaderPlace, item: Extract<NavbarItemConfig, { type: 'localeDropdown' }>): Promise<NavSection | undefined> {
  const config = context.snapshot.config;
  const links = localeLinks(config, context.pathname ?? place.path);
  if (links.length < 2) return undefined;
  const query = item.queryString ? `?${item.queryString.replace(/^\?/, '')}` : '';
  const entries = async (list: readonly NavbarMenuEntry[]) =>
    (await Promise.all(list.map((entry) => sectionOf(context, place, entry)))).filter((entry): entry is NavSection => entry !== undefined);
  const locales = links.map((link): NavSection => ({ label: link.label, href: link.href + query, current: link.current, className: 'dropdown__link--locale' }));
  const current = links.find((link) => link.current) ?? links[0];
  const items = [...(await entries(item.dropdownItemsBefore)), ...locales, ...(await entries(item.dropdownItemsAfter))];
  return { label: current.label, href: current.href, current: false, items, className: item.className };
}

/** A link item: `href` out of the site (a link that could run script is left out: the configuration may come from the repository), `to` within it. */
function linkSection(item: NavbarLinkConfig, place: ReaderPlace): NavSection | undefined {
  const href = item.href !== undefined ? safeHref(item.href) : item.to;
  if (href === undefined) return undefined;
  const html = item.html ? sanitizeHtml(item.html) : undefined;
  const icon = !item.label && !html ? iconOf(item.className, href) : undefined;
  // A link with neither label nor icon is named by its aria-label, else by where it goes.
  const label = item.label ?? (html || icon ? '' : (item['aria-label'] ?? href.replace(/^https?:\/\/(www\.)?/, '').replace(/\/$/, '')));
  const common = { label, html, icon, ariaLabel: item['aria-label'] ?? (icon ? icon[0].toUpperCase() + icon.slice(1) : undefined), className: item.className };
  if (item.href !== undefined) return { ...common, href, current: false, external: true };
  const active = item.activeBasePath ?? href;
  const current = item.activeBaseRegex ? new RegExp(item.activeBaseRegex).test(place.path) : place.path === active || place.path.startsWith(`${active.replace(/\/+$/, '')}/`);
  return { ...common, href, current };
}

/** The docs a navbar item of an instance links into: the reader's version when they read that instance, else its latest; on the reader's preview ref. */
async function docsTarget(context: Pick<RequestContext, 'snapshot' | 'reads'>, place: ReaderPlace, pluginId: string | undefined) {
  const { snapshot } = context;
  const instance = pluginId ? snapshot.instances.find((candidate) => candidate.config.id === pluginId) : snapshot.instances[0];
  if (!instance) return undefined;
  const reading = place.located;
  if (reading && reading.instance.id === instance.config.id) {
    const docSet = await context.reads.docSet(reading).catch(() => undefined);
    return docSet && { instance, docSet, version: reading.version, href: (permalink: string) => permalinkOnRef(permalink, docSet.location.base, reading.prefix) };
  }
  const docSet = await latestDocSet(context, instance, reading);
  if (!docSet) return undefined;
  const selector: Selector = reading?.kind === 'branch' ? { kind: 'branch', name: reading.branch! } : { kind: 'default' };
  const prefix = lastPrefixOn(instance, selector);
  return { instance, docSet, version: lastVersionOf(instance), href: (permalink: string) => permalinkOnRef(permalink, docSet.location.base, prefix) };
}

/** The latest version's doc set of an instance: on the reader's branch when they read one, else as published. */
async function latestDocSet(context: Pick<RequestContext, 'snapshot' | 'reads'>, instance: DocsInstance, reading: Located | undefined): Promise<DocSet | undefined> {
  const last = lastVersionOf(instance);
  if (!last?.commit) return undefined;
  const commit = reading?.kind === 'branch' ? reading.commit : last.commit;
  return context.reads.docSet({ commit, instance: instance.config, versionName: instance.model.docSetName(last) }).catch(() => undefined);
}
