import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { LRUCache } from 'lru-cache';
import { Repository, UnknownRefError } from '../git/repository.js';
import { commitDirectory } from '../git/commit-directory.js';
import { loadDocSet, type Doc, type DocSet } from '../content/doc-set.js';
import { PageRenderer, type PageView, type RenderOptions } from '../markdown/page-renderer.js';
import type { SiteConfig } from '../content/site-config.js';
import type { ServerConfig } from './env.js';
import { parseDocPath, type DocPath } from './doc-path.js';
import { currentClone, removeOtherClones } from './clones.js';
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

/** What a docs URL selects in a snapshot: the commit, how it was named, and the page slug. */
export interface Located {
  /** `commit`: an immutable permalink; `version`: a configured version; `branch`: a preview. */
  kind: 'commit' | 'version' | 'branch';
  commit: string;
  path: DocPath;
  version?: ResolvedVersion;
  /** The branch or tag name of a preview. */
  branch?: string;
}

/** Byte budgets of the caches; everything in them is keyed by immutable git object ids. */
const DOC_SET_CACHE_BYTES = 256 * 1024 * 1024;
const RENDER_CACHE_BYTES = 256 * 1024 * 1024;

/**
 * The documentation site: one repository, the current snapshot of its refs, and the caches of
 * what was derived from its commits.
 */
export class Site {
  private current: Snapshot;
  private readonly docSets = new LRUCache<string, DocSet>({ maxSize: DOC_SET_CACHE_BYTES, sizeCalculation: (set) => Math.max(1, set.size) });
  private readonly docSetsLoading = new Map<string, Promise<DocSet>>();
  private readonly pages: PageRenderer;

  private constructor(
    private currentRepository: Repository,
    private readonly config: ServerConfig,
    snapshot: Snapshot,
    private readonly fixedNow: Date | undefined,
  ) {
    this.current = snapshot;
    // Through the getter: a re-clone swaps the repository, and the renderer must follow it.
    this.pages = new PageRenderer((oid) => this.repository.readBlob(oid), RENDER_CACHE_BYTES);
  }

  /** Counts of doc-set cache lookups, for /metrics. */
  private readonly docSetCounters = { hits: 0, misses: 0 };

  /** Counts of cache lookups, for /metrics. */
  get cacheCounters(): { docSets: { hits: number; misses: number }; rendered: { hits: number; misses: number } } {
    return { docSets: this.docSetCounters, rendered: this.pages.counters };
  }

  /** The repository objects are read from; swapped when a fresh clone replaces a cluttered one. */
  get repository(): Repository {
    return this.currentRepository;
  }

  /**
   * Replaces the repository by a fresh clone of the same remote. Every cache stays valid: they
   * hold immutable objects by id, and the new clone holds the same objects.
   */
  swapRepository(repository: Repository): void {
    this.currentRepository = repository;
  }

  /** The date content is evaluated for (banners, archived releases): the real clock unless fixed. */
  now(): Date {
    return this.fixedNow ?? new Date();
  }

  /**
   * Opens the configured repository (clone, local path or embedded content), takes a first
   * snapshot and loads its default commit, so a broken site configuration stops start-up with a
   * clear error instead of failing every request.
   */
  static async open(config: ServerConfig): Promise<Site> {
    const { repository, fetchError } = await openRepository(config);
    const refs = await readRefs(repository, config.contentRef);
    const docSet = await loadDocSet(repository, refs.defaultCommit);
    const snapshot = buildSnapshot(refs, docSet.config, config);
    const site = new Site(repository, config, snapshot, config.now ? new Date(`${config.now}T12:00:00Z`) : undefined);
    site.docSets.set(docSet.commit, docSet);
    if (fetchError) site.startupSyncError = { message: fetchError.message, at: new Date() };
    return site;
  }

  /**
   * Why the start-up fetch of an existing clone failed (the clone is served as it was); Sync
   * reports it as the first failed sync, so /readyz is honest before the first poll.
   */
  startupSyncError: { message: string; at: Date } | undefined;

