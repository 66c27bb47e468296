// The one pass over history: the records (history-store.ts) of every commit reachable from a head
// that is not known yet, parents before children, each from its own trees and its parents'
// records. A push of N commits reads N commits and the trees they changed, nothing older.
import type { CommitObject, TreeObject } from 'isomorphic-git';
import { subjectOf } from './git-objects.js';
import type { CommitRecord, HistoryStore } from './history-store.js';
import type { Repository } from './repository.js';

/** What the pass reads. */
export type HistoryReader = Pick<Repository, 'readCommitObject' | 'readTreeEntries'>;

/** How many commits are computed between two turns of the event loop, so a long first pass does not stall other requests. */
const COMMITS_PER_TURN = 50;

/** A file entry of a tree: its blob (or submodule commit) and mode. */
type FileEntry = { oid: string; mode: string };

/**
 * Adds to `store` the record of every commit reachable from `head` that it lacks, and answers
 * those records, oldest first. Rejects when a commit is missing (a shallow clone): its
 * descendants' history would be wrong.
 */
export async function readHistory(store: HistoryStore, repository: HistoryReader, head: string): Promise<CommitRecord[]> {
  const added: CommitRecord[] = [];
  for (const [oid, commit] of await missingCommits(store, repository, head)) {
    const record = await recordOf(store, repository, oid, commit);
    store.add(record);
    added.push(record);
    if (added.length % COMMITS_PER_TURN === 0) await new Promise((resolve) => setImmediate(resolve));
  }
  return added;
}

/** The commits reachable from `head` that the store lacks, parents before children (a depth-first walk, no recursion). */
async function missingCommits(store: HistoryStore, repository: HistoryReader, head: string): Promise<Map<string, CommitObject>> {
  const ordered = new Map<string, CommitObject>();
  const read = new Map<string, CommitObject>();
  const stack = [head];
  while (stack.length) {
    const oid = stack[stack.length - 1];
    if (store.has(oid) || ordered.has(oid)) {
      stack.pop();
      continue;
    }
    let commit = read.get(oid);
    if (!commit) {
      commit = await repository.readCommitObject(oid);
      read.set(oid, commit);
      // Parents first: pushed last-parent first, so the first parent's line is finished first.
      const pending = commit.parent.filter((parent) => !store.has(parent) && !ordered.has(parent));
      if (pending.length) {
        stack.push(...pending.reverse());
        continue;
      }
    }
    stack.pop();
    read.delete(oid);
    ordered.set(oid, commit);
  }
  return ordered;
}

/** A commit's record: what it changed against its first parent, and for a merge, which of those files another parent already had. */
async function recordOf(store: HistoryStore, repository: HistoryReader, oid: string, commit: CommitObject): Promise<CommitRecord> {
  const [first, ...others] = commit.parent;
  const firstTree = first ? store.get(first)!.tree : undefined;
  const changes = new Map<string, string | null>();
  await diffFiles(repository, firstTree, commit.tree, '', changes);
  const record: CommitRecord = {
    oid,
    parents: commit.parent,
    tree: commit.tree,
    time: commit.committer.timestamp * 1000,
    authorTime: commit.author.timestamp * 1000,
    author: commit.author.name,
    subject: subjectOf(commit.message),
    changes,
  };
  if (others.length) record.inherited = await inheritedFiles(store, repository, commit.tree, changes, others);
  return record;
}

/**
 * Of the files a merge changed against its first parent, those another parent has exactly as the
 * merge does: git follows the first such parent for them, so their last change is that parent's.
 */
