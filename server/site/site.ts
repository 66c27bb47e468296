import path from 'node:path';
import { frontMatterFile } from '../content/front-matter-file.js';
import { History } from '../git/history.js';
import { historyFile } from '../git/history-file.js';
import { reachableCommits } from '../git/reachable.js';
import type { Repository } from '../git/repository.js';
import type { DocsAddress } from '../urls.js';
import { BrandProblems } from './brand-problems.js';
import { Caches, cacheBudgetBytes } from './caches/caches.js';
import { DocsStore } from './docs-store.js';
import type { ServerConfig } from './env.js';
import { FrontMatterStore } from './caches/front-matter-store.js';
import { locateFetching, type LocateDeps, type Located } from './locate.js';
import { lastVersionOf } from '../docs/docs-instance.js';
import { createLogger, type Logger } from './log.js';
import { openRepository } from './open-repository.js';
import { readOperatorConfig } from '../config/operator-config.js';
import { PageCache } from './caches/page-cache.js';
import { MissFetcher } from './miss-fetch.js';
import { SiteRenderer } from './site-render.js';
import { islandSiteOf } from './island-site.js';
import { SiteCode, siteSandbox } from './site-code.js';
import { SiteSearch } from './site-search.js';
import { IndexStore } from '../search/index-store.js';
import { DiskCache } from './caches/disk-cache.js';
import { readRefs, snapshotAt, type Snapshot } from './snapshot.js';
import type { WorkingTree } from './working-tree.js';
import { Admission } from './work/admission.js';
import { Background } from './work/background.js';
import { HeapWatch } from './work/heap-watch.js';

export type { Located } from './locate.js';
export type { ResolvedVersion, Snapshot, DocsInstance } from './snapshot.js';

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
  /** Why the start-up fetch of an existing clone failed (the clone is served as it was): Sync reports it, so /readyz is honest before the first poll. */
  startupSyncError: { message: string; at: Date } | undefined;

  private constructor(
    private currentRepository: Repository,
    readonly config: ServerConfig,
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
    const embeddedDir = config.contentRepo ? undefined : config.contentDir;
    this.docs = new DocsStore({
      repository: () => this.repository,
      caches: this.caches,
      frontMatters: this.frontMatters,
      operator,
      now: () => this.now(),
      day: () => this.day(),
      history: this.history,
      embeddedDir,
      // The site's own code (docusaurus.config, sidebars.js), run in the sandbox per commit (decision 034).
      code: new SiteCode({
        readBlob: (oid) => this.repository.readBlob(oid),
        now: () => this.now(),
        day: () => this.day(),
        disk: diskCache,
        sandbox: siteSandbox(config),
        siteDir: operator?.config.siteDir,
      }),
    });
    this.brand = new BrandProblems(this.docs, log);
    this.render = new SiteRenderer(
      {
        repository: () => this.repository,
        caches: this.caches,
        log,
        now: () => this.now(),
        defaultRef: () => this.current.defaultRef,
        sidebars: (docSet) => this.docs.sidebars(docSet),
        presetData: (docSet) => this.docs.presetData(docSet),
        islandSite: (docSet) => islandSiteOf(this, docSet),
      },
      config,
      diskCache,
    );
    this.search = new SiteSearch(this, searchStore);
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
    const disk = opts.codeVersion && config.diskCacheMb > 0 ? DiskCache.open(config, opts.codeVersion, log) : undefined;
    const site = new Site(repository, config, config.now ? new Date(`${config.now}T12:00:00Z`) : undefined, log, file, store, disk);
    site.current = await snapshotAt(site.docs, config, await readRefs(repository, config.contentRef));
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
      this.current = await snapshotAt(this.docs, this.config, refs);
    } catch (error) {
      if (!(error instanceof Error && error.name === 'SiteConfigError')) throw error;
      this.current = { ...(await snapshotAt(this.docs, this.config, { ...refs, defaultCommit: this.current.defaultCommit })), configError: error.message };
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
   * does not know is fetched for once (rate-limited), then looked for again. A request passes its
   * own `versionsAt`, so it reads an instance's versions once (request-reads.ts).
   */
  async locate<T extends DocsAddress>(snapshot: Snapshot, address: T, versionsAt?: LocateDeps['versionsAt']): Promise<{ located: Located; route: T }> {
    const deps: LocateDeps = {
      reachable: (of: Snapshot) => this.reachable(of),
      instanceAt: (commit: string, id: string, locale?: string) => this.docs.instanceAt(commit, id, locale),
      versionsAt: versionsAt ?? ((commit, instance) => this.docs.versionsAt(commit, instance, snapshot.defaultRef)),
    };
    // A local repository reads its refs again (its "fetch"), as a remote is fetched.
    const fetchFor = (selector: DocsAddress['selector']) => this.misses.fetchFor(snapshot, selector, Boolean(this.config.contentRepo));
    return locateFetching(snapshot, address, deps, { fetchFor, newest: () => this.current });
  }

  /**
   * Sets how to fetch the remote when a URL names a branch or commit the snapshot does not know
   * (the sync's shared, coalesced refresh). Without it a miss is simply a 404.
   */
  onUnknownRef(fetch: () => Promise<Snapshot | undefined>): void {
    this.misses.use(fetch);
  }

  /** Renders the default instance's last version's first page once on every render thread in turn; answers its URL path, for a request that warms the rest. */
  async warmUp(): Promise<string | undefined> {
    const [instance] = this.current.instances;
    const last = instance && lastVersionOf(instance);
    return last?.commit ? this.render.warmUp(await this.docs.docSet(last.commit, instance.config.id, instance.model.docSetName(last))) : undefined;
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
}
