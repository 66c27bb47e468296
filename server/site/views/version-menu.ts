// The links the version menu shows besides the versions: the configured `dropdownItemsBefore` and
// `dropdownItemsAfter` of the instance's `docsVersionDropdown` navbar item, and its archived
// versions (links out to where they are still served).
import { safeHref } from '../../markdown/sanitize.js';
import type { Snapshot } from '../site.js';

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
  const link = (entry: { label: string; to?: string; href?: string }, before: boolean): VersionMenuLink[] => {
    const href = safeHref(entry.to ?? entry.href ?? '');
    return href ? [{ label: entry.label, href, external: !entry.to, before }] : [];
  };
  return [
    ...(extras?.dropdownItemsBefore ?? []).flatMap((entry) => link(entry, true)),
    ...(instance?.archived ?? []).map((archived) => ({ label: archived.name, href: archived.href, external: true, before: false })),
    ...(extras?.dropdownItemsAfter ?? []).flatMap((entry) => link(entry, false)),
  ];
}
