// `docsite preview`: a folder served as it is on disk, uncommitted changes included. The folder is
// committed into the server's own repository (never into the author's) on start and after every
// save, so the rest of the server reads it through the same git code, caches and URLs as any ref.
import fs from 'node:fs';
import path from 'node:path';
import { commitDirectory } from '../git/commit-directory.js';

/** How long saves are gathered before one commit: editors write a file in several steps. */
const SETTLE_MS = 60;

/** The working tree of `dir`, committed to `gitdir` on demand and watched for saves. */
export class WorkingTree {
  /** Blob ids of the files already committed, so a save re-reads only what changed. */
  private readonly known = new Map<string, { mtimeMs: number; size: number; oid: string }>();
  private committing: Promise<string> = Promise.resolve('');
  private watcher: fs.FSWatcher | undefined;

  constructor(
    readonly dir: string,
    readonly gitdir: string,
  ) {}

  /** Commits the folder as it is now (what `.gitignore` excludes left out); the same commit id while nothing changed. */
  commit(): Promise<string> {
    // One commit at a time: each reads the whole folder, so a later one includes every earlier save.
    this.committing = this.committing.catch(() => '').then(() => commitDirectory(this.dir, this.gitdir, { gitignore: true, known: this.known, message: 'Working tree\n' }));
    return this.committing;
  }

  /**
   * Calls `onChange` with the new commit after files were saved (several saves within SETTLE_MS
   * make one commit), and `onError` when a commit fails (the last good one stays served).
   */
  watch(onChange: (commit: string) => void, onError: (error: unknown) => void): void {
    let last: string | undefined;
    let timer: NodeJS.Timeout | undefined;
    const settle = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        this.commit().then((commit) => {
          if (commit !== last) onChange(commit);
          last = commit;
        }, onError);
      }, SETTLE_MS);
    };
    this.watcher = fs.watch(this.dir, { recursive: true }, (_event, file) => {
      // Git's own files and dependencies change on every `git status` or install: not content.
      const first = file?.split(path.sep)[0];
      if (first === '.git' || first === 'node_modules') return;
      settle();
    });
    this.watcher.on('error', onError);
  }

  /** Stops watching. */
  close(): void {
    this.watcher?.close();
  }
}
