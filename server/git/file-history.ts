// What one commit changed against its first parent, renames included (tree-diff.ts), for the
// redirects of renamed pages (server/site/review/history.ts); callers cache it by commit id. A file's own
// history is follow.ts's.
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

export type { FileHistory, FileHistoryEntry } from './follow.js';

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

/** Rough bytes of a commit's changes, for the cache budget. */
export function commitChangesBytes(commit: CommitChanges): number {
  return 300 + commit.subject.length * 2 + commit.changes.reduce((n, change) => n + 150 + (change.path.length + (change.oldPath?.length ?? 0)) * 2, 0);
}
