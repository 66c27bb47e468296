import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LRUCache } from 'lru-cache';
import { frontMatterKey, loadDocSet, readTreeFile, type Doc, type DocSet, type FrontMatterCache, type ReadFrontMatter } from '../content/doc-set.js';
import { frontMatterFile, readFrontMatterFile, writeFrontMatterFile } from '../content/front-matter-file.js';
import type { SiteConfig } from '../content/site-config.js';
import { buildSidebars, type SiteSidebars } from '../content/sidebars/sidebars.js';
import type { BlobMemo } from '../content/blob-memo.js';
import { tagsOf, type Tag } from '../content/tags.js';
import { enclosingCheckout, type EnclosingCheckout } from '../git/enclosing-checkout.js';
import { lastUpdates, type LastUpdate } from '../git/history.js';
import { reachableCommits } from '../git/reachable.js';
import type { Repository } from '../git/repository.js';
import { linkTableBytes, linkTableOf, PageRenderer, type PageView, type RenderOptions } from '../markdown/page-renderer.js';
import type { LinkTable } from '../markdown/render-job.js';
import { RenderPool } from '../markdown/render-pool.js';
import { RENDERER_VERSION } from '../markdown/render.js';
import { pageLinks, pageLinksBytes, type PageLinks } from '../markdown/link-check.js';
import type { PageInput } from '../search/engine.js';
import { SearchIndexes, type IndexAnswer, type IndexSource } from '../search/indexes.js';
import { sectionsFromHtml } from '../search/sections.js';
import { dataProblems, loadPresetData, pageBanner, PRESET_DATA_FILES, problemsFor, SITE_COMPONENTS, sidebarGenerators, type PresetData } from '../presets/index.js';
import type { Problem } from '../problem.js';
import { diffHtml, type HtmlDiff } from '../review/html-diff.js';
import type { Selector } from '../urls.js';
import { Caches, cacheBudgetBytes, type CacheStats } from './caches.js';
import { isHttpError } from './http-error.js';
import { locate, type Located } from './locate.js';
import { createLogger, type Logger } from './log.js';
import { renderThreadHeapMb, type ServerConfig } from './env.js';
import { openRepository } from './open-repository.js';
import { PageCache } from './page-cache.js';
import { buildSnapshot, readRefs, type Snapshot } from './snapshot.js';
import { previewAllowed } from './versions.js';
import type { WorkingTree } from './working-tree.js';
import { purgeKeys } from './surrogate-keys.js';
import { Admission } from './admission.js';
import { Background } from './background.js';
import { HeapWatch } from './heap-watch.js';
import { isPublished } from './whole-site.js';
import { isWorkStop } from '../work-context.js';

export type { Located } from './locate.js';
export type { ResolvedVersion, Snapshot } from './snapshot.js';

/** Fetches that unknown branch or commit names may cause per minute, in all. */
const MISS_FETCHES_PER_MINUTE = 20;

/**
 * The documentation site: one repository, the current snapshot of its refs, and the caches of
 * what was derived from its commits.
 */
export class Site {
  private current: Snapshot;
  private readonly pages: PageRenderer;
  private refetch?: () => Promise<Snapshot | undefined>;
  private missFetch?: Promise<Snapshot | undefined>;
  /** Names that caused a fetch in the last 30 s, and when the last minute's fetches were: the rate limits. */
  private readonly missFetches = new LRUCache<string, true>({ max: 10_000, ttl: 30_000 });
  private recentMissFetches: number[] = [];
  readonly caches: Caches;
  /** Whole responses by ETag (undefined when PAGE_CACHE=off). */
  readonly pageCache: PageCache | undefined;
  /** The search index of every commit searched, within the cache budget. */
  private readonly searchIndexes: SearchIndexes;
  /** The render threads: pages, the link report's reading of pages, and rendered diffs. */
  private readonly pool: RenderPool;
  /** How full the heap is (decision 030). */
  readonly heap = new HeapWatch();
  /** Who may start work on refs a client chose, and how much may be under way (decision 030). */
  readonly admission: Admission;
  /** The site's own whole-site work: indexes and link reports of published versions, one at a time. */
  readonly background = new Background(16);

