// The history of one file (README "Page history"): the commits that changed it, newest first,
// following renames. It walks first parents (a merge counts as the change it brings, as
// lastUpdates does) and reads each commit's changes from `changesOf`, which callers cache by commit
// id: a commit's changes never change, so every file and every head share one reading of each.
import { diffTrees, type TreeChange } from './tree-diff.js';
import type { Repository } from './repository.js';

/** One commit and what it changed under a folder, compared with its first parent. */
export interface CommitChanges {
  oid: string;
  /** The first parent (undefined for a root commit). */
  parent?: string;
  author: string;
  /** Milliseconds since the epoch (author date). */
  time: number;
  /** The first line of the message. */
  subject: string;
  changes: TreeChange[];
}

/** One commit in a file's history. */
export interface FileHistoryEntry {
  commit: string;
  parent?: string;
  author: string;
  time: number;
  subject: string;
  /** The file's path in this commit (it differs before a rename). */
  path: string;
  /** The file's blob in this commit. */
  oid: string;
  status: TreeChange['status'];
  /** The path before this commit, for a rename. */
  oldPath?: string;
}

/** A file's history, as far as it was read. */
export interface FileHistory {
  entries: FileHistoryEntry[];
  /** True when the walk stopped at `limit` entries or at MAX_WALK commits: there may be more. */
  more: boolean;
}

/** The most commits one history walks back; a bound so a huge repository cannot stall a request. */
export const MAX_WALK = 5000;

/** What `commitChanges` reads. */
type Reader = Pick<Repository, 'readCommitObject' | 'readTreeEntries' | 'readBlob'>;

/** A commit's changes under `folder` compared with its first parent, renames included (tree-diff.ts). */
export async function commitChanges(repository: Reader, oid: string, folder: string): Promise<CommitChanges> {
  const commit = await repository.readCommitObject(oid);
  const parent = commit.parent[0];
  const parentTree = parent ? (await repository.readCommitObject(parent)).tree : undefined;
  return {
    oid,
    parent,
    author: commit.author.name,
    time: commit.author.timestamp * 1000,
    subject: commit.message.split('\n', 1)[0].trim(),
    changes: await diffTrees(repository, parentTree, commit.tree, { folder }),
  };
}

/**
 * The commits that changed `path` as of `head`, newest first, up to `limit` entries: walking first
 * parents, following the file back through renames, ending where it was added.
 */
export async function fileHistory(changesOf: (oid: string) => Promise<CommitChanges>, head: string, path: string, limit: number): Promise<FileHistory> {
  const entries: FileHistoryEntry[] = [];
  let current: string | undefined = path;
  let oid: string | undefined = head;
  for (let walked = 0; oid && current; walked++) {
    if (walked >= MAX_WALK || entries.length >= limit) return { entries, more: true };
    const commit = await changesOf(oid);
    const change = commit.changes.find((candidate) => candidate.path === current && candidate.status !== 'removed');
    if (change) {
      const { oid: commitOid, parent, author, time, subject } = commit;
      entries.push({ commit: commitOid, parent, author, time, subject, path: change.path, oid: change.oid!, status: change.status, oldPath: change.oldPath });
      // Before a rename the file had its old name; before it was added, it did not exist.
      current = change.status === 'renamed' ? change.oldPath : change.status === 'added' ? undefined : current;
    }
    oid = commit.parent;
  }
  return { entries, more: false };
}

/** Rough bytes of a commit's changes, for the cache budget. */
export function commitChangesBytes(commit: CommitChanges): number {
  return 300 + commit.subject.length * 2 + commit.changes.reduce((n, change) => n + 150 + (change.path.length + (change.oldPath?.length ?? 0)) * 2, 0);
}