  /** The snapshot a request should hold for its whole life. */
  snapshot(): Snapshot {
    return this.current;
  }

  /**
   * Fetches from the remote (if any) and swaps in a new snapshot in one assignment, so a request
   * holds either the old or the new one. On a failed fetch the old one stays. When the default
   * ref's new commit has a broken docsite.yaml, the default commit and configuration stay at the
   * last good ones (other refs move on) and the snapshot says why in `configError`.
   * Callers serialize refreshes (see sync.ts).
   */
  async refresh(opts: { timeoutMs?: number } = {}): Promise<Snapshot> {
    const repository = this.repository;
    await repository.fetch(opts);
    let refs = await readRefs(repository, this.config.contentRef);
    let config: SiteConfig;
    let configError: string | undefined;
    try {
      config = (await this.docSet(refs.defaultCommit)).config;
    } catch (error) {
      if (!(error instanceof Error && error.name === 'SiteConfigError')) throw error;
      const previous = this.current;
      refs = { ...refs, defaultCommit: previous.defaultCommit };
      config = previous.config;
      configError = error.message;
    }
    this.current = { ...buildSnapshot(refs, config, this.config), configError };
    return this.current;
  }

  /**
   * What a docs URL path (still percent-encoded, after the base) selects: the last version at
   * `/{base}/`, a named version, a preview branch allowed by the pattern, or a commit. Returns a
   * message for a 404 when it selects nothing.
   */
  async locate(snapshot: Snapshot, splat: string): Promise<Located | { notFound: string }> {
    const base = snapshot.config.docs.base;
    const named = new Set(snapshot.versions.filter((version) => version.path).map((version) => version.path));
    const path = parseDocPath(base, splat, named);
    if (!path) return { notFound: `"${splat.split('/')[0]}" is not a valid branch or commit.` };
    const { ref } = path;
    if (ref.kind === 'default' || ref.kind === 'version') {
      const version = snapshot.versions.find((candidate) => (ref.kind === 'default' ? candidate.isLast : candidate.path === ref.path))!;
      if (!version.commit) return { notFound: `Version ${version.label} reads "${version.ref}", which is not in the content repository.` };
      return { kind: 'version', commit: version.commit, path, version };
    }
    if (ref.kind === 'branch') {
      const commit = snapshot.branches.get(ref.name) ?? snapshot.tags.get(ref.name);
      if (!commit || !previewAllowed(snapshot.previewBranches, ref.name)) return { notFound: `No branch named "${ref.name}" is served here.` };
      // The default ref previews the commit the site serves, even while its newest one is broken.
      return { kind: 'branch', commit: ref.name === snapshot.defaultRef ? snapshot.defaultCommit : commit, path, branch: ref.name };
    }
    const commit = await this.resolveRef(snapshot, ref.oid);
    if (!commit) return { notFound: `No commit "${ref.oid}" in the content repository.` };
    return { kind: 'commit', commit, path };
  }

  /**
   * The commit a ref names in a snapshot: a branch, a tag, or a full or abbreviated commit id.
   * Undefined when nothing matches.
   */
  async resolveRef(snapshot: Snapshot, ref: string): Promise<string | undefined> {
    const named = snapshot.branches.get(ref) ?? snapshot.tags.get(ref);
    if (named) return named;
    if (!/^[0-9a-f]{4,40}$/i.test(ref)) return undefined;
    return this.repository.resolve(ref).catch((error) => {
      if (error instanceof UnknownRefError) return undefined;
      throw error;
    });
  }

  /** The doc model of a commit, built once and cached by commit id. */
  async docSet(commit: string): Promise<DocSet> {
    const cached = this.docSets.get(commit);
    this.docSetCounters[cached ? 'hits' : 'misses']++;
    if (cached) return cached;
    let loading = this.docSetsLoading.get(commit);
    if (!loading) {
      loading = loadDocSet(this.repository, commit).finally(() => this.docSetsLoading.delete(commit));
      this.docSetsLoading.set(commit, loading);
      loading.then((set) => this.docSets.set(commit, set)).catch(() => undefined);
    }
    return loading;
  }

