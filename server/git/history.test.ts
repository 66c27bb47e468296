// "Last updated" comes from one pass over history: each file is dated by the newest commit on
// the first-parent line that changed it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import git from 'isomorphic-git';
import { describe, expect, it } from 'vitest';
import { Repository } from './repository.js';
import { lastUpdates } from './history.js';

async function commit(dir: string, files: Record<string, string>, name: string, timestamp: number): Promise<string> {
  for (const [file, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), content);
    await git.add({ fs, dir, filepath: file });
  }
  return git.commit({ fs, dir, message: 'change', author: { name, email: `${name}@example.org`, timestamp, timezoneOffset: 0 } });
}

describe('last updated', () => {
  it('dates each file of the folder by the last commit that changed it', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsite-history-'));
    await git.init({ fs, dir, defaultBranch: 'main' });
    await commit(dir, { 'docs/a.md': 'a1', 'docs/sub/b.md': 'b1', 'other.md': 'x' }, 'Ada', 1_000_000);
    await commit(dir, { 'docs/sub/b.md': 'b2', 'other.md': 'y' }, 'Brian', 2_000_000);
    const head = await commit(dir, { 'other.md': 'z' }, 'Carol', 3_000_000);

    const updates = await lastUpdates(Repository.open(dir), head, 'docs/');
    expect(Object.fromEntries(updates)).toEqual({
      'docs/a.md': { time: 1_000_000_000, author: 'Ada', oid: expect.any(String) },
      'docs/sub/b.md': { time: 2_000_000_000, author: 'Brian', oid: expect.any(String) },
    });
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
