// A file's history is what `git log --follow -- FILE` lists: renames and copies followed (git
// looks for copies among every file when it follows one), side branches in date order, merges left out.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeTempDirs, tempDir } from '../../tests/support/repos.js';
import { History } from './history.js';
import { historyFile } from './history-file.js';
import { Repository } from './repository.js';
import { MAX_SCORE, similarity, spansOf } from './similarity.js';

afterAll(removeTempDirs);

let clock = Date.parse('2024-01-01T00:00:00Z') / 1000;

/** Runs git in `dir` as `name`, each commit a day after the one before. */
function git(dir: string, args: string[], name = 'Ada'): string {
  clock += 86_400;
  const date = `${clock} +0000`;
  const env = {
    ...process.env,
    GIT_AUTHOR_NAME: name,
    GIT_AUTHOR_EMAIL: 'a@example.org',
    GIT_AUTHOR_DATE: date,
    GIT_COMMITTER_NAME: name,
    GIT_COMMITTER_EMAIL: 'a@example.org',
    GIT_COMMITTER_DATE: date,
  };
  return execFileSync('git', args, { cwd: dir, env, stdio: 'pipe' }).toString().trim();
}

/** A paragraph of numbered lines, different for each seed. */
function text(seed: string, lines = 30): string {
  return Array.from({ length: lines }, (_, i) => `${seed} line ${i}: the quick brown fox jumps over the lazy dog.\n`).join('');
}

function write(dir: string, file: string, content: string): void {
  fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  fs.writeFileSync(path.join(dir, file), content);
}

function commit(dir: string, name: string, message = `By ${name}`): void {
  git(dir, ['add', '-A']);
  git(dir, ['commit', '-q', '-m', message], name);
}

/** Renames (exact, and edited), a copy of an unchanged file, a file removed and added again, edits on a side branch merged later. */
function followRepo(dir: string): string {
  fs.mkdirSync(dir);
  git(dir, ['init', '-q', '-b', 'main']);
  write(dir, 'docs/a.md', text('a'));
  write(dir, 'docs/keep.md', text('keep'));
  write(dir, 'docs/gone.md', text('gone'));
  commit(dir, 'Ada');
  write(dir, 'docs/a.md', text('a') + 'more\n');
  commit(dir, 'Brian');
  fs.mkdirSync(path.join(dir, 'docs/moved'));
  git(dir, ['mv', 'docs/a.md', 'docs/moved/a.md']);
  commit(dir, 'Carol', 'Move a');
  git(dir, ['mv', 'docs/moved/a.md', 'docs/b.md']);
  write(dir, 'docs/b.md', text('a').replace('line 3:', 'line three:') + 'more\n');
  commit(dir, 'Dora', 'Rename and edit');
  write(dir, 'docs/copy.md', text('keep').replace('line 1:', 'line one:'));
  commit(dir, 'Eve', 'Copy keep');
  fs.rmSync(path.join(dir, 'docs/gone.md'));
  commit(dir, 'Frank', 'Remove gone');
  git(dir, ['checkout', '-q', '-b', 'side']);
  write(dir, 'docs/b.md', text('a').replace('line 3:', 'line three:') + 'more\nside\n');
  commit(dir, 'Gus', 'Side edit');
  git(dir, ['checkout', '-q', 'main']);
  write(dir, 'docs/gone.md', text('gone again'));
  commit(dir, 'Hana', 'Add gone again');
  write(dir, 'docs/keep.md', text('keep') + 'kept\n');
  commit(dir, 'Ivan');
  git(dir, ['merge', '-q', '--no-ff', '-m', 'Merge side', 'side'], 'Jo');
  return dir;
}

