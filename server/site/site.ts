import path from 'node:path';
import type { DocSet } from '../content/doc-set.js';
import { frontMatterFile } from '../content/front-matter-file.js';
import { buildSidebars, sidebarsBytes, type SiteSidebars } from '../content/sidebars/sidebars.js';
import type { BlobMemo } from '../content/blob-memo.js';
import { tagsOf, type Tag } from '../content/tags.js';
import { History } from '../git/history.js';
import { historyFile } from '../git/history-file.js';
import { reachableCommits } from '../git/reachable.js';
import type { Repository } from '../git/repository.js';
import { problemsFor, sidebarGenerators } from '../presets/index.js';
import type { DocsAddress } from '../urls.js';
import { BrandProblems } from './brand-problems.js';
import { Caches, cacheBudgetBytes, type CacheStats } from './caches.js';
import { DocsStore } from './docs-store.js';
import type { ServerConfig } from './env.js';
import { FrontMatterStore } from './front-matter-store.js';
import { isHttpError } from './http-error.js';
import { lastUpdatedOf, type LastUpdate } from './last-updated.js';
import { locate, type Located } from './locate.js';
import { createLogger, type Logger } from './log.js';
import { openRepository } from './open-repository.js';
import { readOperatorConfig } from './operator-config.js';
import { PageCache } from './page-cache.js';
import { MissFetcher } from './miss-fetch.js';
import { SiteRenderer } from './site-render.js';
import { SiteSearch } from './site-search.js';
import { IndexStore } from '../search/index-store.js';
import { DiskCache } from './disk-cache.js';
import { buildSnapshot, readRefs, type Refs, type Snapshot } from './snapshot.js';
import { purgeKeys } from './surrogate-keys.js';
import type { WorkingTree } from './working-tree.js';
import { Admission } from './admission.js';
import { Background } from './background.js';
import { HeapWatch } from './heap-watch.js';

export type { Located } from './locate.js';
export type { ResolvedVersion, Snapshot, SnapshotInstance } from './snapshot.js';

/**
 * The documentation site: one repository, the current snapshot of its refs, its docs instances
 * (decision 028), and the caches and render threads everything derived from its commits shares.
 */
export class Site {
  private current!: Snapshot;
  private readonly misses = new MissFetcher();
  readonly caches: Caches;
  /** Whole responses by ETag (undefined when PAGE_CACHE=off). */
  readonly pageCache: PageCache | undefined;
  private readonly frontMatters: FrontMatterStore;
  /** The docs of every commit: configuration, instances, versions, doc sets. */
  readonly docs: DocsStore;
  /** The render threads and the pages, links and diffs rendered on them. */
  readonly render: SiteRenderer;
  /** The search indexes of the doc sets searched. */
  readonly search: SiteSearch;
  /** What history says of every commit read (last updates, page histories), kept in DATA_DIR for the next start. */
  readonly history: History;
  /** What the brand of a commit's configuration gets wrong (a failing colour, a missing logo or font). */
  readonly brand: BrandProblems;
  /** How full the heap is (decision 030). */
  readonly heap = new HeapWatch();
  /** Who may start work on refs a client chose, and how much may be under way (decision 030). */
  readonly admission: Admission;
  /** The site's own whole-site work: indexes and link reports of published versions, one at a time. */
  readonly background = new Background(16);
  /** The author's folder `docsite preview` serves, uncommitted changes included (WATCH_CONTENT=on). */
  workingTree: WorkingTree | undefined;
  /**
   * Why the start-up fetch of an existing clone failed (the clone is served as it was); Sync
   * reports it as the first failed sync, so /readyz is honest before the first poll.
   */
  startupSyncError: { message: string; at: Date } | undefined;

  private constructor(
    private currentRepository: Repository,
    private readonly config: ServerConfig,
    private readonly fixedNow: Date | undefined,
    readonly log: Logger,
    frontMatterFileName: string | undefined,
    searchStore: IndexStore | undefined,
    /** Rendered articles and pages on disk (undefined: none kept, as in development or with DISK_CACHE_MB=0). */
    readonly diskCache: DiskCache | undefined,
  ) {
    this.caches = new Caches(cacheBudgetBytes(config.cacheMb));
    this.admission = new Admission(config.limits, (config.limits.workMb ?? (this.heap.limitBytes * 0.25) / 2 ** 20) * 2 ** 20, this.heap);
    this.pageCache = config.pageCache ? new PageCache(this.caches.pages, diskCache) : undefined;
    this.frontMatters = new FrontMatterStore(this.caches, log, frontMatterFileName);
    this.history = new History(historyFile(config.dataDir), (error) => log.warn({ err: error }, 'could not save history for the next start'));
    const operator = config.docsiteConfig ? readOperatorConfig(config.docsiteConfig) : undefined;
    this.docs = new DocsStore(() => this.repository, this.caches, this.frontMatters, operator);
    this.brand = new BrandProblems(this.docs, log);
    this.render = new SiteRenderer(
      {
        repository: () => this.repository,
        caches: this.caches,
        log,
        now: () => this.now(),
        defaultRef: () => this.current.defaultRef,
        sidebars: (docSet) => this.sidebars(docSet),
      },
      config,
      diskCache,
    );
    this.search = new SiteSearch({
      caches: this.caches,
      log,
      render: this.render,
      background: this.background,
      store: searchStore,
      snapshot: () => this.current,
      locate: (snapshot, address) => this.locate(snapshot, address),
      docSet: (located) => this.docSet(located),
    });
  }

