import fs from 'node:fs';
import path from 'node:path';
import git from 'isomorphic-git';
import { LRUCache } from 'lru-cache';
import type { CommitObject, HttpClient, TreeObject } from 'isomorphic-git';
import { parseCommit, parseTag, parseTree } from './git-objects.js';
import { abortableHttpClient } from './http-client.js';
import { mergeBase } from './merge-base.js';
import { ObjectStore } from './object-store.js';
import type { ObjectType } from './pack-file.js';
import { shareTheLoop } from '../main-thread.js';

/** A file of a commit's tree: its blob id and git mode. */
export interface TreeEntry {
  oid: string;
  mode: string;
}

/** Every file of one commit, by path relative to the repository root. */
export type TreeIndex = ReadonlyMap<string, TreeEntry>;

/**
 * Tree entries kept in memory (about 150 bytes each, so at most about 8 MiB): trees are immutable,
 * so a new commit's index reads only the few trees a push changed (the corpus has 1,200 entries).
 */
const TREE_ENTRIES_KEPT = 50_000;

/** Why a ref could not be resolved; callers turn it into a 404. */
export class UnknownRefError extends Error {
  constructor(readonly ref: string) {
    super(`No branch, tag or commit named "${ref}" in the content repository`);
    this.name = 'UnknownRefError';
  }
}

/**
 * One git repository: objects read by our own reader (object-store.ts, decision 029), refs, clone
 * and fetch through isomorphic-git. It only reads immutable objects; the refs it sees change only
 * when `fetch` runs (or, for a repository read in place, when someone commits into it).
 */
export class Repository {
  /** Packs and loose objects, read by id without loading whole packs. */
  private readonly objects: ObjectStore;
  /** Parsed tree objects by oid (see TREE_ENTRIES_KEPT). */
  private readonly trees = new LRUCache<string, TreeObject>({ maxSize: TREE_ENTRIES_KEPT, sizeCalculation: (tree) => tree.length + 1 });

  constructor(
    /** The git directory (a bare repository or a `.git` folder). */
    readonly gitdir: string,
    /** The remote this repository was cloned from, if any. */
    readonly url?: string,
  ) {
    this.objects = new ObjectStore(gitdir);
  }

  /** Opens an existing repository: a working tree with `.git`, or a bare repository. */
  static open(dir: string): Repository {
    const dotGit = path.join(dir, '.git');
    if (fs.existsSync(path.join(dotGit, 'HEAD'))) return new Repository(dotGit);
    if (fs.existsSync(path.join(dir, 'HEAD'))) return new Repository(dir);
    throw new Error(`"${dir}" is not a git repository (no .git folder and no HEAD file)`);
  }

  /**
   * Clones `url` into `gitdir` (bare, no checkout), or reuses the clone found there and fetches.
   * Throws when no earlier clone exists and the clone fails; a failed fetch of an existing clone
   * is returned as `fetchError`, because a clone on disk is better than no site. `clone` does the
   * cloning (`cloneRepository` here; the server runs it in a child process, clone-process.ts).
   */
  static async cloneOrOpen(
    url: string,
    gitdir: string,
    opts: { timeoutMs?: number; clone?: typeof cloneRepository } = {},
  ): Promise<{ repository: Repository; fetchError?: Error }> {
    const repository = new Repository(gitdir, url);
    if (fs.existsSync(path.join(gitdir, 'HEAD'))) {
      try {
        await repository.fetch(opts);
        return { repository };
      } catch (error) {
        return { repository, fetchError: error instanceof Error ? error : new Error(String(error)) };
      }
    }
    const partial = `${gitdir}.partial-${process.pid}`;
    removeStalePartials(gitdir);
    try {
      await (opts.clone ?? cloneRepository)(url, partial, opts.timeoutMs);
      // Rename only once complete, so a crash mid-clone never leaves a half repository in place.
      fs.renameSync(partial, gitdir);
    } catch (error) {
      fs.rmSync(partial, { recursive: true, force: true });
      throw error;
    }
    return { repository };
  }

