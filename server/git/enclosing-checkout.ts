// The git checkout a folder sits in (this project's own repository, for the embedded content):
// where its history can be read, what it has checked out, and where the folder is inside it.
import fs from 'node:fs';
import path from 'node:path';
import { Repository } from './repository.js';

/** A folder's enclosing checkout: its repository, the commit checked out, and the folder's path in it ('' at the root). */
export interface EnclosingCheckout {
  repository: Repository;
  head: string;
  folder: string;
}

/**
 * The checkout enclosing `folder`, found by looking for `.git` in it and its parents: a `.git`
 * folder, or a `.git` file naming a linked worktree's git directory (`git worktree add`), whose
 * objects and branches live in the main repository. Undefined when there is none (a container
 * image has no `.git`), when HEAD names no commit yet, or when anything cannot be read.
 */
export async function enclosingCheckout(folder: string): Promise<EnclosingCheckout | undefined> {
  try {
    const root = findRoot(path.resolve(folder));
    if (!root) return undefined;
    const dotGit = path.join(root, '.git');
    const gitdir = fs.statSync(dotGit).isDirectory() ? dotGit : path.resolve(root, /^gitdir:\s*(.+)$/m.exec(fs.readFileSync(dotGit, 'utf8'))?.[1].trim() ?? '');
    const commondir = path.join(gitdir, 'commondir');
    const repository = repositoryAt(fs.existsSync(commondir) ? path.resolve(gitdir, fs.readFileSync(commondir, 'utf8').trim()) : gitdir);
    // HEAD is the worktree's own: `ref: refs/heads/<branch>`, or a commit id when detached.
    const head = fs.readFileSync(path.join(gitdir, 'HEAD'), 'utf8').trim();
    const branch = /^ref:\s*refs\/heads\/(.+)$/.exec(head)?.[1];
    return { repository, head: await repository.resolve(branch ?? head), folder: path.relative(root, path.resolve(folder)).split(path.sep).join('/') };
  } catch {
    return undefined;
  }
}

/** Checkouts read so far, by git directory: one Repository each, so its packs are opened once, not on every served commit. */
const repositories = new Map<string, Repository>();

/** The Repository of a git directory, made on first use. */
function repositoryAt(gitdir: string): Repository {
  let repository = repositories.get(gitdir);
  if (!repository) {
    repository = new Repository(gitdir);
    repositories.set(gitdir, repository);
  }
  return repository;
}

/** The nearest of `dir` and its parents that holds a `.git` entry. */
function findRoot(dir: string): string | undefined {
  for (let current = dir; ; current = path.dirname(current)) {
    if (fs.existsSync(path.join(current, '.git'))) return current;
    if (path.dirname(current) === current) return undefined;
  }
}