  /**
   * Opens the configured repository (clone, local path or embedded content), takes a first
   * snapshot and loads every doc set of its default commit, so a broken site configuration stops
   * start-up with a clear error instead of failing every request. With `codeVersion` (the running
   * build's), the front matter read is kept in DATA_DIR/cache for the next start of the same build.
   */
  static async open(config: ServerConfig, log: Logger = createLogger(), opts: { codeVersion?: string } = {}): Promise<Site> {
    if (config.docsiteConfig) readOperatorConfig(config.docsiteConfig); // Before any clone: a mistake stops start-up with nothing loaded.
    const { repository, fetchError, workingTree } = await openRepository(config);
    const file = opts.codeVersion ? frontMatterFile(path.join(config.dataDir, 'cache'), opts.codeVersion) : undefined;
    // Search indexes are kept for the next start of the same build, as front matter is.
    const store = opts.codeVersion ? new IndexStore(path.join(config.dataDir, 'cache'), opts.codeVersion) : undefined;
    const disk = opts.codeVersion && config.diskCacheMb > 0 ? openDiskCache(config, opts.codeVersion, log) : undefined;
    const site = new Site(repository, config, config.now ? new Date(`${config.now}T12:00:00Z`) : undefined, log, file, store, disk);
    site.current = await site.snapshotOf(await readRefs(repository, config.contentRef));
    await site.docs.docSetsAt(site.current.defaultCommit);
    site.workingTree = workingTree;
    if (fetchError) site.startupSyncError = { message: fetchError.message, at: new Date() };
    await site.brand.logAt(site.current.defaultCommit);
    return site;
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

  /** The calendar day of `now()`, `2026-11-22`: the unit date-dependent results are cached by. */
  day(): string {
    return this.now().toISOString().slice(0, 10);
  }

  /** The snapshot a request should hold for its whole life. */
  snapshot(): Snapshot {
    return this.current;
  }

  /** A snapshot of refs: the default commit's configuration, and each instance's versions there. */
  private async snapshotOf(refs: Refs): Promise<Snapshot> {
    const config = await this.docs.configAt(refs.defaultCommit);
    const instances = await this.docs.instancesAt(refs.defaultCommit);
    const versions = await Promise.all(instances.map((instance) => this.docs.versionsAt(refs.defaultCommit, instance, refs.defaultRef)));
    return buildSnapshot(
      refs,
      config,
      instances.map((instance, index) => ({ config: instance, versions: versions[index] })),
      this.config,
    );
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
    const refs = await readRefs(repository, this.config.contentRef);
    try {
      this.current = await this.snapshotOf(refs);
    } catch (error) {
      if (!(error instanceof Error && error.name === 'SiteConfigError')) throw error;
      this.current = { ...(await this.snapshotOf({ ...refs, defaultCommit: this.current.defaultCommit })), configError: error.message };
    }
    this.pageCache?.retain(new Set(this.current.servedTips));
    this.search.update(this.current);
    void this.brand.logAt(this.current.defaultCommit);
    return this.current;
  }

  /** Every commit reachable from a snapshot's served refs, walked once per set of tips and kept in the derived cache. */
  reachable(snapshot: Snapshot): Promise<Set<string>> {
    return this.caches.derive(
      snapshot.servedTipsKey,
      'reachable',
      () => reachableCommits(this.repository, snapshot.servedTips),
      (set) => set.size * 100,
    );
  }

  /**
   * The commit and docs a docs address (or route) names in a snapshot, and the route fitted to that
   * commit's version folders; a 404 HttpError when it names nothing. A branch or commit the snapshot
   * does not know is fetched for once (rate-limited), then looked for again.
   */
  async locate<T extends DocsAddress>(snapshot: Snapshot, address: T): Promise<{ located: Located; route: T }> {
    const deps = {
      reachable: (of: Snapshot) => this.reachable(of),
      instanceAt: (commit: string, id: string) => this.docs.instanceAt(commit, id),
      versionsAt: (commit: string, instance: Parameters<DocsStore['versionsAt']>[1]) => this.docs.versionsAt(commit, instance, snapshot.defaultRef),
    };
    try {
      return await locate(snapshot, address, deps);
    } catch (error) {
      if (!isHttpError(error) || error.status !== 404) throw error;
      // A branch pushed a second ago, or a commit of it: fetch once (or wait for the fetch another
      // request started), then look again in the newest snapshot.
      // A local repository reads its refs again (its "fetch"), as a remote is fetched.
      await this.misses.fetchFor(snapshot, address.selector, Boolean(this.config.contentRepo));
      if (this.current === snapshot) throw error;
      return locate(this.current, address, deps);
    }
  }

  /**
   * Sets how to fetch the remote when a URL names a branch or commit the snapshot does not know
   * (the sync's shared, coalesced refresh). Without it a miss is simply a 404.
   */
  onUnknownRef(fetch: () => Promise<Snapshot | undefined>): void {
    this.misses.use(fetch);
  }

  /** The cache keys whose responses a refresh from `before` to `after` made stale (surrogate-keys.ts). */
  purgeKeys(before: Snapshot, after: Snapshot): Promise<string[]> {
    return purgeKeys({ repository: this.repository, docSets: (commit) => this.docs.docSetsAt(commit) }, before, after);
  }

  /** The doc set a located URL reads. */
  docSet(located: Located): Promise<DocSet> {
    return this.docs.docSet(located.commit, located.instance.id, located.versionName);
  }

  /** What is worked out of one file's content (sidebars and `_category_` files), by blob, in the derived cache. */
  private readonly blobMemo: BlobMemo = (blobOid, name, compute, bytes) => this.caches.derive(blobOid, name, compute, bytes);

  /** The sidebars of a doc set for today (the release archive moves with the date). */
  sidebars(docSet: DocSet): Promise<SiteSidebars> {
    return this.caches.derive(
      `${docSet.commit}:${docSet.instance}:${docSet.version}`,
      `sidebars:${this.day()}`,
      async () => {
        const presetData = await this.render.presetData(docSet);
        const files = this.docs.operator?.files;
        const sidebars = await buildSidebars(this.repository, docSet, this.now(), sidebarGenerators(presetData), this.blobMemo, files);
        // A generator fed by a broken data file: say so where the sidebar's problems are shown.
        return { ...sidebars, problems: [...sidebars.problems, ...problemsFor(presetData, { generators: sidebars.generatorsUsed })] };
      },
      sidebarsBytes,
    );
  }

  /** Every tag of a doc set. */
  tags(docSet: DocSet): Promise<ReadonlyMap<string, Tag>> {
    return this.caches.derive(
      `${docSet.commit}:${docSet.instance}:${docSet.version}`,
      'tags',
      async () => tagsOf(docSet),
      (tags) => 200 + [...tags.values()].reduce((n, tag) => n + 100 + tag.docs.length * 16, 0),
    );
  }

  /** When each file of a doc set's commit last changed, and by whom (last-updated.ts). */
  lastUpdated(docSet: DocSet): Promise<Map<string, LastUpdate>> {
    const embeddedDir = this.config.contentRepo ? undefined : this.config.contentDir;
    return lastUpdatedOf({ repository: () => this.repository, caches: this.caches, history: this.history, embeddedDir }, docSet);
  }

  /**
   * Renders the default instance's last version's first page once on every render thread in turn
   * (SiteRenderer.warmUp); answers that page's URL path, for a request that warms the rest of the way.
   */
  async warmUp(): Promise<string | undefined> {
    const [instance] = this.current.instances;
    const last = instance.versions.find((version) => version.isLast);
    if (!last?.commit) return undefined;
    return this.render.warmUp(await this.docs.docSet(last.commit, instance.config.id, instance.readsRefs ? 'current' : last.name));
  }

  /** Saves now what was due to be saved for the next start (the front matter file, the disk cache's writes under way). */
  async flush(): Promise<void> {
    await Promise.all([this.frontMatters.flush(), this.diskCache?.flush()]);
  }

  /** Render tasks queued and running per lane, for /metrics and the busy check. */
  renderCounts(): ReturnType<SiteRenderer['pool']['counts']> {
    return this.render.pool.counts();
  }

  /** Render threads running now, for /metrics. */
  renderThreads(): number {
    return this.render.pool.live;
  }

  /** What each cache holds and how it is used, for /metrics and benchmarks. */
  cacheStats(): CacheStats[] {
    return [this.caches.docSets.stats(), this.caches.rendered.stats(), this.caches.derived.stats(), this.caches.pages.stats(), this.caches.search.stats()];
  }
}

/** The disk cache's folder in DATA_DIR; a folder that cannot be made (a read-only disk) means none, said once. */
function openDiskCache(config: ServerConfig, codeVersion: string, log: Logger): DiskCache | undefined {
  try {
    return new DiskCache(path.join(config.dataDir, 'cache'), codeVersion, config.diskCacheMb * 2 ** 20, (error, message) => log.warn({ err: error }, message));
  } catch (error) {
    log.warn({ err: error }, 'nothing rendered is kept on disk: DATA_DIR/cache cannot be written');
    return undefined;
  }
}
