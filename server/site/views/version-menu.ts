// Which instance's versions the version menu lists, and the links it shows besides the versions: the
// configured `dropdownItemsBefore` and `dropdownItemsAfter` of the instance's `docsVersionDropdown`
// navbar item, and its archived versions (links out to where they are still served).
import type { NavbarMenuEntry } from '../../config/navbar-config.js';
import { safeHref } from '../../markdown/sanitize.js';
import { lastVersionOf } from '../../docs/docs-instance.js';
import type { Snapshot } from '../site.js';

/**
 * The instance whose versions the menu lists on a page of `instanceId`, as Docusaurus's
 * `docsVersionDropdown` (`docsPluginId`, default the first instance) shows on every page: the page's
 * own instance when an item names it (or none is configured), else the first item's instance,
 * unless that item has `hideOnOtherInstances` (upstream Moodle's swizzled dropdown).
 */
export function versionMenuInstance(snapshot: Snapshot, instanceId: string): string {
  const first = snapshot.instances[0]?.config.id;
  const items = (snapshot.config.navbar.items ?? []).flatMap((item) => (item.type === 'docsVersionDropdown' ? [item] : []));
  const named = items.map((item) => item.docsPluginId ?? first);
  if (!items.length || named.includes(instanceId) || items[0].hideOnOtherInstances) return instanceId;
  return named[0] ?? instanceId;
}

/** A version of another instance's menu: it leads to that version's main doc (its root). */
export interface OtherVersion {
  name: string;
  label: string;
  prefix: string;
  href: string;
  mainHref: string;
  current: false;
  missing: false;
}

/** The menu of another instance's versions, published ones only, named by its last version (Docusaurus's label with no active doc). */
export function otherInstanceMenu(snapshot: Snapshot, instanceId: string): { label: string; versions: OtherVersion[] } | undefined {
  const instance = snapshot.instances.find((candidate) => candidate.config.id === instanceId);
  if (!instance) return undefined;
  const versions = instance.versions
    .filter((version) => version.commit)
    .map((version) => {
      const prefix = instance.model.publishedPrefix(instance.config.base, version);
      return { name: version.name, label: version.label, prefix, href: prefix, mainHref: prefix, current: false as const, missing: false as const };
    });
  return { label: lastVersionOf(instance)?.label ?? versions[0]?.label ?? '', versions };
}

/** A link of the version menu. */
export interface VersionMenuLink {
  label: string;
  href: string;
  /** A link to another site. */
  external: boolean;
  /** Shown before the versions. */
  before: boolean;
}

/** The menu links of an instance's version menu (archived versions after the served ones, then the configured extras). */
export function versionMenuLinks(snapshot: Snapshot, instanceId: string): VersionMenuLink[] {
  const instance = snapshot.instances.find((candidate) => candidate.config.id === instanceId);
  const item = snapshot.config.navbar.items?.find(
    (candidate) => candidate.type === 'docsVersionDropdown' && (candidate.docsPluginId ?? snapshot.instances[0]?.config.id) === instanceId,
  );
  const extras = item?.type === 'docsVersionDropdown' ? item : undefined;
  // The configuration may come from the repository: a link that could run script is left out.
  // Links of the menu's extras; its HTML items and docs' items show nothing here.
  const link = (entry: NavbarMenuEntry, before: boolean): VersionMenuLink[] => {
    if (entry.type !== undefined && entry.type !== 'default') return [];
    const href = safeHref(entry.to ?? entry.href ?? '');
    const label = entry.label ?? entry['aria-label'] ?? href;
    return href && label ? [{ label, href, external: !entry.to, before }] : [];
  };
  return [
    ...(extras?.dropdownItemsBefore ?? []).flatMap((entry) => link(entry, true)),
    ...(instance?.archived ?? []).map((archived) => ({ label: archived.name, href: archived.href, external: true, before: false })),
    ...(extras?.dropdownItemsAfter ?? []).flatMap((entry) => link(entry, false)),
  ];
}
