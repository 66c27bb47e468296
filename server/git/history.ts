// History as git tells it, for any file of any commit: "last updated" as `git log -1
// --format='%an %cd' -- FILE` prints it (default history simplification: a merge that has the file
// as one of its parents does is not where it changed), and a file's commits as `git log --follow
// -- FILE` lists them. Both read commit records (history-store.ts) made by one pass over history
// (history-pass.ts) and kept on disk (history-file.ts): a restart reads them back, and a push
// reads only its new commits.
import { LRUCache } from 'lru-cache';
import { CopySources, type SourceReader } from './copy-sources.js';
import { followFile, logOrder, type FileHistory } from './follow.js';
import { appendHistoryFile, readHistoryFile } from './history-file.js';
import { readHistory, type HistoryReader } from './history-pass.js';
import { HistoryStore, type CommitRecord, type LastUpdate } from './history-store.js';

export type { LastUpdate } from './history-store.js';

/** Commits kept in the walks of heads (logOrder): a few heads of a large repository, dozens of a docs one. */
const ORDERED_COMMITS = 200_000;

/** The commit records of every repository a site reads (commit ids are the same everywhere), and the file they are kept in. */
export class History {
  private readonly store = new HistoryStore();
  /** What finding renamed and copied files read, kept for the next history. */
  private readonly sources = new CopySources();
  /** logOrder's walk of each head a history was asked at, shared by every file's history there (8 bytes a commit). */
  private readonly orders = new LRUCache<string, CommitRecord[]>({ maxSize: ORDERED_COMMITS, sizeCalculation: (order) => order.length + 1 });
  private loaded = false;
  /** The pass in progress: passes run one at a time, each adding what the ones before it did not. */
  private pass: Promise<unknown> = Promise.resolve();

  constructor(
    /** Where records are kept between runs (DATA_DIR/cache); undefined: in memory only. */
    private readonly file?: string,
    /** Told when the file cannot be written: records are then computed again at the next start. */
    private readonly onSaveError: (error: unknown) => void = () => {},
  ) {}

  /**
   * The last update of every file of `commit` (paths from the repository root), or an empty map
   * when its history cannot be read whole (a shallow clone): no date rather than a wrong one.
   */
  async lastUpdates(repository: HistoryReader, commit: string): Promise<Map<string, LastUpdate>> {
    try {
      await this.extend(repository, commit);
    } catch (error) {
      if ((error as { code?: string }).code === 'NotFoundError') return new Map();
      throw error;
    }
    return this.store.lastUpdates(commit);
  }

  /** Up to `limit` commits that changed `path` as of `commit`, newest first, following renames; none when history cannot be read whole (a shallow clone). */
  async fileHistory(repository: HistoryReader & SourceReader, commit: string, path: string, limit: number): Promise<FileHistory> {
    try {
      await this.extend(repository, commit);
    } catch (error) {
      if ((error as { code?: string }).code === 'NotFoundError') return { entries: [], more: false };
      throw error;
    }
    let order = this.orders.get(commit);
    if (!order) {
      order = logOrder(this.store, commit);
      this.orders.set(commit, order);
    }
    return followFile(this.store, this.sources, repository, order, path, limit);
  }

  /** Commits whose records are known (read back or computed). */
  get size(): number {
    return this.store.size;
  }

  /** Makes the records of every commit reachable from `head` known: read back from the file the first time, then computed and saved. */
  private extend(repository: HistoryReader, head: string): Promise<void> {
    if (this.loaded && this.store.has(head)) return Promise.resolve();
    const run = this.pass.then(async () => {
      if (!this.loaded) {
        if (this.file) this.store.addStored(readHistoryFile(this.file));
        this.loaded = true;
      }
      const added = await readHistory(this.store, repository, head);
      if (this.file) await appendHistoryFile(this.file, added).catch(this.onSaveError);
    });
    this.pass = run.catch(() => {});
    return run;
  }
}
