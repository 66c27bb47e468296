// Builds real git repositories in temp folders for tests.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import git from 'isomorphic-git';

const tempDirs = new Set<string>();

/** A fresh empty temp folder, removed by `removeTempDirs()` (call it in afterAll) or at process exit. */
export function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  tempDirs.add(dir);
  return dir;
}

/** Removes every folder `tempDir` made in this test file; call it in afterAll, after stopping servers. */
export function removeTempDirs(): void {
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
  tempDirs.clear();
}

// A test that crashed before its afterAll still leaves nothing behind.
process.once('exit', removeTempDirs);

const author = { name: 'Test Author', email: 'author@example.org' };

/**
 * A working repository made with isomorphic-git. `commit` writes files (null deletes) on the
 * current branch and commits them.
 */
export class TestRepo {
  private constructor(readonly dir: string) {}

  static async create(dir: string, branch = 'main'): Promise<TestRepo> {
    fs.mkdirSync(dir, { recursive: true });
    await git.init({ fs, dir, defaultBranch: branch });
    return new TestRepo(dir);
  }

  /** `at`: the commit's time (seconds since the epoch), for tests of what history says; default: now. */
  async commit(files: Record<string, string | null>, message = 'Update', at?: number): Promise<string> {
    for (const [file, content] of Object.entries(files)) {
      const full = path.join(this.dir, file);
      if (content === null) {
        fs.rmSync(full, { force: true });
        await git.remove({ fs, dir: this.dir, filepath: file });
      } else {
        fs.mkdirSync(path.dirname(full), { recursive: true });
        fs.writeFileSync(full, content);
        await git.add({ fs, dir: this.dir, filepath: file });
      }
    }
    return git.commit({ fs, dir: this.dir, message, author: at === undefined ? author : { ...author, timestamp: at, timezoneOffset: 0 } });
  }

  /** Creates `name` at the current commit and checks it out. */
  async branch(name: string): Promise<void> {
    await git.branch({ fs, dir: this.dir, ref: name, checkout: true });
  }

  async checkout(name: string): Promise<void> {
    await git.checkout({ fs, dir: this.dir, ref: name, force: true });
  }

  async annotatedTag(name: string, message = name): Promise<void> {
    await git.annotatedTag({ fs, dir: this.dir, ref: name, message, tagger: author });
  }
}

/**
 * Commits a copy of a folder (e.g. the shared corpus) into a new repository with the git CLI,
 * plus extra files. Fast for thousands of files; the corpus itself is never modified.
 */
export function repoFromFolder(source: string, dir: string, extra: Record<string, string> = {}): string {
  fs.cpSync(source, dir, { recursive: true });
  for (const [file, content] of Object.entries(extra)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), content);
  }
  const run = (...args: string[]) => execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.org', ...args], { cwd: dir, stdio: 'pipe' });
  run('init', '-q', '-b', 'main');
  run('add', '-A');
  run('commit', '-q', '-m', 'Corpus');
  return dir;
}
