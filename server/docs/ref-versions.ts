// Versions that read git refs (our model, decision 002): each version is a branch or tag, the
// current one reads the default ref, and they come from the default commit's configuration.
import type { InstanceConfig } from '../config/instance-config.js';
import { CURRENT_VERSION, type DocsVersion } from './docs-version.js';

/**
 * The versions of a ref-versioned (or unversioned) instance. The `current` version always exists
 * and reads the default ref (so a preview container with CONTENT_REF=branch previews that branch).
 * The last version is the one marked `isLast`, else the first released (non-current) version, else
 * current, as in Docusaurus; it is served at `/{base}/` and its named path is not routed. Every
 * version's pages are rooted at the base: the ref, not the folder, tells them apart.
 */
export function refVersions(instance: InstanceConfig, defaultRef: string): DocsVersion[] {
  const listed = instance.refVersions ?? [];
  const configured = listed.some((version) => version.name === CURRENT_VERSION) ? listed : [{ name: CURRENT_VERSION }, ...listed];
  const lastName =
    configured.find((version) => 'isLast' in version && version.isLast)?.name ?? configured.find((version) => version.name !== CURRENT_VERSION)?.name ?? CURRENT_VERSION;
  return configured.map((entry) => {
    const version = entry as Partial<NonNullable<InstanceConfig['refVersions']>[number]> & { name: string };
    const isCurrent = version.name === CURRENT_VERSION;
    const isLast = version.name === lastName;
    return {
      instance: instance.id,
      name: version.name,
      ref: isCurrent ? defaultRef : version.ref!,
      path: isLast ? '' : (version.path ?? (isCurrent ? 'next' : version.name)),
      root: instance.base,
      pluginId: version.pluginId ?? instance.id,
      version: version.version ?? version.name,
      label: version.label ?? (isCurrent ? 'Next' : version.name),
      banner: version.banner ?? 'none',
      badge: version.badge ?? configured.length !== 1,
      noIndex: version.noIndex ?? false,
      className: version.className ?? `docs-version-${version.name}`,
      isLast,
      docsSidebars: version.docsSidebars ?? null,
      isCurrent,
      contentPath: instance.path.replace(/\/+$/, ''),
      sidebars: instance.sidebars,
    };
  });
}
