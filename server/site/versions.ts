import type { SiteConfig } from '../content/site-config.js';

/** A version of the docs as readers and the API see it (Docusaurus's metadata names). */
export interface SiteVersion {
  name: string;
  /** The branch or tag it reads. */
  ref: string;
  /** URL segment after the base; empty for the last version, which is served at `/{base}/`. */
  path: string;
  pluginId: string;
  version: string;
  label: string;
  banner: 'none' | 'unreleased' | 'unmaintained';
  badge: boolean;
  noIndex: boolean;
  className: string;
  isLast: boolean;
  docsSidebars: string[] | null;
  /** True for the version that reads the default branch. */
  isCurrent: boolean;
}

/** The name Docusaurus gives the version of the default branch. */
export const CURRENT_VERSION = 'current';

/**
 * The versions of a site configuration. The `current` version always exists and reads the
 * default ref (so a preview container with CONTENT_REF=branch previews that branch). The last
 * version is the one marked `isLast`, else the first released (non-current) version, else current,
 * as in Docusaurus; it is served at `/{base}/` and its named path is not routed.
 */
export function versionsOf(config: SiteConfig, defaultRef: string): SiteVersion[] {
  const configured = config.versions.some((version) => version.name === CURRENT_VERSION) ? config.versions : [{ name: CURRENT_VERSION }, ...config.versions];
  const lastName =
    configured.find((version) => 'isLast' in version && version.isLast)?.name ?? configured.find((version) => version.name !== CURRENT_VERSION)?.name ?? CURRENT_VERSION;
  return configured.map((entry) => {
    const version = entry as Partial<SiteConfig['versions'][number]> & { name: string };
    const isCurrent = version.name === CURRENT_VERSION;
    const isLast = version.name === lastName;
    return {
      name: version.name,
      ref: isCurrent ? defaultRef : version.ref!,
      path: isLast ? '' : (version.path ?? (isCurrent ? 'next' : version.name)),
      pluginId: version.pluginId ?? 'default',
      version: version.version ?? version.name,
      label: version.label ?? (isCurrent ? 'Next' : version.name),
      banner: version.banner ?? 'none',
      badge: version.badge ?? true,
      noIndex: version.noIndex ?? false,
      className: version.className ?? `docs-version-${version.name}`,
      isLast,
      docsSidebars: version.docsSidebars ?? null,
      isCurrent,
    };
  });
}

/**
 * Whether a branch may be previewed at `/{base}/~{branch}/`. The pattern is a comma-separated list
 * of globs where `*` matches any run of characters, `/` included; an empty pattern allows none.
 */
export function previewAllowed(pattern: string, branch: string): boolean {
  return pattern
    .split(',')
    .map((glob) => glob.trim())
    .filter(Boolean)
    .some((glob) => new RegExp(`^${glob.split('*').map(escapeRegExp).join('.*')}$`).test(branch));
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
