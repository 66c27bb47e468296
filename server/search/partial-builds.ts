// First search indexes (nothing to start from: a first start, a new build) built a part at a time,
// each part searchable once added, so a search right after a first start answers from what is
// indexed so far and says how far that is, instead of a 503 (issue 55). The site's own first builds
// take every render thread (work-context.ts's `allThreads`): every search of them waits.
import { mapLimited } from '../map-limited.js';
import { currentWork, isWorkStop, runAs } from '../work-context.js';
import { SearchIndex, type PageInput } from './engine.js';
import type { IndexAnswer, IndexSource } from './indexes.js';

/**
 * Pages read at once for a first index: one more than the default's two render threads, so neither
 * waits while the main thread reads a page's files. A reader's page still goes first in the render
 * queue (decision 030), behind one page in progress.
 */
const CONCURRENCY = 3;
/** A first index is built in this many parts at most (engine.ts merges an index of more segments). */
const PARTS = 8;
/** The pages of the first part: the first answer comes early; each part after it is twice the one before. */
const FIRST_PART_PAGES = 40;

/** A first build's index as far as it has gone. */
export interface PartialIndex {
  index: SearchIndex;
  /** Pages whose text is indexed so far, of `of`. */
  pages: number;
  of: number;
  /** True when every page's outline (title, path, description) is indexed already. */
  outlines: boolean;
}

/** First builds under way, by commit. */
export class PartialBuilds {
  private readonly partial = new Map<string, PartialIndex>();
  /** Searches waiting for a build's next part (or its end), by commit. */
  private readonly waiters = new Map<string, () => void>();

  /** A search's answer from a first build under way: `partial` until every page's text is in (then it is merging its parts). */
  answer(commit: string): IndexAnswer | undefined {
    const part = this.partial.get(commit);
    if (!part) return undefined;
    const partial = part.pages < part.of ? { pages: part.pages, of: part.of, outlines: part.outlines } : undefined;
    return { status: 'ready', index: part.index, commit, stale: false, ...(partial && { partial }) };
  }

  /** True when a first build of `commit` has a part to answer from. */
  has(commit: string): boolean {
    return this.partial.has(commit);
  }

  /** Resolves (with nothing) when a first build of `commit` adds a part that is not its last (race it with the build). */
  nextPart(commit: string): Promise<undefined> {
    return new Promise((resolve) => {
      const before = this.waiters.get(commit);
      this.waiters.set(commit, () => {
        before?.();
        resolve(undefined);
      });
    });
  }

  /** A build of `commit` ended (done or failed): its parts are no longer answered from; its waiters have the build itself. */
  ended(commit: string): void {
    this.partial.delete(commit);
    this.waiters.delete(commit);
  }

  /**
   * Builds a first index of `source`, a part at a time, each answered from once added; with the
   * time spent changing the index. Pages are read without a pause between parts: a part is packed
   * (on a render thread) while the next part's pages are read.
   */
  async build(source: IndexSource): Promise<{ index: SearchIndex; applied: { applyMs: number; applyCpuMs: number } }> {
    const index = new SearchIndex();
    const work = currentWork();
    const reading = { ...work, allThreads: work.lane === 'site' };
    const applied = { applyMs: 0, applyCpuMs: 0 };
    const read: PageInput[] = [];
    // Every page's outline first (no render: its title, path and description), found at once; each part replaces its pages' outlines with their text.
    const full = { pages: 0 };
    if (source.outline) {
      for (const page of source.pages) index.addPage(source.outline(page.docId));
      index.pack();
      this.partial.set(source.commit, { index, pages: 0, of: source.pages.length, outlines: true });
      this.wake(source.commit);
    }
    // 40, 80, 160... pages, the last parts as large as they must be for PARTS parts in all.
    let size = Math.max(FIRST_PART_PAGES, Math.ceil(source.pages.length / 2 ** (PARTS - 1)));
    let added = Promise.resolve();
    const addPart = (inputs: PageInput[]) => {
      added = added.then(() => this.addPart(index, source, inputs, applied, full));
      // Awaited below; a failure while pages are still being read must not go unhandled meanwhile.
      added.catch(() => undefined);
    };
    await runAs(reading, () =>
      mapLimited(source.pages, CONCURRENCY, async (page) => {
        read.push(await source.load(page.docId));
        if (read.length < size) return;
        addPart(read.splice(0));
        size *= 2;
      }),
    );
    if (read.length) addPart(read.splice(0));
    await added;
    return { index: index.fragmented() ? await index.merged() : index, applied };
  }

  /** Packs pages into a segment (on a render thread when it can) and adds them to a first build's index, which searches then read. */
  private async addPart(index: SearchIndex, source: IndexSource, inputs: PageInput[], applied: { applyMs: number; applyCpuMs: number }, full: { pages: number }): Promise<void> {
    // Packed on a render thread when there is one; past its time budget, here.
    const segment = source.segment ? await source.segment(inputs).catch(keepWorkStops) : undefined;
    const applying = performance.now();
    const applyingCpu = process.cpuUsage();
    if (segment) index.addSegment(segment);
    else for (const input of inputs) index.addPage(input);
    index.pack();
    const cpu = process.cpuUsage(applyingCpu);
    applied.applyMs += performance.now() - applying;
    applied.applyCpuMs += (cpu.user + cpu.system) / 1000;
    full.pages += inputs.length;
    this.partial.set(source.commit, { index, pages: full.pages, of: source.pages.length, outlines: !!source.outline });
    // After the last part, the build's own end tells its waiters, with the whole index.
    if (full.pages < source.pages.length) this.wake(source.commit);
  }

  /** Wakes the searches waiting on `commit`'s build. */
  private wake(commit: string): void {
    const wake = this.waiters.get(commit);
    this.waiters.delete(commit);
    wake?.();
  }
}

/** Undefined for a failure to pack a segment elsewhere (the pages are indexed here instead); a stopped job stays stopped. */
export function keepWorkStops(error: unknown): undefined {
  if (isWorkStop(error)) throw error;
  return undefined;
}
