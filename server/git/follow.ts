// A file's history as `git log --follow -- FILE` lists it, from the commit records of
// history-store.ts: every commit reachable from the head, in git's order (newest committer date
// first, a commit's parents queued when it is shown), keeping the non-merge commits that changed
// the file's current path; where one added it as a rename or a copy of another file, that file's
// path is followed from there. The order is walked once per head (logOrder) and kept by the caller.
import type { CommitRecord, HistoryStore } from './history-store.js';
import type { CopySources, SourceReader } from './copy-sources.js';

/** One commit in a file's history. */
export interface FileHistoryEntry {
  commit: string;
  /** The first parent (undefined for a root commit). */
  parent?: string;
  author: string;
  /** Author date, ms since the epoch (what `git log` prints). */
  time: number;
  subject: string;
  /** The file's path in this commit (it differs before a rename). */
  path: string;
  /** The file's blob in this commit; for `removed`, the blob it removed. */
  oid: string;
  status: 'added' | 'removed' | 'modified' | 'renamed' | 'copied';
  /** The path before this commit, for a rename or a copy (git --follow follows both). */
  oldPath?: string;
}

/** A file's history, as far as it was read. */
export interface FileHistory {
  entries: FileHistoryEntry[];
  /** True when the walk stopped at `limit` entries: there may be more. */
  more: boolean;
}

/**
 * The commits `git log` shows from `head`, in its order, merges left out (they never show in a
 * file's history). The order does not depend on the file followed, so one walk serves the history
 * of every file at that head. Every record reachable from `head` must be in the store.
 */
export function logOrder(store: HistoryStore, head: string): CommitRecord[] {
  const order: CommitRecord[] = [];
  const queue = new CommitQueue();
  const seen = new Set([head]);
  queue.push(store.get(head)!);
  for (let record = queue.pop(); record; record = queue.pop()) {
    for (const parent of record.parents) {
      if (seen.has(parent)) continue;
      seen.add(parent);
      const known = store.get(parent);
      if (known) queue.push(known);
    }
    if (record.parents.length <= 1) order.push(record);
  }
  return order;
}

/** The commits of `order` (logOrder's, of some head) that changed `path`, newest first, up to `limit`. */
export async function followFile(
  store: HistoryStore,
  sources: CopySources,
  repository: SourceReader,
  order: readonly CommitRecord[],
  path: string,
  limit: number,
): Promise<FileHistory> {
  const entries: FileHistoryEntry[] = [];
  for (const record of order) {
    if (!record.changes.has(path)) continue;
    if (entries.length === limit) return { entries, more: true };
    const entry = await entryOf(store, record, sources, repository, path);
    entries.push(entry);
    if (entry.oldPath) path = entry.oldPath;
  }
  return { entries, more: false };
}

/** What a non-merge commit did to `path`: modified, removed, added, or renamed from an older path. */
async function entryOf(store: HistoryStore, record: CommitRecord, sources: CopySources, repository: SourceReader, path: string): Promise<FileHistoryEntry> {
  const blob = record.changes.get(path);
  const parent = record.parents[0];
  const base = { commit: record.oid, parent, author: record.author, time: record.authorTime, subject: record.subject, path };
  // What the parent had there, from the records rather than its trees: no tree is read.
  const before = parent ? store.blobAt(parent, path) : undefined;
  if (!blob) return { ...base, oid: before ?? '', status: 'removed' };
  if (before) return { ...base, oid: blob, status: 'modified' };
  const mode = record.modes?.get(path) ?? '100644';
  const source = parent ? await sources.find(repository, record, () => store.filesAt(parent), path, blob, mode) : undefined;
  if (!source) return { ...base, oid: blob, status: 'added' };
  return { ...base, oid: blob, status: source.removed ? 'renamed' : 'copied', oldPath: source.path };
}

/** Commits by committer date, newest first; equal dates in the order they were queued (git's commit_list_insert_by_date). */
class CommitQueue {
  private readonly heap: { record: CommitRecord; order: number }[] = [];
  private count = 0;

  /** Queues a commit. */
  push(record: CommitRecord): void {
    const heap = this.heap;
    heap.push({ record, order: this.count++ });
    for (let i = heap.length - 1; i > 0; ) {
      const up = (i - 1) >> 1;
      if (!this.before(heap[i], heap[up])) break;
      [heap[i], heap[up]] = [heap[up], heap[i]];
      i = up;
    }
  }

  /** Takes the newest commit queued (the first queued among equals). */
  pop(): CommitRecord | undefined {
    const heap = this.heap;
    const top = heap[0];
    const last = heap.pop();
    if (heap.length && last) {
      heap[0] = last;
      for (let i = 0; ; ) {
        const left = 2 * i + 1;
        const right = left + 1;
        let next = i;
        if (left < heap.length && this.before(heap[left], heap[next])) next = left;
        if (right < heap.length && this.before(heap[right], heap[next])) next = right;
        if (next === i) break;
        [heap[i], heap[next]] = [heap[next], heap[i]];
        i = next;
      }
    }
    return top?.record;
  }

  /** True when `a` comes out before `b`. */
  private before(a: { record: CommitRecord; order: number }, b: { record: CommitRecord; order: number }): boolean {
    return a.record.time !== b.record.time ? a.record.time > b.record.time : a.order < b.order;
  }
}
