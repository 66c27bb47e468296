import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { LRUCache } from 'lru-cache';
import { Repository, UnknownRefError } from '../git/repository.js';
import { commitDirectory } from '../git/commit-directory.js';
import { loadDocSet, type Doc, type DocSet } from '../content/doc-set.js';
import { PageRenderer, type PageView, type RenderOptions } from '../markdown/page-renderer.js';
import type { ServerConfig } from './env.js';

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
    readonly repository: Repository,
    private readonly configuredRef: string | undefined,
    snapshot: Snapshot,
    private readonly fixedNow: Date | undefined,
  ) {
    this.current = snapshot;
    this.pages = new PageRenderer((oid) => repository.readBlob(oid), RENDER_CACHE_BYTES);
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
    const repository = await openRepository(config);
    const snapshot = await takeSnapshot(repository, config.contentRef);
    const site = new Site(repository, config.contentRef, snapshot, config.now ? new Date(`${config.now}T12:00:00Z`) : undefined);
    await site.docSet(snapshot.defaultCommit);
    return site;
  }

  /** The snapshot a request should hold for its whole life. */
  snapshot(): Snapshot {
    return this.current;
  }

  /** Fetches from the remote (if any) and swaps in a new snapshot. On failure the old one stays. */
  async refresh(opts: { timeoutMs?: number } = {}): Promise<Snapshot> {
    await this.repository.fetch(opts);
    this.current = await takeSnapshot(this.repository, this.configuredRef);
    return this.current;
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

/** Clones a URL, opens a local path, or commits the embedded content, per the configuration. */
async function openRepository(config: ServerConfig): Promise<Repository> {
  const { contentRepo, dataDir } = config;
  fs.mkdirSync(dataDir, { recursive: true });
  if (!contentRepo) {
    const gitdir = path.join(dataDir, 'embedded.git');
    if (!fs.existsSync(config.contentDir)) throw new Error(`The embedded content folder "${config.contentDir}" does not exist`);
    await commitDirectory(config.contentDir, gitdir);
    return new Repository(gitdir);
  }
  if (/^https?:\/\//.test(contentRepo)) {
    const name = crypto.createHash('sha256').update(contentRepo).digest('hex').slice(0, 16);
    return Repository.cloneOrOpen(contentRepo, path.join(dataDir, 'repos', `${name}.git`), { timeoutMs: config.gitTimeoutMs });
  }
  return Repository.open(path.resolve(contentRepo));
}

/** Reads every branch and tag once and fixes which commit the default ref means. */
async function takeSnapshot(repository: Repository, configuredRef: string | undefined): Promise<Snapshot> {
  const { branches, tags } = await repository.listRefs();
  const defaultRef = configuredRef ?? (await repository.defaultBranch());
  const defaultCommit = branches.get(defaultRef) ?? tags.get(defaultRef) ?? (await repository.resolve(defaultRef));
  return { defaultRef, defaultCommit, branches, tags, takenAt: new Date() };
}
