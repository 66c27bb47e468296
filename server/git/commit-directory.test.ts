// A folder committed as `git add -A && git commit` would see it: what .gitignore files exclude,
// dotfiles and node_modules left out, and the same commit as long as nothing changed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { commitDirectory } from './commit-directory.js';
import { Repository } from './repository.js';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

function folder(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsite-commit-dir-'));
  dirs.push(dir);
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

describe('commitDirectory', () => {
  it('leaves out what .gitignore files exclude (nested ones too), dotfiles and node_modules', async () => {
    const dir = folder({
      '.gitignore': 'build/\n*.log\n',
      'docs/.gitignore': 'drafts/\n',
      'docs/a.md': 'a',
      'docs/drafts/b.md': 'b',
      'docs/debug.log': 'x',
      'build/index.html': 'x',
      'node_modules/x/index.js': 'x',
      '.env': 'x',
      'drafts/kept.md': 'kept: the nested rule applies under docs/ only',
    });
    const gitdir = path.join(dir, '.store.git');
    const commit = await commitDirectory(dir, gitdir, { gitignore: true });
    const files = [...(await new Repository(gitdir).readTreeIndex(commit)).keys()].sort();
    expect(files).toEqual(['docs/a.md', 'drafts/kept.md']);
  });

  it('makes a new commit only when a file changed', async () => {
    const dir = folder({ 'a.md': 'one' });
    const gitdir = path.join(dir, '.store.git');
    const known = new Map();
    const first = await commitDirectory(dir, gitdir, { known });
    expect(await commitDirectory(dir, gitdir, { known })).toBe(first);
    fs.writeFileSync(path.join(dir, 'a.md'), 'two, longer');
    const second = await commitDirectory(dir, gitdir, { known });
    expect(second).not.toBe(first);
    const repository = new Repository(gitdir);
    expect((await repository.readCommitObject(second)).parent).toEqual([first]);
    const blob = (await repository.readTreeIndex(second)).get('a.md')!.oid;
    expect(new TextDecoder().decode(await repository.readBlob(blob))).toBe('two, longer');
  });
});