  private constructor(
    private currentRepository: Repository,
    private readonly config: ServerConfig,
    snapshot: Snapshot,
    private readonly fixedNow: Date | undefined,
    private readonly log: Logger,
    /** Where front matter is kept for the next start (front-matter-file.ts); undefined: nowhere. */
    private readonly frontMatterFile?: string,
    /** Front matter the previous run saved, taken out as doc sets use it. */
    private readonly storedFrontMatter = new Map<string, ReadFrontMatter>(),
  ) {
    this.current = snapshot;
    this.caches = new Caches(cacheBudgetBytes(config.cacheMb));
    this.admission = new Admission(config.limits, (config.limits.workMb ?? (this.heap.limitBytes * 0.25) / 2 ** 20) * 2 ** 20, this.heap);
    this.searchIndexes = new SearchIndexes(
      this.caches.search,
      undefined,
      // A build stopped because its clients left is not a failure.
      (error) => isWorkStop(error) || this.log.error({ err: error }, 'search index build failed'),
      // A published version's index is the site's own work: built in the background queue, once.
      (commit, build) => (isPublished(this.current, commit) ? this.background.run(`search-index:${commit}`, build) : build()),
    );
    this.pageCache = config.pageCache ? new PageCache(this.caches.pages) : undefined;
    this.pool = new RenderPool({
      threads: config.renderThreads,
      timeoutMs: config.renderTimeoutMs,
      workerFile: renderWorkerFile(),
      components: SITE_COMPONENTS,
      heapMb: renderThreadHeapMb(config.memoryMb),
    });
    // Through the getter: a re-clone swaps the repository, and the renderer must follow it.
    this.pages = new PageRenderer(
      (oid) => this.repository.readBlob(oid),
      this.caches.rendered,
      this.pool,
      (msg, problem) => this.log.warn(problem, msg),
    );
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

  /**
   * Opens the configured repository (clone, local path or embedded content), takes a first
   * snapshot and loads its default commit, so a broken site configuration stops start-up with a
   * clear error instead of failing every request. With `codeVersion` (the running build's), the
   * front matter read is kept in DATA_DIR/cache for the next start of the same build.
   */
  static async open(config: ServerConfig, log: Logger = createLogger(), opts: { codeVersion?: string } = {}): Promise<Site> {
    const { repository, fetchError, workingTree } = await openRepository(config);
    const refs = await readRefs(repository, config.contentRef);
    const file = opts.codeVersion ? frontMatterFile(path.join(config.dataDir, 'cache'), opts.codeVersion) : undefined;
    const stored = file ? readFrontMatterFile(file) : new Map<string, ReadFrontMatter>();
    let readFresh = false;
    const docSet = await loadDocSet(repository, refs.defaultCommit, { get: (key) => stored.get(key), set: () => void (readFresh = true) });
    const snapshot = buildSnapshot(refs, docSet.config, config);
    const site = new Site(repository, config, snapshot, config.now ? new Date(`${config.now}T12:00:00Z`) : undefined, log, file, stored);
    site.caches.docSets.set(docSet.commit, docSet);
    for (const doc of docSet.docs) site.keepFrontMatter(frontMatterKey(doc.blobOid, doc.sourcePath), { data: doc.frontMatter, error: doc.error });
    if (readFresh) site.saveFrontMatterSoon();
    site.workingTree = workingTree;
    if (fetchError) site.startupSyncError = { message: fetchError.message, at: new Date() };
    return site;
  }

  /**
   * Why the start-up fetch of an existing clone failed (the clone is served as it was); Sync
   * reports it as the first failed sync, so /readyz is honest before the first poll.
   */
  startupSyncError: { message: string; at: Date } | undefined;

  /** The author's folder `docsite preview` serves, uncommitted changes included (WATCH_CONTENT=on). */
  workingTree: WorkingTree | undefined;

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
    this.pageCache?.retain(new Set(this.current.servedTips));
    this.updateSearchIndexes(this.current);
    return this.current;
  }

