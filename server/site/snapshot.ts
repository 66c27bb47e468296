// The snapshot: which commit every ref pointed to at one moment, and the docs instances and their
// versions resolved against it.
import crypto from 'node:crypto';
import type { Repository } from '../git/repository.js';
import type { SiteConfig } from '../config/site-config.js';
import type { InstanceConfig } from '../config/instance-config.js';
import { docsInstance, type DocsInstance, type ResolvedVersion } from '../docs/docs-instance.js';
import type { InstanceVersions } from '../docs/instance-versions.js';
import type { DocsStore } from './docs-store.js';
import type { ServerConfig } from './env.js';
import { previewAllowed } from './preview-pattern.js';
import { sitePagesOf, type SitePage } from '../pages/site-pages.js';
import { pagesInstancesOfSite } from './site-pages.js';
import { defaultLocaleOf, localeNames, localeOfPath } from '../config/locales.js';
import { pagePathOf, safeDecode } from '../urls.js';

/**
 * Which commit every ref pointed to at one moment. Immutable: a refresh builds a new snapshot and
 * swaps it in, so a request that holds one never sees two commits of the same ref.
 */
export interface Snapshot {
  /** The ref served at /{base}/...: CONTENT_REF or the repository's default branch. */
  readonly defaultRef: string;
  readonly defaultCommit: string;
  readonly branches: ReadonlyMap<string, string>;
  readonly tags: ReadonlyMap<string, string>;
  readonly takenAt: Date;
  /** The site configuration of the default commit (or the operator's): instances, navbar, preview pattern. */
  readonly config: SiteConfig;
  /** Every docs instance, with its versions as the default commit has them. */
  readonly instances: readonly DocsInstance[];
  /** The pages of the pages plugin the default commit has, by route ('' for `/`): the URL grammar finds them before any docs instance. */
  readonly pages: ReadonlyMap<string, SitePage>;
  /** Globs of branches readable at /{base}/~{branch}/ (PREVIEW_BRANCHES, else docsite.yaml). */
  readonly previewBranches: string;
  /** The commits of every ref the site serves (versions, and the branches and tags the pattern allows), sorted. */
  readonly servedTips: readonly string[];
  /** One short key for `servedTips`, for caches of what they reach. */
  readonly servedTipsKey: string;
  /**
   * Why the default ref's newest commit is not served: its docsite.yaml is broken, so the default
   * commit and configuration stay at the last good ones.
   */
  readonly configError?: string;
  /** The locale this snapshot serves, when not the site's default one: its configuration is that locale's site (locales.ts). */
  readonly locale?: string;
  /** The default locale's snapshot only: the same refs as each other locale's site, by locale. */
  readonly locales?: ReadonlyMap<string, Snapshot>;
}

export type { DocsInstance, ResolvedVersion } from '../docs/docs-instance.js';

/** The refs of a snapshot, before the configuration is known. */
export type Refs = Pick<Snapshot, 'defaultRef' | 'defaultCommit' | 'branches' | 'tags'>;

/** Reads every branch and tag once and fixes which commit the default ref means. */
export async function readRefs(repository: Repository, configuredRef: string | undefined): Promise<Refs> {
  const { branches, tags } = await repository.listRefs();
  const defaultRef = configuredRef ?? (await repository.defaultBranch());
  const defaultCommit = branches.get(defaultRef) ?? tags.get(defaultRef) ?? (await repository.resolve(defaultRef));
  return { defaultRef, defaultCommit, branches, tags };
}

/**
 * Resolves every version of every instance against the refs: a ref version reads its branch or tag
 * (current reads the default commit), a folder version the default commit.
 */
export function buildSnapshot(
  refs: Refs,
  config: SiteConfig,
  instances: readonly { config: InstanceConfig; versions: InstanceVersions }[],
  server: ServerConfig,
  pages: readonly SitePage[] = [],
): Snapshot {
  const resolved = instances.map(({ config: instance, versions }) => docsInstance(instance, versions.versions, versions.archived, refs));
  const previewBranches = server.previewBranches ?? config.previewBranches;
  // Computed once per snapshot: every @commit permalink and asset request reads them.
  const servedTips = tipsOf(refs, resolved, previewBranches);
  const byRoute = new Map(pages.map((page) => [page.route, page]));
  return { ...refs, config, instances: resolved, pages: byRoute, previewBranches, servedTips, servedTipsKey: tipsKey(servedTips), takenAt: new Date() };
}

