// The snapshot: which commit every ref pointed to at one moment, and the versions resolved against it.
import crypto from 'node:crypto';
import type { Repository } from '../git/repository.js';
import type { SiteConfig } from '../content/site-config.js';
import type { ServerConfig } from './env.js';
import { previewAllowed, versionsOf, type SiteVersion } from './versions.js';

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
  /** The default commit's docsite.yaml: versions, base, preview pattern come from it. */
  readonly config: SiteConfig;
  /** Every version with the commit its ref points to (undefined when the ref does not exist). */
  readonly versions: readonly ResolvedVersion[];
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
}

/** A version and the commit it reads in one snapshot. */
export interface ResolvedVersion extends SiteVersion {
  commit: string | undefined;
}

/** The refs of a snapshot, before the configuration is known. */
export type Refs = Pick<Snapshot, 'defaultRef' | 'defaultCommit' | 'branches' | 'tags'>;

/** Reads every branch and tag once and fixes which commit the default ref means. */
export async function readRefs(repository: Repository, configuredRef: string | undefined): Promise<Refs> {
  const { branches, tags } = await repository.listRefs();
  const defaultRef = configuredRef ?? (await repository.defaultBranch());
  const defaultCommit = branches.get(defaultRef) ?? tags.get(defaultRef) ?? (await repository.resolve(defaultRef));
  return { defaultRef, defaultCommit, branches, tags };
}

/** Resolves every version of the configuration against the refs. */
export function buildSnapshot(refs: Refs, config: SiteConfig, server: ServerConfig): Snapshot {
  const versions = versionsOf(config, refs.defaultRef).map((version) => ({
    ...version,
    commit: version.isCurrent ? refs.defaultCommit : (refs.branches.get(version.ref) ?? refs.tags.get(version.ref)),
  }));
  const previewBranches = server.previewBranches ?? config.previewBranches;
  // Computed once per snapshot: every @commit permalink and asset request reads them.
  const servedTips = tipsOf(refs, versions, previewBranches);
  return { ...refs, config, versions, previewBranches, servedTips, servedTipsKey: tipsKey(servedTips), takenAt: new Date() };
}

/** The commits of every ref the site serves: versions, and branches and tags the preview pattern allows. */
function tipsOf(refs: Refs, versions: readonly ResolvedVersion[], previewBranches: string): string[] {
  const tips = new Set<string>([refs.defaultCommit]);
  for (const version of versions) if (version.commit) tips.add(version.commit);
  for (const named of [refs.branches, refs.tags]) {
    for (const [name, commit] of named) if (previewAllowed(previewBranches, name)) tips.add(commit);
  }
  return [...tips].sort();
}

/** One short cache key for a set of commits. */
function tipsKey(tips: readonly string[]): string {
  return crypto.createHash('sha256').update(tips.join(',')).digest('base64url');
}