  /**
   * Starts updating, in the background, the search index of every ref that has one and moved, so
   * the first search after a push finds its words at once. Never throws: a failure is logged and
   * the next search tries again.
   */
  private updateSearchIndexes(snapshot: Snapshot): void {
    for (const ref of this.searchIndexes.refs()) {
      if (ref.startsWith('@')) continue;
      const selector: Selector = ref.startsWith('~') ? { kind: 'branch', name: ref.slice(1) } : { kind: 'version-name', name: ref.slice('version:'.length) };
      locate(snapshot, selector, () => this.reachable(snapshot))
        .then(async (located) => this.searchIndex(snapshot, located, await this.docSet(located.commit), 0))
        .catch((error) => this.log.debug({ err: error, ref }, 'search index not updated after sync'));
    }
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
   * The commit a URL's selector names in a snapshot (a version, a preview branch or tag the pattern
   * allows, or a commit reachable from one of those); a 404 HttpError when it names nothing.
   */
  async locate(snapshot: Snapshot, selector: Selector): Promise<Located> {
    const reachable = (of: Snapshot) => this.reachable(of);
    try {
      return await locate(snapshot, selector, reachable);
    } catch (error) {
      if (!isHttpError(error) || error.status !== 404) throw error;
      // A branch pushed a second ago, or a commit of it: fetch once (or wait for the fetch another
      // request started), then look again in the newest snapshot.
      await this.fetchForMiss(snapshot, selector);
      if (this.current === snapshot) throw error;
      return locate(this.current, selector, reachable);
    }
  }

  /**
   * Sets how to fetch the remote when a URL names a branch or commit the snapshot does not know
   * (the sync's shared, coalesced refresh). Without it a miss is simply a 404.
   */
  onUnknownRef(fetch: () => Promise<Snapshot | undefined>): void {
    this.refetch = fetch;
  }

  /**
   * Fetches for a URL that named an unknown preview branch or commit, at most once per name every
   * 30 s and MISS_FETCHES_PER_MINUTE times a minute in all, so unknown names cannot make the server
   * hammer the remote; concurrent fetches share one (the sync coalesces them).
   */
  private async fetchForMiss(snapshot: Snapshot, selector: Selector): Promise<void> {
    if (!this.refetch || !this.repository.url) return;
    if (selector.kind !== 'branch' && selector.kind !== 'commit') return;
    if (selector.kind === 'branch' && !previewAllowed(snapshot.previewBranches, selector.name)) return;
    const name = selector.kind === 'branch' ? `~${selector.name}` : `@${selector.oid}`;
    const now = Date.now();
    this.recentMissFetches = this.recentMissFetches.filter((at) => now - at < 60_000);
    if (this.missFetches.has(name) || this.recentMissFetches.length >= MISS_FETCHES_PER_MINUTE) {
      // Rate-limited: the fetch a moment ago (maybe by this page's other loader) is the answer.
      await this.missFetch;
      return;
    }
    this.missFetches.set(name, true);
    this.recentMissFetches.push(now);
    this.missFetch = this.refetch();
    await this.missFetch;
  }

  /** The cache keys whose responses a refresh from `before` to `after` made stale (surrogate-keys.ts). */
  purgeKeys(before: Snapshot, after: Snapshot): Promise<string[]> {
    return purgeKeys({ repository: this.repository, docSet: (commit) => this.docSet(commit) }, before, after);
  }

  /** The doc model of a commit, built once and cached by commit id. */
  docSet(commit: string): Promise<DocSet> {
    return this.caches.docSets.fetch(commit, () => loadDocSet(this.repository, commit, this.frontMatters)) as Promise<DocSet>;
  }

  /**
   * Every page's front matter read so far, by blob and path, in the derived cache (else from the
   * previous run's file): the doc set of a pushed commit, a new branch or a restart reads only the
   * pages that differ (a push used to re-read all 742 pages of the corpus).
   */
  private readonly frontMatters: FrontMatterCache = {
    get: (key) => {
      const kept = this.caches.derived.get(`front-matter:${key}`)?.value as ReadFrontMatter | undefined;
      if (kept) return kept;
      const stored = this.storedFrontMatter.get(key);
      if (stored) {
        this.storedFrontMatter.delete(key);
        this.keepFrontMatter(key, stored);
      }
      return stored;
    },
    set: (key, value) => {
      this.keepFrontMatter(key, value);
      this.saveFrontMatterSoon();
    },
  };

  /** What is worked out of one file's content (sidebars and `_category_` files), by blob, in the derived cache. */
  private readonly blobMemo: BlobMemo = (blobOid, name, compute, bytes) => this.caches.derive(blobOid, name, compute, bytes);

