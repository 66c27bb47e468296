// The doc model of a pushed commit costs what the push changed: pages whose blob another commit
// already had are not read or parsed again, and the model is the same as one read from scratch.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import git from 'isomorphic-git';
import { afterAll, describe, expect, it } from 'vitest';
import { Repository } from '../git/repository.js';
import type { ReadFrontMatter } from './doc-set.js';
import { docSetAtCommit } from './sidebars/test-support.js';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

async function commit(dir: string, files: Record<string, string>): Promise<string> {
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
    await git.add({ fs, dir, filepath: file });
  }
  return git.commit({ fs, dir, message: 'change', author: { name: 'A', email: 'a@example.org' } });
}

describe('loadDocSet with the front matter of earlier commits', () => {
  it('reads only the pages a commit changed, and builds the same docs as a fresh read', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsite-doc-set-'));
    dirs.push(dir);
    await git.init({ fs, dir, defaultBranch: 'main' });
    const first = await commit(dir, {
      'general/a.md': '---\ntitle: A\n---\nA',
      'general/b.md': '---\ntitle: B\ntags: [x]\n---\nB',
      'general/c.md': '---\ntitle: C\nsidebar_position: nope\n---\nC',
    });
    const second = await commit(dir, { 'general/b.md': '---\ntitle: B, renamed\n---\nB' });

    const repository = Repository.open(dir);
    const read: string[] = [];
    const counting = Object.create(repository, {
      readBlob: { value: (oid: string) => (read.push(oid), repository.readBlob(oid)) },
    }) as Repository;
    const known = new Map<string, ReadFrontMatter>();
    await docSetAtCommit(counting, first, known);
    expect(read).toHaveLength(3);

    read.length = 0;
    const docSet = await docSetAtCommit(counting, second, known);
    expect(read).toHaveLength(1);
    const fresh = await docSetAtCommit(repository, second);
    expect(docSet.docs).toEqual(fresh.docs);
    expect(docSet.byId.get('b')?.title).toBe('B, renamed');
    expect(docSet.byId.get('c')?.error?.message).toMatch(/sidebar_position/);
  });
});
