// What a branch changed, file by file, as git itself would list it (`git diff --name-status -M`),
// and where it forked from the default branch.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Repository } from './repository.js';
import { diffTrees } from './tree-diff.js';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** A throwaway repository driven by the git CLI, so expectations come from git, not from this code. */
function repo() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsite-tree-diff-'));
  dirs.push(dir);
  const run = (...args: string[]) =>
    execFileSync('git', args, {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, GIT_AUTHOR_NAME: 'A', GIT_AUTHOR_EMAIL: 'a@example.org', GIT_COMMITTER_NAME: 'A', GIT_COMMITTER_EMAIL: 'a@example.org' },
    }).trim();
  run('init', '-q', '-b', 'main');
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  };
  const commit = (message: string) => {
    run('add', '-A');
    run('commit', '-q', '-m', message);
    return run('rev-parse', 'HEAD');
  };
  return { dir, run, write, commit, tree: (ref: string) => run('rev-parse', `${ref}^{tree}`) };
}

const long = (seed: string) => Array.from({ length: 40 }, (_, i) => `${seed} line ${i} of a page long enough to compare`).join('\n');

describe('diffTrees', () => {
  it('lists added, removed, modified and renamed files exactly as git does', async () => {
    const r = repo();
    r.write('docs/keep.md', 'same\n');
    r.write('docs/edit.md', 'old\n');
    r.write('docs/gone.md', long('gone'));
    r.write('docs/move/exact.md', long('exact'));
    r.write('docs/similar.md', long('similar'));
    r.write('outside.md', 'x\n');
    const base = r.commit('base');
    r.run('checkout', '-q', '-b', 'topic');
    r.write('docs/edit.md', 'new\n');
    r.write('docs/new.md', long('new'));
    fs.rmSync(path.join(r.dir, 'docs/gone.md'));
    fs.renameSync(path.join(r.dir, 'docs/move/exact.md'), path.join(r.dir, 'docs/exact.md'));
    fs.rmSync(path.join(r.dir, 'docs/similar.md'));
    r.write('docs/guide/similar.md', `${long('similar')}\nplus one line`);
    r.write('outside.md', 'y\n');
    const head = r.commit('topic');

    const changes = await diffTrees(Repository.open(r.dir), r.tree(base), r.tree(head), { folder: 'docs' });
    const letter = { added: 'A', removed: 'D', modified: 'M', renamed: 'R' } as const;
    const ours = changes.map((c) => [letter[c.status], ...(c.oldPath ? [c.oldPath] : []), c.path].join('\t')).sort();
    const gits = r
      .run('diff', '--name-status', '-M50%', base, head, '--', 'docs')
      .split('\n')
      .map((line) => line.replace(/^R\d+/, 'R'))
      .sort();
    expect(ours).toEqual(gits);
    expect(changes.find((c) => c.path === 'docs/exact.md')).toMatchObject({ status: 'renamed', oldPath: 'docs/move/exact.md', similarity: 1 });
    expect(changes.find((c) => c.path === 'docs/guide/similar.md')?.similarity).toBeGreaterThan(0.9);
  });

  it('treats a missing tree as empty and skips identical trees', async () => {
    const r = repo();
    r.write('a.md', 'a\n');
    const head = r.commit('one');
    const repository = Repository.open(r.dir);
    expect(await diffTrees(repository, undefined, r.tree(head))).toEqual([expect.objectContaining({ status: 'added', path: 'a.md' })]);
    expect(await diffTrees(repository, r.tree(head), undefined)).toEqual([expect.objectContaining({ status: 'removed', path: 'a.md' })]);
    expect(await diffTrees(repository, r.tree(head), r.tree(head))).toEqual([]);
  });
});

describe('Repository.mergeBase', () => {
  it('finds the commit a branch forked from, as `git merge-base` does', async () => {
    const r = repo();
    r.write('a.md', '1\n');
    r.commit('one');
    r.write('a.md', '2\n');
    const fork = r.commit('two');
    r.run('checkout', '-q', '-b', 'topic');
    r.write('b.md', 'b\n');
    const topic = r.commit('topic');
    r.run('checkout', '-q', 'main');
    r.write('a.md', '3\n');
    const main = r.commit('three');
    const base = await Repository.open(r.dir).mergeBase(main, topic);
    expect(base).toBe(fork);
    expect(base).toBe(r.run('merge-base', main, topic));
  });
});