  /** Fetches every branch and tag from the remote; a no-op for a repository read in place. */
  async fetch(opts: { timeoutMs?: number } = {}): Promise<void> {
    const url = this.url;
    if (!url) return;
    await withDeadline(opts.timeoutMs, `fetching ${url}`, (http) =>
      // A cache of its own: what isomorphic-git loads while it fetches is let go once it is done.
      git.fetch({ fs, http, dir: this.gitdir, gitdir: this.gitdir, url, tags: true, prune: true, pruneTags: true, cache: {} }),
    );
  }

  /** The default branch: the remote's HEAD for a clone, the local HEAD otherwise. */
  async defaultBranch(): Promise<string> {
    for (const ref of ['refs/remotes/origin/HEAD', 'HEAD']) {
      try {
        const full = await git.resolveRef({ fs, gitdir: this.gitdir, ref, depth: 2 });
        if (full.startsWith('refs/')) return full.replace(/^refs\/(heads|remotes\/origin)\//, '');
      } catch {
        // try the next candidate
      }
    }
    return 'main';
  }

  /** Every branch (local, then remote-tracking) and tag, each with the commit it points to. */
  async listRefs(): Promise<{ branches: Map<string, string>; tags: Map<string, string> }> {
    const branches = new Map<string, string>();
    const tags = new Map<string, string>();
    for (const prefix of this.branchPrefixes()) {
      const remote = prefix === 'refs/remotes/origin/' ? 'origin' : undefined;
      for (const name of await git.listBranches({ fs, gitdir: this.gitdir, remote })) {
        if (name === 'HEAD' || branches.has(name)) continue;
        branches.set(name, await this.resolveCommit(prefix + name));
      }
    }
    for (const name of await git.listTags({ fs, gitdir: this.gitdir })) {
      tags.set(name, await this.resolveCommit(`refs/tags/${name}`));
    }
    return { branches, tags };
  }

  /**
   * Resolves a branch, a tag (annotated tags peeled) or a full or abbreviated commit id to a
   * commit oid. Throws UnknownRefError when nothing matches.
   */
  async resolve(ref: string): Promise<string> {
    const candidates = [...this.branchPrefixes().map((prefix) => prefix + ref), `refs/tags/${ref}`];
    for (const candidate of candidates) {
      try {
        return await this.resolveCommit(candidate);
      } catch (error) {
        if (!isNotFound(error)) throw error;
      }
    }
    if (/^[0-9a-f]{4,40}$/i.test(ref)) {
      try {
        const ids = ref.length === 40 ? [ref.toLowerCase()] : this.objects.idsWithPrefix(ref);
        // An ambiguous abbreviation names nothing.
        if (ids.length === 1) return await this.peelToCommit(ids[0]);
      } catch {
        // fall through: not an object of this repository, or ambiguous
      }
    }
    throw new UnknownRefError(ref);
  }

  /** A commit object: its tree, parents, author and message. */
  async readCommitObject(oid: string): Promise<CommitObject> {
    await shareTheLoop();
    return parseCommit(await this.readObject(oid, 'commit'));
  }

  /** The entries of a tree object, kept for the next read unless `keep` is false (a walk through old history). */
  async readTreeEntries(oid: string, opts: { keep?: boolean } = {}): Promise<TreeObject> {
    await shareTheLoop();
    let tree = this.trees.get(oid);
    if (!tree) {
      tree = parseTree(await this.readObject(oid, 'tree'));
      if (opts.keep !== false) this.trees.set(oid, tree);
    }
    return tree;
  }

  /** Builds the path -> blob index of a commit's whole tree, reading each tree object once. */
  async readTreeIndex(commitOid: string): Promise<TreeIndex> {
    const commit = await this.readCommitObject(commitOid);
    const index = new Map<string, TreeEntry>();
    const walk = async (treeOid: string, prefix: string): Promise<void> => {
      for (const entry of await this.readTreeEntries(treeOid)) {
        const filepath = prefix + entry.path;
        if (entry.type === 'tree') await walk(entry.oid, `${filepath}/`);
        else if (entry.type === 'blob') index.set(filepath, { oid: entry.oid, mode: entry.mode });
      }
    };
    await walk(commit.tree, '');
    return index;
  }

  /** The best common ancestor of two commits (the first, when git finds several), or undefined when they share none. */
  async mergeBase(a: string, b: string): Promise<string | undefined> {
    return mergeBase((oid) => this.readCommitObject(oid), a, b);
  }

  /** Reads a blob's bytes by oid. */
  async readBlob(oid: string): Promise<Uint8Array> {
    await shareTheLoop();
    return this.readObject(oid, 'blob');
  }

  /** A blob's size in bytes, without reading it whole. */
  readBlobSize(oid: string): Promise<number> {
    return this.objects.sizeOf(oid);
  }

  /** Closes the files this repository reads (a clone replaced by a fresh one); a later read opens them again. */
  close(): void {
    this.objects.close();
  }

  /** An object's bytes, checked to be of `type`. */
  private async readObject(oid: string, type: ObjectType): Promise<Buffer> {
    const object = await this.objects.read(oid);
    if (object.type !== type) throw new Error(`Object ${oid} is a ${object.type}, not a ${type}`);
    return object.data;
  }

  /**
   * Where branches live, in order of authority. In a clone the remote-tracking refs are what
   * `fetch` updates; the local branch made by the clone would go stale.
   */
  private branchPrefixes(): string[] {
    return this.url ? ['refs/remotes/origin/', 'refs/heads/'] : ['refs/heads/', 'refs/remotes/origin/'];
  }

  private async resolveCommit(ref: string): Promise<string> {
    return this.peelToCommit(await git.resolveRef({ fs, gitdir: this.gitdir, ref }));
  }

  /** Follows annotated tags until a commit; anything else is not a ref we can serve. */
  private async peelToCommit(oid: string): Promise<string> {
    for (let depth = 0; depth < 10; depth++) {
      const object = await this.objects.read(oid);
      if (object.type === 'commit') return oid;
      if (object.type !== 'tag') break;
      oid = parseTag(object.data).object;
    }
    throw new Error(`${oid} is not a commit`);
  }
}

function isNotFound(error: unknown): boolean {
  return error instanceof Error && (error as { code?: string }).code === 'NotFoundError';
}

/** Clones `url` into `dir` as a bare repository (no checkout), within `timeoutMs`, in this process. */
export async function cloneRepository(url: string, dir: string, timeoutMs?: number): Promise<void> {
  await withDeadline(timeoutMs, `cloning ${url}`, (http) => git.clone({ fs, http, dir, gitdir: dir, url, noCheckout: true, cache: {} }));
}

/**
 * Runs one network operation of isomorphic-git with an HTTP client that is aborted after `ms`, so
 * the bound is end to end and the request in flight is really cancelled. The race covers the time
 * between requests too (isomorphic-git indexing a pack), when there is no request to abort.
 */
async function withDeadline<T>(ms: number | undefined, what: string, operation: (http: HttpClient) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const http = abortableHttpClient(controller.signal);
  const timer = ms ? setTimeout(() => controller.abort(new Error(`Timed out after ${ms} ms ${what}`)), ms) : undefined;
  const aborted = new Promise<never>((_, reject) => controller.signal.addEventListener('abort', () => reject(controller.signal.reason), { once: true }));
  try {
    return await Promise.race([operation(http), aborted]);
  } finally {
    clearTimeout(timer);
    http.close();
  }
}

/**
 * Removes the half-done clones of `gitdir` (`{gitdir}.partial-{pid}`) that no running process is
 * writing: this process's own, and those a crash or a kill mid-clone left behind.
 */
function removeStalePartials(gitdir: string): void {
  const dir = path.dirname(gitdir);
  const prefix = `${path.basename(gitdir)}.partial-`;
  for (const name of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
    if (!name.startsWith(prefix)) continue;
    const pid = Number(name.slice(prefix.length));
    if (pid === process.pid || !isRunning(pid)) fs.rmSync(path.join(dir, name), { recursive: true, force: true });
  }
}

/** True when a process with this id runs (signal 0 only checks; EPERM means it runs as another user). */
function isRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