describe('file history', () => {
  let dir: string;
  beforeAll(() => {
    dir = followRepo(path.join(tempDir('follow-'), 'repo'));
  });

  it('lists what git log --follow lists, for every file', async () => {
    const repository = Repository.open(dir);
    const history = new History();
    const head = git(dir, ['rev-parse', 'HEAD']);
    for (const file of git(dir, ['ls-tree', '-r', '--name-only', 'HEAD']).split('\n')) {
      const expected = git(dir, ['log', '--follow', '--format=%H %at %an', '--', file]).split('\n');
      const actual = (await history.fileHistory(repository, head, file, 100)).entries.map((entry) => `${entry.commit} ${entry.time / 1000} ${entry.author}`);
      expect(actual, file).toEqual(expected);
    }
    const b = (await history.fileHistory(repository, head, 'docs/b.md', 100)).entries;
    expect(b.map((entry) => [entry.status, entry.path, entry.oldPath])).toEqual([
      ['modified', 'docs/b.md', undefined],
      ['renamed', 'docs/b.md', 'docs/moved/a.md'],
      ['renamed', 'docs/moved/a.md', 'docs/a.md'],
      ['modified', 'docs/a.md', undefined],
      ['added', 'docs/a.md', undefined],
    ]);
    const copy = (await history.fileHistory(repository, head, 'docs/copy.md', 100)).entries;
    expect(copy[0]).toMatchObject({ status: 'copied', oldPath: 'docs/keep.md' });
  });

  it('says what each commit did to the file as git does, and which blob it left or removed', async () => {
    const repository = Repository.open(dir);
    const history = new History();
    const head = git(dir, ['rev-parse', 'HEAD']);
    const statuses: Record<string, string> = { A: 'added', D: 'removed', M: 'modified', R: 'renamed', C: 'copied' };
    for (const file of git(dir, ['ls-tree', '-r', '--name-only', 'HEAD']).split('\n')) {
      const expected = git(dir, ['log', '--follow', '--format=', '--name-status', '--', file])
        .split('\n')
        .filter(Boolean)
        .map((line) => statuses[line[0]]);
      const entries = (await history.fileHistory(repository, head, file, 100)).entries;
      expect(
        entries.map((entry) => entry.status),
        file,
      ).toEqual(expected);
      for (const entry of entries)
        expect(entry.oid, `${file} ${entry.status}`).toBe(git(dir, ['rev-parse', `${entry.status === 'removed' ? entry.parent : entry.commit}:${entry.path}`]));
    }
  });

  it('follows a symlink only to a symlink, as git does, with the modes the records keep', async () => {
    const modes = path.join(tempDir('follow-modes-'), 'repo');
    fs.mkdirSync(modes);
    git(modes, ['init', '-q', '-b', 'main']);
    write(modes, 'docs/a.md', text('a'));
    fs.symlinkSync('a.md', path.join(modes, 'docs/link'));
    commit(modes, 'Ada');
    // The same bytes as the symlink's blob, in a regular file and in another symlink.
    write(modes, 'docs/plain', 'a.md');
    fs.symlinkSync('a.md', path.join(modes, 'docs/link-copy'));
    commit(modes, 'Brian');
    const head = git(modes, ['rev-parse', 'HEAD']);
    // Computed, then read back from the records file by a restarted server.
    const records = historyFile(tempDir('follow-modes-data-'));
    await new History(records).fileHistory(Repository.open(modes), head, 'docs/plain', 100);
    const restarted = new History(records);
    for (const file of ['docs/plain', 'docs/link-copy']) {
      const expected = git(modes, ['log', '--follow', '--format=%H', '--name-status', '--', file]).split('\n').filter(Boolean);
      const entries = (await restarted.fileHistory(Repository.open(modes), head, file, 100)).entries;
      expect(
        entries.flatMap((entry) => [
          entry.commit,
          `${{ added: 'A', copied: 'C100', modified: 'M', renamed: 'R100', removed: 'D' }[entry.status]}\t${entry.oldPath ? `${entry.oldPath}\t` : ''}${entry.path}`,
        ]),
        file,
      ).toEqual(expected);
    }
  });

  it('lists the history of each head asked, one after another', async () => {
    const repository = Repository.open(dir);
    const history = new History();
    for (const head of ['HEAD', 'HEAD~3', 'side', 'HEAD']) {
      const expected = git(dir, ['log', '--follow', '--format=%H', head, '--', 'docs/b.md']).split('\n');
      const actual = (await history.fileHistory(repository, git(dir, ['rev-parse', head]), 'docs/b.md', 100)).entries.map((entry) => entry.commit);
      expect(actual, head).toEqual(expected);
    }
  });

  it('stops at the limit and says there is more', async () => {
    const head = git(dir, ['rev-parse', 'HEAD']);
    const history = await new History().fileHistory(Repository.open(dir), head, 'docs/b.md', 2);
    expect(history.entries).toHaveLength(2);
    expect(history.more).toBe(true);
  });
});

describe('similarity', () => {
  it('scores a rename as git does', () => {
    const dir = path.join(tempDir('similarity-'), 'repo');
    fs.mkdirSync(dir);
    git(dir, ['init', '-q', '-b', 'main']);
    const before: Record<string, string> = {};
    const after: Record<string, string> = {};
    for (let i = 1; i <= 6; i++) {
      before[`old-${i}.md`] = text(`file ${i}`, 20) + 'x'.repeat(100 * i) + '\r\n';
      after[`new-${i}.md`] = text(`file ${i}`, 20).replace(/line 1\d/g, `changed ${i}`) + 'y'.repeat(30 * i) + '\n';
    }
    for (const [file, content] of Object.entries(before)) write(dir, file, content);
    commit(dir, 'Ada');
    for (const file of Object.keys(before)) fs.rmSync(path.join(dir, file));
    for (const [file, content] of Object.entries(after)) write(dir, file, content);
    commit(dir, 'Brian');
    // git prints the score as a whole percent: R087.
    const renames = git(dir, ['diff', '--name-status', '-M20%', 'HEAD~', 'HEAD'])
      .split('\n')
      .filter((line) => line.startsWith('R'));
    expect(renames.length).toBeGreaterThan(3);
    for (const line of renames) {
      const [status, from, to] = line.split('\t');
      const score = similarity(spansOf(Buffer.from(before[from])), spansOf(Buffer.from(after[to])));
      expect(Math.floor((score * 100) / MAX_SCORE), line).toBe(Number(status.slice(1)));
    }
  });
});
