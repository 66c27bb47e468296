// Every page's front matter read so far, by blob and path: in the derived cache, else from the
// previous run's file (server/content/front-matter-file.ts). The doc set of a pushed commit, a new
// branch, another version or a restart then reads only the pages that differ (a push used to
// re-read all 742 pages of the corpus).
import { frontMatterKey, type DocSet, type FrontMatterCache, type ReadFrontMatter } from '../../content/doc-set.js';
import { readFrontMatterFile, writeFrontMatterFile } from '../../content/front-matter-file.js';
import type { Caches } from './caches.js';
import type { Logger } from '../log.js';

/** Front matter kept in memory and, when a file is given, for the next start. */
export class FrontMatterStore implements FrontMatterCache {
  /** Front matter the previous run saved, taken out as doc sets use it. */
  private readonly stored: Map<string, ReadFrontMatter>;
  private saveTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly caches: Caches,
    private readonly log: Logger,
    /** Where front matter is kept for the next start; undefined: nowhere. */
    private readonly file: string | undefined,
  ) {
    this.stored = file ? readFrontMatterFile(file) : new Map();
  }

  /** A page's front matter read before (now or by the previous run). */
  get(key: string): ReadFrontMatter | undefined {
    const kept = this.caches.derived.get(`front-matter:${key}`)?.value as ReadFrontMatter | undefined;
    if (kept) return kept;
    const stored = this.stored.get(key);
    if (stored) {
      this.stored.delete(key);
      this.keep(key, stored);
    }
    return stored;
  }

  /** A page's front matter just read: kept, and saved for the next start soon. */
  set(key: string, value: ReadFrontMatter): void {
    this.keep(key, value);
    this.saveSoon();
  }

  /** Keeps every page of a doc set (one loaded before this store, at start-up). */
  keepAll(docSet: DocSet): void {
    for (const doc of docSet.docs) this.keep(frontMatterKey(doc.blobOid, doc.sourcePath), { data: doc.frontMatter, error: doc.error });
  }

  private keep(key: string, value: ReadFrontMatter): void {
    this.caches.derived.set(`front-matter:${key}`, { value, bytes: 300 + JSON.stringify(value.data).length * 2 });
  }

  /**
   * Saves, a second after the last page read (its doc set is cached by then), the front matter of
   * every cached doc set, for the next start. A failed write is logged and costs only that start's speed.
   */
  private saveSoon(): void {
    if (!this.file) return;
    clearTimeout(this.saveTimer);
    this.saveTimer = setTimeout(() => void this.save(), 1000);
    this.saveTimer.unref();
  }

  /** Writes the file now (see saveSoon); never rejects. */
  private async save(): Promise<void> {
    const file = this.file;
    this.saveTimer = undefined;
    if (!file) return;
    const entries = new Map<string, ReadFrontMatter>();
    for (const docSet of this.caches.docSets.lru.values() as Iterable<DocSet>) {
      for (const doc of docSet.docs) entries.set(frontMatterKey(doc.blobOid, doc.sourcePath), { data: doc.frontMatter, error: doc.error });
    }
    await writeFrontMatterFile(file, entries).catch((error) => this.log.warn({ err: error, file }, 'could not save front matter for the next start'));
  }

  /** Saves now what was due to be saved, so a server stopped right after it started does not read every page again on the next start. */
  async flush(): Promise<void> {
    if (!this.saveTimer) return;
    clearTimeout(this.saveTimer);
    await this.save();
  }
}
