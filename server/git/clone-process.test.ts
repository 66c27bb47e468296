// A clone in a child process, from a real git server over HTTP: the repository it leaves is whole,
// and a remote that fails or hangs gives the child's reason, with nothing left on disk.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFaultyProxy, type FaultyProxy } from '../../tests/support/faulty-proxy.js';
import { startGitHttpServer, type GitHttpServer } from '../../tests/support/git-http-server.js';
import { TestRepo, removeTempDirs, tempDir } from '../../tests/support/repos.js';
import { cloneInChildProcess } from './clone-process.js';
import { Repository } from './repository.js';

describe('cloneInChildProcess', () => {
  let root: string;
  let gitServer: GitHttpServer;
  let remote: FaultyProxy;
  let commit: string;

  beforeAll(async () => {
    root = tempDir('docsite-clone-process-');
    const repo = await TestRepo.create(path.join(root, 'docs'));
    commit = await repo.commit({ 'general/intro.md': '# Intro\n' });
    gitServer = await startGitHttpServer(root);
    remote = await startFaultyProxy(gitServer.url);
  });

  afterAll(async () => {
    await remote?.close();
    await gitServer?.close();
    removeTempDirs();
  });

  it('leaves a bare clone this process reads', async () => {
    const gitdir = path.join(root, 'ok.git');
    const { repository } = await Repository.cloneOrOpen(`${remote.url}/docs/.git`, gitdir, { timeoutMs: 60_000, clone: cloneInChildProcess });
    expect(await repository.resolve('main')).toBe(commit);
    expect(await repository.defaultBranch()).toBe('main');
  });

  it("rejects with the child's reason when the remote fails, and leaves nothing behind", async () => {
    remote.mode = 'error';
    const gitdir = path.join(root, 'failed.git');
    try {
      await expect(Repository.cloneOrOpen(`${remote.url}/docs/.git`, gitdir, { timeoutMs: 60_000, clone: cloneInChildProcess })).rejects.toThrow(/500/);
    } finally {
      remote.mode = 'ok';
    }
    expect(fs.readdirSync(root).filter((name) => name.startsWith('failed.git'))).toEqual([]);
  });

  it('rejects with a timeout when the remote hangs past the deadline', async () => {
    remote.mode = 'hang';
    try {
      await expect(cloneInChildProcess(`${remote.url}/docs/.git`, path.join(root, 'hung.git'), 1_000)).rejects.toThrow(/Timed out after 1000 ms cloning/);
    } finally {
      remote.mode = 'ok';
    }
  });
});
