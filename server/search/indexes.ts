// The search indexes of the site's commits (docs/decisions/012-search.md). A commit's index is
// built on its first search, in the background; it is kept in a byte-bounded cache keyed by
// commit. A ref that moves (a push) gets its new index from the last one it had: the pages are
// compared by key (their blob oid, permalink and renderer version) and only the pages that differ
// are rendered and re-indexed. Until a commit's index is ready, a search answers from the ref's
// last indexed commit and says so; it never waits for more than a bounded time. The indexes of
// published versions are also kept on disk (index-store.ts), with each ref's last commit, so a
// restart answers from them at once and updates them from there.
import { shareTheLoop } from '../main-thread.js';
import { mapLimited } from '../map-limited.js';
import { currentWork, isWorkStop } from '../work-context.js';
import type { SearchIndex, PageInput } from './engine.js';
import type { Segment } from './segment.js';
import { IndexStore } from './index-store.js';
import { keepWorkStops, PartialBuilds } from './partial-builds.js';

/** What the index cache must offer (server/site/caches/caches.ts's CountedCache). */
export interface IndexCache {
  get(key: string): SearchIndex | undefined;
  set(key: string, index: SearchIndex): void;
  delete(key: string): void;
  count(hit: boolean): void;
}

/** The pages of one commit to index, and how to read one. */
export interface IndexSource {
  commit: string;
  /** Every page to index (listed pages only), with its key. */
  pages: readonly { docId: string; key: string }[];
  /** Renders one page into what the index takes. */
  load(docId: string): Promise<PageInput>;
  /** Packs pages into a segment on another thread (the render pool), if it can. */
  segment?(pages: PageInput[]): Promise<Segment>;
  /**
   * What is known of a page without rendering it (title, path, description, keywords; no text):
   * a first build indexes every page's outline at once, so its titles are found from the start.
   */
  outline?(docId: string): PageInput;
}

/** The index a search reads: the commit's own, or the ref's last one while the commit's builds. */
export type IndexAnswer =
  /** `partial`: a first build under way, searched as far as it has gone (how many of its pages). */
  | { status: 'ready'; index: SearchIndex; commit: string; stale: boolean; partial?: { pages: number; of: number; outlines: boolean } }
  | { status: 'building'; commit: string }
  /** The commit's index is bigger than the cache can keep: it was used once and dropped; rebuilding it for every search would cost more than it answers. */
  | { status: 'too-big'; commit: string; bytes: number };

/** How long a search waits for a build before answering from an older index (or saying it is building). */
export interface WaitTimes {
  /** With an older index of the ref to answer from: an incremental update usually lands in this time. */
  withFallback: number;
  /** With nothing to answer from (the first search of a ref). */
  withoutFallback: number;
  /** The most a search waits for a first build to end when its first parts could answer (a small site's build ends within it). */
  withPartial?: number;
}

/** How builds run: at once, or queued (the site's background queue), and a queued one started early. */
export interface Scheduler {
  run(commit: string, build: () => Promise<SearchIndex>): Promise<SearchIndex>;
  /** Starts a queued build now, for a reader waiting on it. */
  hurry?(commit: string): void;
}

/** Where indexes are kept on disk, and which of them (by commit key: a published version's). */
export interface IndexDisk {
  store: IndexStore;
  keep(commit: string): boolean;
  /** Says that a kept index was built or read back (with how long it took). */
  log(message: string, fields: { commit: string; ms: number }): void;
  /** Says that an index could not be kept (it is built again after a restart). */
  failed(error: unknown): void;
}

/** Pages rendered at once while updating an index: one, so the render pool always has a thread free for readers' pages. */
const CONCURRENCY = 1;
/** The indexes of every commit searched so far, within the cache's budget. */
export class SearchIndexes {
  private readonly building = new Map<string, Promise<SearchIndex>>();
  /** First builds under way, searched as far as they have gone. */
  private readonly partial = new PartialBuilds();
  /** The last commit each ref had an index for: where its next index starts from, and what a search answers from meanwhile. */
  private readonly lastOfRef: Map<string, string>;
  /** The refs whose last index is on disk, and its commit (saved beside the indexes). */
  private readonly persisted: Map<string, string>;
  /** Indexes being read from disk, by commit. */
  private readonly reading = new Map<string, Promise<SearchIndex | undefined>>();
  /** Disk writes, one after the other. */
  private writing: Promise<unknown> = Promise.resolve();
  /** Commits whose index the cache could not keep (bigger than its budget), with the index's bytes. */
  private readonly tooBig = new Map<string, number>();
  /** How long the last build took in all and to change the index (after reading its pages; wall and CPU time), and whether it was incremental: for the benchmark. */
  lastBuild: { commit: string; ms: number; applyMs: number; applyCpuMs: number; changed: number; incremental: boolean } | undefined;

