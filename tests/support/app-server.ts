// Starts the built production server as a user would (`bin/start.sh`, which `npm start` and the
// image run: node with the heap MEMORY_MB gives it), on a free port.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface AppServer {
  url: string;
  process: ChildProcess;
  /** Everything the server printed, for assertions on logs and for failure messages. */
  output(): string;
  /** The node process serving now (bin/start.sh supervises it, and starts another if it dies). */
  nodePid(): number;
  /** Kills the server at once (SIGKILL), its supervisor and node both. */
  kill(): void;
  /** Sends SIGTERM, waits for the exit code, and removes the DATA_DIR made for it (not one given). */
  stop(): Promise<number | null>;
}

const entry = path.resolve('build/docsite.js');
const launcher = path.resolve('bin/start.sh');
const cli = path.resolve('bin/cli.js');

/**
 * Starts the server with `env` (plus a fresh DATA_DIR unless given) and waits until it listens.
 * With `cli`, it is started as the `docsite` command with those arguments instead.
 * A server that exits first rejects with its output, and the DATA_DIR made for it is removed.
 */
export async function startApp(env: Record<string, string> = {}, opts: { timeoutMs?: number; cli?: string[] } = {}): Promise<AppServer> {
  if (!fs.existsSync(entry)) throw new Error('build/docsite.js is missing: run `npm run build` first (npm test does).');
  const ownDataDir = env.DATA_DIR ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), 'docsite-data-'));
  const dataDir = env.DATA_DIR ?? ownDataDir!;
  // Retried: a clone child the server killed on exit may still be going away for a moment.
  const removeOwnDataDir = () => ownDataDir && fs.rmSync(ownDataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  // `cli`: the `docsite` command's arguments (bin/cli.js), e.g. `['preview', folder]`.
  const child = spawn(opts.cli ? process.execPath : 'sh', opts.cli ? [cli, ...opts.cli] : [launcher], {
    // Every test's requests come from one address: the rate of whole-site answers per client is
    // lifted unless a test sets it (tests/hostile/ do).
    env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir, WHOLE_SITE_PER_MINUTE: '10000', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in time:\n${output}`)), opts.timeoutMs ?? 120_000);
    const onData = () => {
      const match = /"url":"([^"]+)","msg":"listening"/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout!.on('data', onData);
    // `close`, not `exit`: it comes after the last output, so the message holds the reason.
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      removeOwnDataDir();
      reject(new Error(`server exited with ${code ?? signal} before listening:\n${output}`));
    });
  }).catch((error) => {
    killTree(child);
    throw error;
  });
  return {
    url,
    process: child,
    output: () => output,
    nodePid: () => nodeChild(child.pid!),
    kill: () => killTree(child),
    stop: () =>
      new Promise<number | null>((resolve) => {
        if (child.exitCode !== null) return resolve(child.exitCode);
        child.once('exit', (code) => resolve(code));
        child.kill('SIGTERM');
      }).finally(removeOwnDataDir),
  };
}

/** The pid of the node process a supervisor (bin/start.sh) runs, or the process itself when it is node. */
function nodeChild(pid: number): number {
  if (fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'node') return pid;
  const children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  const node = children.find((child) => fs.readFileSync(`/proc/${child}/comm`, 'utf8').trim() === 'node');
  if (!node) throw new Error(`no node process under ${pid}`);
  return node;
}

/** SIGKILLs a started server: the node process first (a killed supervisor would leave it running), then the supervisor. */
function killTree(child: ChildProcess): void {
  try {
    process.kill(nodeChild(child.pid!), 'SIGKILL');
  } catch {
    // Already gone, or not started yet.
  }
  child.kill('SIGKILL');
}