  /** Keeps a page's front matter in the derived cache. */
  private keepFrontMatter(key: string, value: ReadFrontMatter): void {
    this.caches.derived.set(`front-matter:${key}`, { value, bytes: 300 + JSON.stringify(value.data).length * 2 });
  }

  private saveTimer: NodeJS.Timeout | undefined;

  /**
   * Saves, a second after the last page read (its doc set is cached by then), the front matter of
   * every cached doc set, for the next start. A failed write is logged and costs only that start's speed.
   */
  private saveFrontMatterSoon(): void {
    if (!this.frontMatterFile) return;
    clearTimeout(this.saveTimer);
    this.saveTimer = setTimeout(() => void this.saveFrontMatter(), 1000);
    this.saveTimer.unref();
  }

  /** Writes the front matter file now (see saveFrontMatterSoon); never rejects. */
  private async saveFrontMatter(): Promise<void> {
    const file = this.frontMatterFile;
    this.saveTimer = undefined;
    if (!file) return;
    const entries = new Map<string, ReadFrontMatter>();
    for (const docSet of this.caches.docSets.lru.values() as Iterable<DocSet>) {
      for (const doc of docSet.docs) entries.set(frontMatterKey(doc.blobOid, doc.sourcePath), { data: doc.frontMatter, error: doc.error });
    }
    await writeFrontMatterFile(file, entries).catch((error) => this.log.warn({ err: error, file }, 'could not save front matter for the next start'));
  }

  /**
   * Saves now what was due to be saved for the next start (the front matter file), so that a
   * server stopped right after it started does not read every page again on the next start.
   */
  async flush(): Promise<void> {
    if (!this.saveTimer) return;
    clearTimeout(this.saveTimer);
    await this.saveFrontMatter();
  }

  /** The sidebars of a commit for today (the release archive moves with the date). */
  sidebars(docSet: DocSet): Promise<SiteSidebars> {
    return this.caches.derive(
      docSet.commit,
      `sidebars:${this.day()}`,
      async () => {
        const presetData = await this.presetData(docSet);
        const sidebars = await buildSidebars(this.repository, docSet, this.now(), sidebarGenerators(presetData), this.blobMemo);
        // A generator fed by a broken data file: say so where the sidebar's problems are shown.
        return { ...sidebars, problems: [...sidebars.problems, ...problemsFor(presetData, { generators: sidebars.generatorsUsed })] };
      },
      sidebarsBytes,
    );
  }

  /** Every tag of a commit. */
  tags(docSet: DocSet): Promise<ReadonlyMap<string, Tag>> {
    return this.caches.derive(
      docSet.commit,
      'tags',
      async () => tagsOf(docSet),
      (tags) => 200 + [...tags.values()].reduce((n, tag) => n + 100 + tag.docs.length * 16, 0),
    );
  }

  /**
   * When each file of a commit's docs folder last changed, and by whom. The embedded content is
   * committed at start-up, so its own history would only say when the server started: its dates
   * come from the history of the checkout it sits in (this project's repository), for the files
   * that are exactly as committed there; an edited file, or no checkout (a container image), has none.
   */
  lastUpdated(docSet: DocSet): Promise<Map<string, LastUpdate>> {
    const bytes = (updates: Map<string, LastUpdate>) => 200 + updates.size * 200;
    if (this.config.contentRepo) return this.caches.derive(docSet.commit, 'last-updated', () => lastUpdates(this.repository, docSet.commit, docSet.location.path), bytes);
    return this.caches.derive(docSet.commit, 'last-updated', () => this.embeddedLastUpdates(docSet), bytes);
  }

  /** The embedded content's last updates, read from the enclosing checkout's history (its HEAD read again for each commit served). */
  private async embeddedLastUpdates(docSet: DocSet): Promise<Map<string, LastUpdate>> {
    const checkout = await enclosingCheckout(this.config.contentDir);
    if (!checkout) return new Map();
    // A shallow clone's history stops at a commit whose parent is missing: then no date at all, rather than a wrong one.
    // (Work stopped because its client left is not "no history": it is not kept.)
    return this.projectLastUpdates(checkout, docSet).catch((error) => (isWorkStop(error) ? Promise.reject(error) : new Map()));
  }