  constructor(
    private readonly cache: IndexCache,
    // Without a fallback, a reader waits for the build rather than get a 503: after a first start
    // (an empty DATA_DIR, or a new build) a published version's index has been building since
    // start, and the upstream site's 742-page version takes about 7 s on two idle render threads.
    private readonly wait: WaitTimes = { withFallback: 1000, withoutFallback: 60_000 },
    private readonly onError: (error: unknown) => void = () => {},
    /** Runs a commit's build: the site queues its published versions' builds in the background (decision 030). */
    private readonly schedule: Scheduler = { run: (_commit, build) => build() },
    private readonly disk?: IndexDisk,
  ) {
    this.persisted = disk?.store.readRefs() ?? new Map();
    this.lastOfRef = new Map(this.persisted);
  }

  /** A commit's index when it is ready (or known to be too big to keep), without starting a build. */
  ready(commit: string): IndexAnswer | undefined {
    const index = this.cache.get(commit);
    if (index) return { status: 'ready', index, commit, stale: false };
    const bytes = this.tooBig.get(commit);
    return bytes === undefined ? undefined : { status: 'too-big', commit, bytes };
  }

  /**
   * The index to answer a search of `ref` (a version, `~branch` or `@commit`) at `source.commit`.
   * `live` holds the commits served refs point at now: an index one of them still needs is
   * copied, never moved to another commit. `seed` is a commit whose index a new ref may start
   * from (the default version's), so a preview branch indexes only what it changed. `waitMs`
   * overrides how long to wait for a build.
   */
  async lookup(ref: string, source: IndexSource, live: ReadonlySet<string>, seed?: string, waitMs?: number): Promise<IndexAnswer> {
    const { commit } = source;
    const ready = this.cache.get(commit) ?? (await this.stored(commit));
    this.cache.count(!!ready);
    if (ready) {
      this.lastOfRef.set(ref, commit);
      return { status: 'ready', index: ready, commit, stale: false };
    }
    const bytes = this.tooBig.get(commit);
    if (bytes !== undefined) return { status: 'too-big', commit, bytes };
    const previous = this.lastOfRef.get(ref);
    const fallback = previous && previous !== commit ? await this.stored(previous) : undefined;
    // A first build's parts answer as they come: a search waits a few seconds for the whole (a
    // small site's build ends by then), then for its first part at most, not for the whole.
    const ms = waitMs ?? (fallback ? this.wait.withFallback : this.wait.withoutFallback);
    const whole = Math.min(ms, this.wait.withPartial ?? 5000);
    let index = await this.waitForBuild(ref, source, live, seed, whole, false);
    if (!index && !fallback && ms > whole && !this.partial.has(commit)) index = await this.waitForBuild(ref, source, live, seed, ms - whole, true);
    if (index) return { status: 'ready', index, commit, stale: false };
    if (fallback) return { status: 'ready', index: fallback, commit: previous!, stale: true };
    return this.partial.answer(commit) ?? { status: 'building', commit };
  }

  /**
   * Waits up to `ms` for the build of `source.commit` (started if none is under way). A build that
   * stopped because the job that started it was abandoned is started again for a caller still waiting.
   */
  private async waitForBuild(
    ref: string,
    source: IndexSource,
    live: ReadonlySet<string>,
    seed: string | undefined,
    ms: number,
    untilPart: boolean,
  ): Promise<SearchIndex | undefined> {
    for (;;) {
      const under = this.building.get(source.commit);
      const build = under ?? this.start(ref, source, live, seed);
      // A reader with nothing else to answer from waits for this build: not behind other versions' too.
      if (ms > this.wait.withFallback) this.schedule.hurry?.(source.commit);
      try {
        return await within(untilPart ? Promise.race([build, this.partial.nextPart(source.commit)]) : build, ms);
      } catch (error) {
        if (!under || !isWorkStop(error) || currentWork().signal?.aborted) throw error;
      }
    }
  }

  /** The refs that have an index (`version:5.0`, `~branch`, `@commit`): after a sync, the ones to bring up to date. */
  refs(): string[] {
    return [...this.lastOfRef.keys()];
  }

