import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TestRepo } from '../../tests/support/repos.js';
import { Repository } from './repository.js';
import { reachableCommits } from './reachable.js';

describe('reachableCommits', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsite-reachable-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('finds every ancestor of the tips and nothing on other branches', async () => {
    const repo = await TestRepo.create(dir);
    const first = await repo.commit({ 'a.md': 'one' });
    const second = await repo.commit({ 'a.md': 'two' });
    await repo.branch('side');
    const side = await repo.commit({ 'b.md': 'side' });
    await repo.checkout('main');
    const third = await repo.commit({ 'a.md': 'three' });
    const repository = Repository.open(dir);
    expect(await reachableCommits(repository, [third])).toEqual(new Set([first, second, third]));
    expect(await reachableCommits(repository, [third, side])).toEqual(new Set([first, second, third, side]));
  });
});