  /** The files of `docSet` that are as the checkout's HEAD has them, with their last change there. */
  private async projectLastUpdates(checkout: EnclosingCheckout, docSet: DocSet): Promise<Map<string, LastUpdate>> {
    const inCheckout = (servedPath: string) => (checkout.folder ? `${checkout.folder}/${servedPath}` : servedPath);
    const project = await this.caches.derive(
      checkout.head,
      `project-last-updated:${inCheckout(docSet.location.path)}`,
      () => lastUpdates(checkout.repository, checkout.head, inCheckout(docSet.location.path)),
      (updates) => 200 + updates.size * 200,
    );
    const updates = new Map<string, LastUpdate>();
    for (const [servedPath, entry] of docSet.tree) {
      const update = project.get(inCheckout(servedPath));
      if (update?.oid === entry.oid) updates.set(servedPath, update);
    }
    return updates;
  }

  /**
   * A doc of a commit rendered to HTML for a ref's URL prefix, cached by blob, renderer version and
   * link context; its banner is computed for `now()` on every call.
   */
  async renderDoc(doc: Doc, docSet: DocSet, opts: Pick<Partial<RenderOptions>, 'prefix' | 'docCards'> = {}): Promise<PageView & { problems: Problem[] }> {
    const now = this.now();
    const presetData = await this.presetData(docSet);
    const banner = pageBanner({ frontMatter: doc.frontMatter, sourcePath: doc.sourcePath, editUrl: docSet.config.editUrl }, presetData, now);
    const page = await this.pages.render(doc, docSet, {
      prefix: opts.prefix ?? `/${docSet.location.base}`,
      now,
      docCards: opts.docCards,
      banner,
      table: await this.linkTable(docSet),
    });
    return { ...page, problems: [...(doc.error ? [doc.error] : []), ...problemsFor(presetData, { components: page.components, banner: banner.length > 0 })] };
  }

  /**
   * A doc's links and anchors, read in a render thread once per blob and kept in the derived cache.
   * A page the budget stopped has no links (its error says why).
   */
  docLinks(doc: Doc): Promise<PageLinks> {
    return this.caches.derive(
      doc.blobOid,
      'page-links',
      async () => {
        const source = new TextDecoder().decode(await this.repository.readBlob(doc.blobOid));
        return (
          this.pool
            .call('links', { source, file: doc.sourcePath }, (task) => pageLinks(task.source, task.file))
            // A page over the render budget has no links; work stopped because its client left is not kept at all.
            .catch((error: Error) => (isWorkStop(error) ? Promise.reject(error) : { links: [], ids: [], error: error.message }))
        );
      },
      pageLinksBytes,
    );
  }

  /**
   * Two rendered pages compared (server/review/html-diff.ts) on a render thread, under the render
   * time budget: a diff past it is a RenderBudgetError, like a page.
   */
  diffRendered(oldHtml: string, newHtml: string): Promise<HtmlDiff> {
    return this.pool.call('diff', { oldHtml, newHtml }, ({ oldHtml: before, newHtml: after }) => diffHtml(before, after));
  }

  /**
   * Renders the default version's first page once on every render thread in turn, so that no reader
   * (nor a push's first page, on a replica that a cache in front kept idle) pays for a thread's first
   * run. Answers that page's URL path, for a request that warms the rest of the way (the shell);
   * rejects when the page fails to render (RenderPool.warmUp stops there).
   */
  async warmUp(): Promise<string | undefined> {
    const docSet = await this.docSet(this.current.defaultCommit);
    const doc = docSet.docs.find((candidate) => !candidate.error);
    if (!doc) return undefined;
    const table = await this.linkTable(docSet);
    await this.pages.warmUp(doc, docSet, { prefix: `/${docSet.location.base}`, now: this.now(), table });
    return doc.permalink;
  }

  /** Starts the render threads now, so that no reader's first page waits for them to load (RenderPool.start). */
  startRenderThreads(): void {
    this.pool.start();
  }

  /**
   * The presets' data files of a commit (releases, projects...), read once for every commit that
   * has the same files (a push rarely changes them), with their problems.
   */
  presetData(docSet: DocSet): Promise<PresetData> {
    const read = (file: string) => readTreeFile((oid) => this.repository.readBlob(oid), docSet.tree, file);
    const blobs = PRESET_DATA_FILES.map((file) => docSet.tree.get(file)?.oid ?? '-').join(',');
    return this.caches.derive(
      blobs,
      'preset-data',
      () => loadPresetData(read),
      (data) => 1000 + JSON.stringify(data.data).length * 2,
    );
  }

