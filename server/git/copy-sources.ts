// Where `git log --follow` goes on when the file it follows was added: the file it was renamed or
// copied from in that commit. For --follow git looks for copies among every file of the parent,
// unchanged ones included: first one with the same content, else the most alike at 50% or more.
// The parent's files come from the commit records (HistoryStore.filesAt), not from its trees.
// Comparing a new file with a whole tree costs a read of every file of about its size, so sizes,
// span hashes (similarity.ts) and answers are kept, bounded, and shared by every page's history.
import { LRUCache } from 'lru-cache';
import type { CommitRecord, TreeFile } from './history-store.js';
import type { Repository } from './repository.js';
import { RENAME_SCORE, similarity, sizesAllow, spansOf, type Spans } from './similarity.js';

/** What finding a source reads. */
export type SourceReader = Pick<Repository, 'readBlob' | 'readBlobSize'>;

/** A file a followed file came from: its path, and whether the commit removed it (a rename) or kept it (a copy). */
export interface CopySource {
  path: string;
  removed: boolean;
}

/** Bytes of span hashes kept (8 bytes a span: the spans of a few thousand pages). */
const SPANS_BYTES = 8 << 20;

/** Finds sources, with what it read kept for the next. */
export class CopySources {
  private readonly sizes = new LRUCache<string, number>({ max: 50_000 });
  private readonly spans = new LRUCache<string, Spans>({ maxSize: SPANS_BYTES, sizeCalculation: (spans) => 100 + spans.hashes.byteLength * 2 });
  private readonly found = new LRUCache<string, CopySource | false>({ max: 10_000 });

  /**
   * The source of `path` (its blob and mode in the commit given), added by `record`, among the
   * files of the parent's tree (`parentFiles`, asked for only when the answer is not kept);
   * undefined when it was added from nothing.
   */
  async find(repository: SourceReader, record: CommitRecord, parentFiles: () => TreeFile[], path: string, blob: string, mode: string): Promise<CopySource | undefined> {
    const key = `${record.oid}:${path}`;
    let found = this.found.get(key);
    if (found === undefined) {
      found = (await this.search(repository, record, parentFiles(), path, blob, mode)) ?? false;
      this.found.set(key, found);
    }
    return found || undefined;
  }

  /**
   * Same content first (a removed file first, then one of the same name), else the most alike (the
   * same name first among equals); among equals still, the first in git's order of paths (a tree
   * walk's), as git takes them.
   */
  private async search(repository: SourceReader, record: CommitRecord, sources: TreeFile[], path: string, blob: string, mode: string): Promise<CopySource | undefined> {
    const name = basename(path);
    const removed = (source: string) => record.changes.get(source) === null;
    let best: { path: string; score: number; nameScore: number } | undefined;
    for (const source of sources) {
      if (source.oid !== blob || ((!regular(source.mode) || !regular(mode)) && source.mode !== mode)) continue;
      const score = (removed(source.path) ? 1 : 0) + (basename(source.path) === name ? 1 : 0);
      if (!best || score > best.score || (score === best.score && gitOrder(source.path, best.path) < 0)) best = { path: source.path, score, nameScore: 0 };
    }
    if (!best && regular(mode)) {
      const size = await this.sizeOf(repository, blob);
      const target = size ? await this.spansOf(repository, blob) : undefined;
      for (const source of target ? sources : []) {
        if (!regular(source.mode) || !sizesAllow(await this.sizeOf(repository, source.oid), size)) continue;
        const score = similarity(await this.spansOf(repository, source.oid), target!);
        const nameScore = basename(source.path) === name ? 1 : 0;
        if (score < RENAME_SCORE || (best && (score < best.score || (score === best.score && nameScore < best.nameScore)))) continue;
        if (!best || score > best.score || nameScore > best.nameScore || gitOrder(source.path, best.path) < 0) best = { path: source.path, score, nameScore };
      }
    }
    return best && { path: best.path, removed: removed(best.path) };
  }

  /** A blob's size, kept. */
  private async sizeOf(repository: SourceReader, oid: string): Promise<number> {
    let size = this.sizes.get(oid);
    if (size === undefined) {
      size = await repository.readBlobSize(oid);
      this.sizes.set(oid, size);
    }
    return size;
  }

  /** A blob's span hashes, kept. */
  private async spansOf(repository: SourceReader, oid: string): Promise<Spans> {
    let spans = this.spans.get(oid);
    if (!spans) {
      spans = spansOf(await repository.readBlob(oid));
      this.spans.set(oid, spans);
    }
    return spans;
  }
}

/** Regular files only are compared by content (git compares symlinks and submodules by id alone). */
function regular(mode: string): boolean {
  return mode.startsWith('100');
}

/** The last segment of a path. */
function basename(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** Git's order of two paths of a tree (a recursive walk's): their UTF-8 bytes compared. */
function gitOrder(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a), Buffer.from(b));
}
