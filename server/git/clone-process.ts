// A clone runs in a child process. isomorphic-git reads and indexes the whole pack in memory; a
// process that exits gives all of it back to the system, where the server's own heap and malloc
// arenas kept about 35 MiB of it for as long as it ran (RSS at ready after cloning the corpus).
// A clone past its deadline is also really stopped (killed), not merely abandoned mid-indexing.
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** How long past its own deadline a child may take to report before it is killed. */
const KILL_GRACE_MS = 5_000;

/**
 * The clones in progress, killed when this process exits: a clone must not outlive the server
 * (and go on writing into a data folder that is being removed or reused). A server killed
 * outright runs no exit handler; its child then stops when the IPC channel closes (clone-main).
 */
const running = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/** The message the child sends when its clone failed. */
export interface CloneFailure {
  error: string;
}

/**
 * Clones `url` into `dir` (bare, no checkout) in a child process running clone-main; rejects with
 * the child's error, or a timeout, when it fails. Same contract as `cloneRepository`.
 */
export function cloneInChildProcess(url: string, dir: string, timeoutMs?: number): Promise<void> {
  const main = cloneMainFile();
  return new Promise((resolve, reject) => {
    const child = fork(main, [url, dir, String(timeoutMs ?? 0)], {
      execArgv: [...process.execArgv, ...(main.endsWith('.ts') ? ['--import', 'tsx'] : [])],
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    running.add(child);
    let failure: string | undefined;
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-2000);
    });
    child.on('message', (message: CloneFailure) => {
      failure = message.error;
    });
    const timer = timeoutMs
      ? setTimeout(() => {
          failure ??= `Timed out after ${timeoutMs} ms cloning ${url}`;
          child.kill('SIGKILL');
        }, timeoutMs + KILL_GRACE_MS)
      : undefined;
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('exit', (code, signal) => {
      running.delete(child);
      clearTimeout(timer);
      if (code === 0 && !failure) resolve();
      else reject(new Error(failure ?? `the clone process ended with ${signal ?? `exit code ${code}`}${stderr ? `: ${stderr.trim()}` : ''}`));
    });
  });
}

/** clone-main beside this module: `.ts` when run from source, `.js` in the build. */
function cloneMainFile(): string {
  const here = fileURLToPath(import.meta.url);
  return path.join(path.dirname(here), here.endsWith('.ts') ? 'clone-main.ts' : 'clone-main.js');
}
