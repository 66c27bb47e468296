// The one pass over history: the records (history-store.ts) of every commit reachable from a head
// that is not known yet, parents before children, each from its own trees and its parents'
// records. A push of N commits reads N commits and the trees they changed, nothing older.
import type { CommitObject, TreeObject } from 'isomorphic-git';
import { LRUCache } from 'lru-cache';
import { subjectOf } from './git-objects.js';
import type { CommitRecord, HistoryStore } from './history-store.js';
import type { Repository } from './repository.js';

/** What the pass reads. */
export type HistoryReader = Pick<Repository, 'readCommitObject' | 'readTreeEntries'>;

/** Tree entries the pass keeps while it runs (about 150 bytes each). */
const PASS_TREE_ENTRIES = 20_000;
/** How many commits are computed between two turns of the event loop, so a long first pass does not stall other requests. */
const COMMITS_PER_TURN = 50;

/**
 * Adds to `store` the record of every commit reachable from `head` that it lacks, and answers
 * those records, oldest first. Rejects when a commit is missing (a shallow clone): its
 * descendants' history would be wrong.
 */
export async function readHistory(store: HistoryStore, repository: HistoryReader, head: string): Promise<CommitRecord[]> {
  repository = passReader(repository);
  const added: CommitRecord[] = [];
  for (const [oid, commit] of await missingCommits(store, repository, head)) {
    const record = await recordOf(store, repository, oid, commit);
    store.add(record);
    added.push(record);
    if (added.length % COMMITS_PER_TURN === 0) await new Promise((resolve) => setImmediate(resolve));
  }
  return added;
}

/**
 * The pass's own cache of trees: each is read again by the next commit, but not after the pass.
 * The repository's cache would be filled with years of old trees that serving never reads.
 */
function passReader(repository: HistoryReader): HistoryReader {
  const trees = new LRUCache<string, TreeObject>({ maxSize: PASS_TREE_ENTRIES, sizeCalculation: (tree) => tree.length + 1 });
  return {
    readCommitObject: (oid) => repository.readCommitObject(oid),
    readTreeEntries: async (oid) => {
      let tree = trees.get(oid);
      if (!tree) {
        tree = await repository.readTreeEntries(oid, { keep: false });
        trees.set(oid, tree);
      }
      return tree;
    },
  };
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
  const modes = new Map<string, string>();
  await diffFiles(repository, firstTree, commit.tree, '', changes, modes);
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
  if (modes.size) record.modes = modes;
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

/**
 * Records into `out` every file that differs between two trees (id or mode), and into `modes` the
 * mode of those that are not regular files (symlinks, submodules), reading only subtrees whose ids
 * differ. Entries are walked side by side in git's order, so no lookup table is built.
 */
async function diffFiles(
  repository: HistoryReader,
  oldTree: string | undefined,
  newTree: string | undefined,
  prefix: string,
  out: Map<string, string | null>,
  modes: Map<string, string>,
): Promise<void> {
  if (oldTree === newTree) return;
  const empty: TreeObject = [];
  const [before, after] = await Promise.all([oldTree ? repository.readTreeEntries(oldTree) : empty, newTree ? repository.readTreeEntries(newTree) : empty]);
  for (let i = 0, j = 0; i < before.length || j < after.length; ) {
    const order = i === before.length ? 1 : j === after.length ? -1 : compareEntries(before[i], after[j]);
    const old = order <= 0 ? before[i++] : undefined;
    const now = order >= 0 ? after[j++] : undefined;
    if (old && now && old.oid === now.oid && old.mode === now.mode) continue;
    const path = prefix + (now ?? old)!.path;
    if ((now ?? old)!.type === 'tree') await diffFiles(repository, old?.oid, now?.oid, `${path}/`, out, modes);
    else {
      out.set(path, now ? now.oid : null);
      if (now && !now.mode.startsWith('100')) modes.set(path, now.mode);
    }
  }
}

/** Git's order of tree entries: names compared as UTF-8 bytes, a tree's as if it ended in '/'. */
function compareEntries(a: TreeObject[number], b: TreeObject[number]): number {
  const length = Math.min(a.path.length, b.path.length);
  for (let i = 0; i < length; i++) {
    const x = a.path.charCodeAt(i);
    const y = b.path.charCodeAt(i);
    if (x !== y) return utf8Order(x) - utf8Order(y);
  }
  const x = a.path.length > length ? a.path.charCodeAt(length) : a.type === 'tree' ? 0x2f : 0;
  const y = b.path.length > length ? b.path.charCodeAt(length) : b.type === 'tree' ? 0x2f : 0;
  return utf8Order(x) - utf8Order(y);
}

/** A UTF-16 code unit ranked as UTF-8 bytes rank it: surrogates (characters past U+FFFF) after U+E000–U+FFFF. */
function utf8Order(unit: number): number {
  if (unit >= 0xd800 && unit < 0xe000) return unit + 0x2000;
  return unit >= 0xe000 ? unit - 0x800 : unit;
}