async function inheritedFiles(
  store: HistoryStore,
  repository: HistoryReader,
  tree: string,
  changes: Map<string, string | null>,
  parents: string[],
): Promise<Map<string, string> | undefined> {
  const inherited = new Map<string, string>();
  let left = [...changes].filter(([, blob]) => blob !== null).map(([path]) => path);
  for (const parent of parents) {
    if (!left.length) break;
    const same = await sameFiles(repository, tree, store.get(parent)!.tree, left, '');
    // Many files (a merge of the default branch into a feature branch): one walk of that parent's history for all of them.
    const table = same.length > 32 ? store.lastUpdatesBy(parent) : undefined;
    for (const path of same) {
      const source = table ? table.get(path) : store.lastChange(parent, path)?.oid;
      if (source) inherited.set(path, source);
    }
    const found = new Set(same);
    left = left.filter((path) => !found.has(path));
  }
  return inherited.size ? inherited : undefined;
}

/**
 * Which of `paths` (under `prefix`) two trees have alike (same id and mode), reading only the
 * subtrees that hold them and differ: a subtree both have alike makes every path under it alike.
 */
async function sameFiles(repository: HistoryReader, mine: string, theirs: string, paths: string[], prefix: string): Promise<string[]> {
  if (mine === theirs) return paths;
  const [a, b] = await Promise.all([repository.readTreeEntries(mine), repository.readTreeEntries(theirs)]);
  const byName = new Map<string, string[]>();
  for (const path of paths) {
    const slash = path.indexOf('/', prefix.length);
    const name = path.slice(prefix.length, slash < 0 ? undefined : slash);
    const group = byName.get(name);
    if (group) group.push(path);
    else byName.set(name, [path]);
  }
  const same: string[] = [];
  for (const [name, group] of byName) {
    const x = a.find((entry) => entry.path === name);
    const y = b.find((entry) => entry.path === name);
    if (!x || !y || x.type !== y.type) continue;
    if (x.oid === y.oid && x.mode === y.mode) same.push(...group);
    else if (x.type === 'tree') same.push(...(await sameFiles(repository, x.oid, y.oid, group, `${prefix}${name}/`)));
  }
  return same;
}

/** The file entry at `path` in a tree, or undefined when there is none. */
export async function fileAt(repository: Pick<Repository, 'readTreeEntries'>, tree: string, path: string): Promise<FileEntry | undefined> {
  const segments = path.split('/');
  let oid = tree;
  for (const [i, segment] of segments.entries()) {
    const entry = (await repository.readTreeEntries(oid)).find((candidate) => candidate.path === segment);
    if (!entry) return undefined;
    if (i === segments.length - 1) return entry.type === 'tree' ? undefined : entry;
    if (entry.type !== 'tree') return undefined;
    oid = entry.oid;
  }
  return undefined;
}

/** Records into `out` every file that differs between two trees (id or mode), reading only subtrees whose ids differ. */
async function diffFiles(repository: HistoryReader, oldTree: string | undefined, newTree: string | undefined, prefix: string, out: Map<string, string | null>): Promise<void> {
  if (oldTree === newTree) return;
  const empty: TreeObject = [];
  const [before, after] = await Promise.all([oldTree ? repository.readTreeEntries(oldTree) : empty, newTree ? repository.readTreeEntries(newTree) : empty]);
  const old = new Map(before.map((entry) => [entry.path, entry]));
  for (const entry of after) {
    const previous = old.get(entry.path);
    old.delete(entry.path);
    if (previous?.oid === entry.oid && previous.mode === entry.mode) continue;
    const path = prefix + entry.path;
    const previousTree = previous?.type === 'tree' ? previous.oid : undefined;
    if (entry.type === 'tree') await diffFiles(repository, previousTree, entry.oid, `${path}/`, out);
    else out.set(path, entry.oid);
    if (previous && previous.type !== 'tree' && entry.type === 'tree') out.set(path, null);
    if (previousTree && entry.type !== 'tree') await diffFiles(repository, previousTree, undefined, `${path}/`, out);
  }
  for (const entry of old.values()) {
    if (entry.type === 'tree') await diffFiles(repository, entry.oid, undefined, `${prefix}${entry.path}/`, out);
    else out.set(prefix + entry.path, null);
  }
}