/** A snapshot of refs: the default commit's configuration (a broken one throws SiteConfigError), and each instance's versions there. */
export async function snapshotAt(docs: DocsStore, server: ServerConfig, refs: Refs, locale?: string): Promise<Snapshot> {
  const config = await docs.configAt(refs.defaultCommit, locale);
  const instances = await docs.instancesAt(refs.defaultCommit, locale);
  const versions = await Promise.all(instances.map((instance) => docs.versionsAt(refs.defaultCommit, instance, refs.defaultRef)));
  const pages = sitePagesOf((await docs.treeAt(refs.defaultCommit)).keys(), pagesInstancesOfSite(config));
  const snapshot = buildSnapshot(
    refs,
    config,
    instances.map((instance, index) => ({ config: instance, versions: versions[index] })),
    server,
    pages,
  );
  if (locale !== undefined) return { ...snapshot, locale };
  // Every other locale is the same refs read as that locale's site (Docusaurus builds each locale as a site of its own).
  const others = localeNames(config).filter((name) => name !== defaultLocaleOf(config));
  const localized = await Promise.all(others.map((name) => snapshotAt(docs, server, refs, name)));
  return others.length ? { ...snapshot, locales: new Map(others.map((name, index) => [name, localized[index]])) } : snapshot;
}

/** The snapshot of the locale a request path is under (locales.ts `localeOfPath`): the default locale's, else one of its `locales`. */
export function snapshotForPath(snapshot: Snapshot, pathname: string): Snapshot {
  if (!snapshot.locales?.size) return snapshot;
  // A page the default locale's own pages plugin has at that path (`src/pages/zh-cn/faq.js`) stays
  // the default locale's: what the site's build serves there, rather than a locale's page over it.
  const route = safeDecode(pagePathOf(pathname).replace(/^\/+|\/+$/g, ''));
  if (route !== undefined && snapshot.pages.has(route)) return snapshot;
  const { locale, isDefault } = localeOfPath(snapshot.config, pathname);
  return isDefault ? snapshot : (snapshot.locales.get(locale) ?? snapshot);
}

/** The instance a URL base names in a snapshot (undefined: none). */
export function instanceAt(snapshot: Snapshot, base: string): DocsInstance | undefined {
  return snapshot.instances.find((instance) => instance.config.base === base);
}

/** Every version of every instance of a snapshot, for what spans them all (ETags, purges, the readiness report). */
export function allVersions(snapshot: Snapshot): ResolvedVersion[] {
  return snapshot.instances.flatMap((instance) => instance.versions);
}

/** Every version with a key that names it in reports: its name for the first instance, `{instance}/{name}` for the others. */
export function allVersionsOf(snapshot: Snapshot): { key: string; version: ResolvedVersion }[] {
  return snapshot.instances.flatMap((instance, index) =>
    instance.versions.map((version) => ({ key: index === 0 ? version.name : `${instance.config.id}/${version.name}`, version })),
  );
}

/** The commits of every ref the site serves: versions, and branches and tags the preview pattern allows. */
function tipsOf(refs: Refs, instances: readonly DocsInstance[], previewBranches: string): string[] {
  const tips = new Set<string>([refs.defaultCommit]);
  for (const instance of instances) for (const version of instance.versions) if (version.commit) tips.add(version.commit);
  for (const named of [refs.branches, refs.tags]) {
    for (const [name, commit] of named) if (previewAllowed(previewBranches, name)) tips.add(commit);
  }
  return [...tips].sort();
}

/** One short cache key for a set of commits. */
function tipsKey(tips: readonly string[]): string {
  return crypto.createHash('sha256').update(tips.join(',')).digest('base64url');
}