  /** What every page of a commit links against, sent to the render workers. */
  private linkTable(docSet: DocSet): Promise<LinkTable> {
    return this.caches.derive(docSet.commit, 'link-table', async () => linkTableOf(docSet, (await this.presetData(docSet)).data), linkTableBytes);
  }

  /** Every problem a content author should fix at a commit: front matter, sidebars, `_category_` and data files. */
  async problems(docSet: DocSet): Promise<Problem[]> {
    const [sidebars, data] = await Promise.all([this.sidebars(docSet), this.presetData(docSet)]);
    return [...docSet.docs.flatMap((doc) => (doc.error ? [doc.error] : [])), ...sidebars.problems, ...dataProblems(data)];
  }

  /**
   * The search index of the commit a URL located, built in the background on its first search;
   * meanwhile the ref's last indexed commit answers (`stale`), or the answer says it is building.
   * `waitMs` bounds the wait for a build (the 404 page's suggestions wait for none).
   */
  searchIndex(snapshot: Snapshot, located: Located, docSet: DocSet, waitMs?: number): Promise<IndexAnswer> {
    const ref = located.kind === 'version' ? `version:${located.version!.name}` : located.kind === 'branch' ? `~${located.branch}` : `@${located.commit}`;
    const seed = snapshot.versions.find((version) => version.isLast)?.commit;
    return this.searchIndexes.lookup(ref, this.searchSource(docSet), new Set(snapshot.servedTips), seed, waitMs);
  }

  /**
   * What the search index of a commit is made of: its listed pages (unlisted ones are served but
   * not found, as on a Docusaurus site), each read from its rendered HTML (cached by blob), so the
   * index holds the text readers see.
   */
  searchSource(docSet: DocSet): IndexSource {
    const keyOf = (doc: Doc) => `${doc.blobOid}:${doc.permalink}:${RENDERER_VERSION}`;
    const load = async (docId: string): Promise<PageInput> => {
      const doc = docSet.byId.get(docId)!;
      const page = await this.renderDoc(doc, docSet);
      const keywords = Array.isArray(doc.frontMatter.keywords) ? doc.frontMatter.keywords.map(String) : [];
      return {
        docId,
        key: keyOf(doc),
        title: doc.title,
        path: doc.permalink.split(/[/_-]+/).join(' '),
        meta: [doc.description ?? '', ...keywords, ...doc.tags].join(' '),
        sections: sectionsFromHtml(page.html),
      };
    };
    return { commit: docSet.commit, pages: docSet.docs.filter((doc) => !doc.unlisted).map((doc) => ({ docId: doc.id, key: keyOf(doc) })), load };
  }

  /** A commit's search index when it is ready (or known too big), without starting a build. */
  readySearchIndex(commit: string): IndexAnswer | undefined {
    return this.searchIndexes.ready(commit);
  }

  /** Render tasks queued and running per lane, for /metrics. */
  renderCounts(): ReturnType<RenderPool['counts']> {
    return this.pool.counts();
  }

  /** The last index build's figures (for the benchmark). */
  lastSearchBuild(): SearchIndexes['lastBuild'] {
    return this.searchIndexes.lastBuild;
  }

  /** What each cache holds and how it is used, for /metrics and benchmarks. */
  cacheStats(): CacheStats[] {
    return [this.caches.docSets.stats(), this.caches.rendered.stats(), this.caches.derived.stats(), this.caches.pages.stats(), this.caches.search.stats()];
  }
}

/** The render worker: build/render-worker.js beside the built server, or the source file under tsx and vitest. */
function renderWorkerFile(): string {
  const here = fileURLToPath(import.meta.url);
  return here.endsWith('.ts') ? path.join(path.dirname(here), 'render-worker.ts') : path.join(path.dirname(here), 'render-worker.js');
}

/** Rough bytes of a commit's sidebars, for the cache budget. */
function sidebarsBytes(sidebars: SiteSidebars): number {
  let items = 0;
  const count = (list: readonly { type: string; items?: unknown }[]) => {
    for (const item of list) {
      items++;
      if (Array.isArray(item.items)) count(item.items);
    }
  };
  for (const sidebar of sidebars.sidebars) count(sidebar.items);
  return 1000 + items * 250 + sidebars.groupOf.size * 80;
}