  /**
   * A doc of a commit rendered to HTML for a ref's URL prefix, cached by blob, renderer version and
   * link context; its banner is computed for `now()` on every call.
   */
  async renderDoc(doc: Doc, docSet: DocSet, opts: Partial<RenderOptions> = {}): Promise<PageView> {
    return this.pages.render(doc, docSet, { prefix: opts.prefix ?? `/${docSet.location.base}`, now: opts.now ?? this.now(), docCards: opts.docCards });
  }

  /** What the caches hold, for benchmarks and metrics. */
  cacheStats(): { docSets: { entries: number; bytes: number }; rendered: { entries: number; bytes: number } } {
    return {
      docSets: { entries: this.docSets.size, bytes: this.docSets.calculatedSize },
      rendered: this.pages.stats(),
    };
  }
}

/** Where clones of the configured remote live: `{DATA_DIR}/repos/{hash of the URL}[.N].git`. */
export function clonePlace(config: ServerConfig): { reposDir: string; name: string } {
  const name = crypto.createHash('sha256').update(config.contentRepo ?? '').digest('hex').slice(0, 16);
  return { reposDir: path.join(config.dataDir, 'repos'), name };
}

/**
 * Clones a URL, opens a local path, or commits the embedded content, per the configuration. A
 * failed fetch of an existing clone does not stop start-up: it comes back as `fetchError`.
 */
async function openRepository(config: ServerConfig): Promise<{ repository: Repository; fetchError?: Error }> {
  const { contentRepo, dataDir } = config;
  fs.mkdirSync(dataDir, { recursive: true });
  if (!contentRepo) {
    const gitdir = path.join(dataDir, 'embedded.git');
    if (!fs.existsSync(config.contentDir)) throw new Error(`The embedded content folder "${config.contentDir}" does not exist`);
    await commitDirectory(config.contentDir, gitdir);
    return { repository: new Repository(gitdir) };
  }
  if (/^https?:\/\//.test(contentRepo)) {
    const { reposDir, name } = clonePlace(config);
    const gitdir = currentClone(reposDir, name);
    const opened = await Repository.cloneOrOpen(contentRepo, gitdir, { timeoutMs: config.gitTimeoutMs }).catch((error: unknown) => {
      // Only reached without a clone on disk: there is nothing to serve, so start-up stops here.
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`Could not clone ${contentRepo}, and there is no earlier clone in ${gitdir} to serve: ${reason}`, { cause: error });
    });
    removeOtherClones(reposDir, name, gitdir);
    return opened;
  }
  return { repository: Repository.open(path.resolve(contentRepo)) };
}

type Refs = Pick<Snapshot, 'defaultRef' | 'defaultCommit' | 'branches' | 'tags'>;

/** Reads every branch and tag once and fixes which commit the default ref means. */
async function readRefs(repository: Repository, configuredRef: string | undefined): Promise<Refs> {
  const { branches, tags } = await repository.listRefs();
  const defaultRef = configuredRef ?? (await repository.defaultBranch());
  const defaultCommit = branches.get(defaultRef) ?? tags.get(defaultRef) ?? (await repository.resolve(defaultRef));
  return { defaultRef, defaultCommit, branches, tags };
}

/** Resolves every version of the configuration against the refs. */
function buildSnapshot(refs: Refs, config: SiteConfig, server: ServerConfig): Snapshot {
  const versions = versionsOf(config, refs.defaultRef).map((version) => ({
    ...version,
    commit: version.isCurrent ? refs.defaultCommit : (refs.branches.get(version.ref) ?? refs.tags.get(version.ref)),
  }));
  return { ...refs, config, versions, previewBranches: server.previewBranches ?? config.previewBranches, takenAt: new Date() };
}
