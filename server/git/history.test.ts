// "Last updated" is what `git log -1 --format='%an %ct' -- FILE` says, merges and all, and history
// is read once: a push reads its new commits only, a restart reads the saved records.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeTempDirs, tempDir } from '../../tests/support/repos.js';
import { History } from './history.js';
import { historyFile } from './history-file.js';
import type { HistoryReader } from './history-pass.js';
import { Repository } from './repository.js';

afterAll(removeTempDirs);

/** Runs git in `dir`; `as` sets the author and committer (name and ISO date; the committer date may differ). */
function git(dir: string, args: string[], as?: { name: string; date: string; committed?: string }): string {
  const env = as && {
    ...process.env,
    GIT_AUTHOR_NAME: as.name,
    GIT_AUTHOR_EMAIL: `${as.name.toLowerCase()}@example.org`,
    GIT_AUTHOR_DATE: as.date,
    GIT_COMMITTER_NAME: as.name,
    GIT_COMMITTER_EMAIL: `${as.name.toLowerCase()}@example.org`,
    GIT_COMMITTER_DATE: as.committed ?? as.date,
  };
  return execFileSync('git', args, { cwd: dir, env: env ?? process.env, stdio: 'pipe' })
    .toString()
    .trim();
}

/** Writes files (null removes one) and commits them. */
function commit(dir: string, files: Record<string, string | null>, as: { name: string; date: string; committed?: string }): string {
  for (const [file, content] of Object.entries(files)) {
    if (content === null) fs.rmSync(path.join(dir, file));
    else {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), content);
    }
  }
  git(dir, ['add', '-A']);
  git(dir, ['commit', '-q', '-m', `Change by ${as.name}`], as);
  return git(dir, ['rev-parse', 'HEAD']);
}

/** Every file of `commit` with what git says of it: `{commit} {committer time} {author}` of `git log -1`. */
function gitLastUpdates(dir: string, commit: string): Record<string, string> {
  const files = git(dir, ['ls-tree', '-r', '--name-only', commit]).split('\n');
  return Object.fromEntries(files.map((file) => [file, git(dir, ['log', '-1', '--format=%ct %an', commit, '--', file])]));
}

/** Our table in the same form. */
async function ourLastUpdates(history: History, repository: HistoryReader, commit: string): Promise<Record<string, string>> {
  const table = await history.lastUpdates(repository, commit);
  return Object.fromEntries([...table].map(([file, update]) => [file, `${update.time / 1000} ${update.author}`]));
}

/**
 * Pull requests merged with merge commits, the default branch merged into a feature branch, a merge
 * that adds a file of its own, a commit whose committer date is not its author date, a mode change.
 */
function mergesRepo(dir: string): string {
  fs.mkdirSync(dir);
  git(dir, ['init', '-q', '-b', 'main']);
  commit(dir, { 'docs/a.md': 'a1\n', 'docs/b.md': 'b1\n', 'docs/c.md': 'c1\n', 'other.txt': 'o1\n' }, { name: 'Ada', date: '2024-01-01T10:00:00Z' });
  git(dir, ['checkout', '-q', '-b', 'feature']);
  commit(dir, { 'docs/a.md': 'a2\n' }, { name: 'Brian', date: '2024-02-01T10:00:00Z' });
  git(dir, ['checkout', '-q', 'main']);
  commit(dir, { 'docs/b.md': 'b2\n' }, { name: 'Carol', date: '2024-03-01T10:00:00Z' });
  git(dir, ['merge', '-q', '--no-ff', '-m', 'Merge feature', 'feature'], { name: 'Dora', date: '2024-04-01T10:00:00Z' });
  git(dir, ['checkout', '-q', '-b', 'second']);
  commit(dir, { 'docs/c.md': 'c2\n' }, { name: 'Eve', date: '2024-05-01T10:00:00Z' });
  git(dir, ['checkout', '-q', 'main']);
  commit(dir, { 'docs/b.md': 'b3\n' }, { name: 'Frank', date: '2024-06-01T10:00:00Z' });
  git(dir, ['checkout', '-q', 'second']);
  git(dir, ['merge', '-q', '--no-ff', '-m', 'Merge main into second', 'main'], { name: 'Gus', date: '2024-07-01T10:00:00Z' });
  git(dir, ['checkout', '-q', 'main']);
  git(dir, ['merge', '-q', '--no-ff', '--no-commit', 'second'], { name: 'Hana', date: '2024-08-01T10:00:00Z' });
  fs.writeFileSync(path.join(dir, 'docs/d.md'), 'made in the merge\n');
  git(dir, ['add', 'docs/d.md']);
  git(dir, ['commit', '-q', '-m', 'Merge second'], { name: 'Hana', date: '2024-08-01T10:00:00Z' });
  commit(dir, { 'docs/e.md': 'e1\n' }, { name: 'Ivan', date: '2024-09-01T10:00:00Z', committed: '2024-10-15T23:30:00Z' });
  fs.chmodSync(path.join(dir, 'docs/c.md'), 0o755);
  commit(dir, {}, { name: 'Jo', date: '2024-11-01T10:00:00Z' });
  return dir;
}

