// A clone in a child process, from a real git server over HTTP: the repository it leaves is whole,
// a remote that fails or hangs gives the child's reason, with nothing left on disk, and no clone
// outlives the server that started it.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
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

  it('removes the half-done clone a killed server left, and clones afresh', async () => {
    const gitdir = path.join(root, 'after-crash.git');
    // A process that has exited: its id names the folder it was cloning into when it died.
    const deadPid = spawnSync('true').pid;
    const stale = `${gitdir}.partial-${deadPid}`;
    fs.mkdirSync(path.join(stale, 'objects'), { recursive: true });
    const { repository } = await Repository.cloneOrOpen(`${remote.url}/docs/.git`, gitdir, { timeoutMs: 60_000, clone: cloneInChildProcess });
    expect(await repository.resolve('main')).toBe(commit);
    expect(fs.existsSync(stale)).toBe(false);
  });

  it.each([
    ['exits', 'process.exit(0)'],
    ['is killed', 'process.kill(process.pid, "SIGKILL")'],
  ])(
    'stops the clone when the server %s mid-clone',
    async (_how, end) => {
      remote.mode = 'hang';
      const dir = path.join(root, `orphan-${Date.now()}.git`);
      const module = fileURLToPath(new URL('./clone-process.ts', import.meta.url));
      // A server stand-in: starts a clone that cannot finish, then ends while it runs.
      const script = `import { cloneInChildProcess } from ${JSON.stringify(module)};
      cloneInChildProcess(${JSON.stringify(`${remote.url}/docs/.git`)}, ${JSON.stringify(dir)}).catch(() => {});
      setTimeout(() => { ${end}; }, 2000);`;
      // From a file: the clone child is forked with its parent's node options, which must not hold the script.
      const file = path.join(root, `server-${Date.now()}.mts`);
      fs.writeFileSync(file, script);
      const parent = spawn(process.execPath, ['--import', 'tsx', file], { stdio: 'ignore' });
      try {
        await expect.poll(() => clonesOf(dir), { timeout: 60_000 }).toHaveLength(1);
        await new Promise((resolve) => parent.once('exit', resolve));
        await expect.poll(() => clonesOf(dir), { timeout: 60_000 }).toEqual([]);
      } finally {
        parent.kill('SIGKILL');
        for (const pid of clonesOf(dir)) process.kill(pid, 'SIGKILL');
        remote.mode = 'ok';
      }
    },
    180_000,
  );
});

/** The ids of running clone processes whose command line names `dir`. */
function clonesOf(dir: string): number[] {
  const pids: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const args = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      if (args.some((arg) => arg.endsWith('clone-main.ts') || arg.endsWith('clone-main.js')) && args.includes(dir)) pids.push(Number(entry));
    } catch {
      // The process ended while we looked.
    }
  }
  return pids;
}