  /** Starts building a commit's index (from the ref's last index, or the seed's, when there is one). */
  private start(ref: string, source: IndexSource, live: ReadonlySet<string>, seed?: string): Promise<SearchIndex> {
    const started = performance.now();
    const build = this.schedule
      .run(source.commit, () => this.build(ref, source, live, seed))
      .then((index) => {
        this.cache.set(source.commit, index);
        if (this.cache.get(source.commit)) this.lastOfRef.set(ref, source.commit);
        else if (this.tooBig.size < 1000) this.tooBig.set(source.commit, index.bytes());
        if (this.disk?.keep(source.commit)) {
          this.disk.log('search index built', { commit: source.commit, ms: Math.round(performance.now() - started) });
          this.persist(ref, source.commit, index);
        }
        return index;
      })
      .finally(() => {
        this.building.delete(source.commit);
        this.partial.ended(source.commit);
      });
    // A failed build is logged here; a search waiting on it gets the error too.
    build.catch(this.onError);
    this.building.set(source.commit, build);
    return build;
  }

  /** A commit's index from memory, or read back from disk (a published version's, kept by an earlier build or run). */
  private async stored(commit: string): Promise<SearchIndex | undefined> {
    const index = this.cache.get(commit);
    if (index || !this.disk) return index;
    let reading = this.reading.get(commit);
    if (!reading) {
      const started = performance.now();
      reading = this.disk.store.read(commit).finally(() => this.reading.delete(commit));
      this.reading.set(commit, reading);
      reading.then((read) => read && this.disk?.log('search index read from disk', { commit, ms: Math.round(performance.now() - started) }));
    }
    const read = await reading;
    if (read && !this.cache.get(commit)) this.cache.set(commit, read);
    return this.cache.get(commit) ?? read;
  }

  /** Keeps a ref's new index on disk, with the refs' commits, and removes the indexes no ref needs any more; a failure is logged, nothing else. */
  private persist(ref: string, commit: string, index: SearchIndex): void {
    const store = this.disk!.store;
    const parts = IndexStore.encode(commit, index);
    this.persisted.set(ref, commit);
    const refs = new Map(this.persisted);
    this.writing = this.writing
      .then(async () => {
        await store.write(commit, parts);
        await store.writeRefs(refs);
        await store.retain(refs.values());
      })
      .catch((error) => this.disk?.failed(error));
  }

  /** Builds or updates an index for `source`: only the pages whose key differs from the base's are rendered. */
  private async build(ref: string, source: IndexSource, live: ReadonlySet<string>, seed?: string): Promise<SearchIndex> {
    const started = performance.now();
    let base: SearchIndex | undefined;
    let baseCommit: string | undefined;
    for (const candidate of [this.lastOfRef.get(ref), seed]) {
      base = candidate && candidate !== source.commit ? await this.stored(candidate) : undefined;
      if (base) {
        baseCommit = candidate;
        break;
      }
    }
    if (!base) {
      const first = await this.partial.build(source);
      this.lastBuild = { commit: source.commit, ms: performance.now() - started, ...first.applied, changed: source.pages.length, incremental: false };
      return first.index;
    }
    const wanted = new Set(source.pages.map((page) => page.docId));
    const changed = source.pages.filter((page) => base?.keyOf(page.docId) !== page.key);
    // Read every changed page first, then change the index in one synchronous step (after a copy,
    // made a few pages at a time), so a search answered from the base meanwhile never sees half an update.
    const inputs = await mapLimited(changed, CONCURRENCY, (page) => source.load(page.docId));
    // Packed on a render thread when there is one; past its time budget, here, between readers' requests.
    const segment = inputs.length && source.segment ? await source.segment(inputs).catch(keepWorkStops) : undefined;
    const applying = performance.now();
    const applyingCpu = process.cpuUsage();
    // A commit no served ref points at any more (the ref moved on) gives its index away.
    let index = live.has(baseCommit!) ? await base.copy() : base;
    if (index === base) this.cache.delete(baseCommit!);
    for (const docId of index.docIds()) if (!wanted.has(docId)) index.removePage(docId);
    // A new index or a copy is seen by no search yet: it is filled between readers' requests, so a
    // whole site's pages do not hold the event loop (main-thread.ts).
    const seen = index === base;
    if (segment) index.addSegment(segment);
    else {
      for (const input of inputs) {
        index.addPage(input);
        if (!seen) await shareTheLoop();
      }
    }
    // Packed now, not on the first search; an index that pushes left in many pieces is made whole again.
    index.pack();
    if (index.fragmented()) index = await index.merged();
    const now = performance.now();
    const cpu = process.cpuUsage(applyingCpu);
    this.lastBuild = { commit: source.commit, ms: now - started, applyMs: now - applying, applyCpuMs: (cpu.user + cpu.system) / 1000, changed: changed.length, incremental: true };
    return index;
  }
}

/** The promise's value if it settles within `ms` (any time, for an infinite `ms`), else undefined (it goes on in the background). */
async function within<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  if (!Number.isFinite(ms)) return promise;
  let timer: Parameters<typeof clearTimeout>[0];
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