describe('last updates', () => {
  let dir: string;
  beforeAll(() => {
    dir = mergesRepo(path.join(tempDir('history-'), 'repo'));
  });

  it('agrees with git log -1 on every file, through merges, at every commit', async () => {
    const repository = Repository.open(dir);
    const history = new History();
    const commits = git(dir, ['rev-list', '--all']).split('\n');
    for (const commit of commits) expect(await ourLastUpdates(history, repository, commit), commit).toEqual(gitLastUpdates(dir, commit));
    const head = await ourLastUpdates(history, repository, git(dir, ['rev-parse', 'main']));
    // The pull request's author, not whoever merged it; the merge that brought a file of its own; the committer date.
    expect(head['docs/a.md']).toMatch(/ Brian$/);
    expect(head['docs/b.md']).toMatch(/ Frank$/);
    expect(head['docs/d.md']).toMatch(/ Hana$/);
    expect(head['docs/e.md']).toBe(`${Date.parse('2024-10-15T23:30:00Z') / 1000} Ivan`);
    expect(head['docs/c.md']).toMatch(/ Jo$/);
  });

  it('reads only the commits a push added, and nothing after a restart, which reads back what they changed', async () => {
    const data = tempDir('history-data-');
    const repository = Repository.open(dir);
    let reads = 0;
    const counting: HistoryReader = {
      readCommitObject: (oid) => {
        reads++;
        return repository.readCommitObject(oid);
      },
      readTreeEntries: (oid) => repository.readTreeEntries(oid),
    };
    const history = new History(historyFile(data));
    await history.lastUpdates(counting, git(dir, ['rev-parse', 'main']));
    expect(reads).toBe(Number(git(dir, ['rev-list', '--count', 'main'])));

    git(dir, ['checkout', '-q', '-b', 'pushed', 'main']);
    // The last one removes a file too: the restarted table must not date it.
    for (let i = 0; i < 3; i++)
      commit(dir, { [`docs/new-${i}.md`]: `${i}\n`, ...(i === 2 && { 'docs/new-0.md': null }) }, { name: `Pusher ${i}`, date: `2025-01-0${i + 1}T10:00:00Z` });
    const head = git(dir, ['rev-parse', 'HEAD']);
    reads = 0;
    const pushed = await ourLastUpdates(history, counting, head);
    expect(reads).toBe(3);
    expect(pushed).toEqual(gitLastUpdates(dir, head));

    reads = 0;
    const restarted = new History(historyFile(data));
    expect(await ourLastUpdates(restarted, counting, head)).toEqual(pushed);
    expect(reads).toBe(0);
    expect(restarted.size).toBe(Number(git(dir, ['rev-list', '--count', 'HEAD'])));
  });

  it('cuts off a record file torn mid-write, and computes what it lost again', async () => {
    const file = historyFile(tempDir('history-data-'));
    const repository = Repository.open(dir);
    const head = git(dir, ['rev-parse', 'main']);
    const expected = await ourLastUpdates(new History(file), repository, head);
    const whole = fs.statSync(file).size;
    fs.appendFileSync(file, Buffer.from([0, 0, 1, 0, 1, 2, 3]));
    expect(await ourLastUpdates(new History(file), repository, head)).toEqual(expected);
    expect(fs.statSync(file).size).toBe(whole);
  });

  it('removes the records file an older format left when it reads its own', async () => {
    const data = tempDir('history-data-');
    const cache = path.join(data, 'cache');
    fs.mkdirSync(cache, { recursive: true });
    fs.writeFileSync(path.join(cache, 'history-1.records'), 'the records of an older docsite');
    const history = new History(historyFile(data));
    const head = git(dir, ['rev-parse', 'main']);
    expect(await ourLastUpdates(history, Repository.open(dir), head)).toEqual(gitLastUpdates(dir, head));
    expect(fs.readdirSync(cache)).toEqual([path.basename(historyFile(data))]);
  });

  it('gives no dates and no history for a shallow clone rather than wrong ones', async () => {
    const shallow = path.join(tempDir('history-shallow-'), 'repo');
    execFileSync('git', ['clone', '-q', '--depth', '2', `file://${dir}`, shallow]);
    const history = new History();
    const head = git(shallow, ['rev-parse', 'HEAD']);
    expect((await history.lastUpdates(Repository.open(shallow), head)).size).toBe(0);
    expect((await history.fileHistory(Repository.open(shallow), head, 'docs/a.md', 10)).entries).toEqual([]);
  });
});
