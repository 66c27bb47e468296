// The server's side of the sandbox (decision 034): one thread running QuickJS, started when a
// site's code first needs running and stopped when idle. Evaluations run one at a time; each
// answers the engine's questions (resolve, load, read, stat, list) from one commit's files and
// records what it looked at. A thread that stops answering is ended and started again.
import { MessageChannel, Worker, type MessagePort } from 'node:worker_threads';
import { fileURLToPath, pathToFileURL } from 'node:url';
import path from 'node:path';
import { lookedAt, type ReadSet, type SiteFiles } from './site-files.js';
import { answer } from './sandbox-answers.js';
import type { PackageFolder } from './site-packages.js';
import { preludeScript } from './prelude.js';
import { sourceLineOf } from './line-map.js';
import { DEFAULT_LIMITS, MODULE_PREFIX, type SandboxLimits, type SandboxReply, type SandboxRequest } from './sandbox-protocol.js';
import { answerSync, newSignal, type Numbered } from './sync-channel.js';

/** How long a new thread may take to load QuickJS before the evaluation counts as stuck. */
const STARTUP_MS = 30_000;

/** One evaluation's work: the module to load and what to call. */
export interface SandboxJob {
  /** Repository path of the module (`docusaurus.config.js`). */
  entry: string;
  /** Call the module's export with these arguments when it is a function. */
  callWith?: unknown[];
  calls?: { fn: number; args: unknown[] }[];
  /** Instead of loading `entry`: components to render to HTML (islands.ts). */
  islands?: SandboxRequest['islands'];
  /** Instead of loading `entry`: a page's tree through the site's remark plugins (remark-plugins.ts). */
  remark?: SandboxRequest['remark'];
  now: Date;
  /** The site's folder in the repository (Docusaurus's siteDir, '' for the root): `process.cwd()` and `@site/`. */
  siteDir?: string;
  /** The folders a module path from the root (`/img/x.png`) is looked for in, first: the static folders (repository paths). */
  roots?: string[];
}

/** What an evaluation gave: its JSON values, or where and why it failed; what it read; the packages it stubbed. */
export interface SandboxOutcome {
  values?: unknown[];
  failure?: { message: string; file?: string; line?: number; column?: number; limit?: boolean };
  reads: ReadSet;
  stubbed: string[];
  /** Islands finished before the evaluation ended, in order (each told as it finished: a limit keeps those before it). */
  finished: { index: number; result: unknown }[];
  /** The line of a file's source that a line of the code the engine ran comes from (transpiled modules differ). */
  sourceLine(file: string, line: number): number;
  /** The file that first required each stubbed package (repository path). */
  stubbedBy: Record<string, string>;
  /** The CSS of the CSS modules the code loaded, by repository path, in the order they were loaded (asset-modules.ts). */
  styles: Record<string, string>;
}

/** How the sandbox is run. */
export interface SandboxOptions {
  limits?: Partial<SandboxLimits>;
  /** The environment variables a site's code may read (`process.env`). */
  env?: Record<string, string>;
  /** A thread with no work for this long exits and gives its memory back; 0 keeps it. */
  idleMs?: number;
  /** The site's installed packages (SITE_MODULES), which a `require` the commit cannot answer is looked for in. */
  packages?: PackageFolder;
}

/** The sandbox: evaluates a site's own code from a commit's files, one evaluation at a time. */
export class Sandbox {
  private worker?: { thread: Worker; port: MessagePort; signal: Int32Array };
  private queue: Promise<unknown> = Promise.resolve();
  private nextId = 1;
  private idleTimer?: NodeJS.Timeout;
  private readonly limits: SandboxLimits;
  /** Evaluations run and threads restarted, for /metrics. */
  readonly counts = { evaluations: 0, failures: 0, restarts: 0, shimLoads: 0 };

  constructor(private readonly options: SandboxOptions = {}) {
    this.limits = { ...DEFAULT_LIMITS, ...options.limits };
  }

  /** The installed packages the code may load (SITE_MODULES), if any: results that read them depend on them too. */
  get packages(): PackageFolder | undefined {
    return this.options.packages;
  }

  /** Evaluates `job` against `files`; never throws for what the code does (a failure is in the outcome). */
  evaluate(files: SiteFiles, job: SandboxJob): Promise<SandboxOutcome> {
    const run = this.queue.then(() => this.run(files, job));
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Ends the thread (tests, shutdown). */
  async close(): Promise<void> {
    clearTimeout(this.idleTimer);
    await this.worker?.thread.terminate();
    this.worker = undefined;
  }

  private async run(files: SiteFiles, job: SandboxJob): Promise<SandboxOutcome> {
    clearTimeout(this.idleTimer);
    const worker = this.startWorker();
    const id = this.nextId++;
    const reads: ReadSet = {};
    const stubbed = new Map<string, string>();
    const lineMaps = new Map<string, number[]>();
    const styles = new Map<string, string>();
    const finished: { index: number; result: unknown }[] = [];
    const look = (key: string) => {
      reads[key] = lookedAt(files, key);
    };
    const request: SandboxRequest = {
      id,
      prelude: await preludeScript(),
      entry: `/site/${job.entry}`,
      callWith: job.callWith,
      calls: job.calls,
      islands: job.islands,
      remark: job.remark,
      now: job.now.getTime(),
      cwd: job.siteDir ? `/site/${job.siteDir}` : '/site',
      env: this.options.env ?? {},
      limits: this.limits,
    };
    this.counts.evaluations++;
    const reply = await new Promise<SandboxReply>((resolve) => {
      // The engine checks its CPU budget itself; this only ends a thread stuck where it cannot
      // (the first deadline covers starting the thread, until it says it has begun).
      const hardMs = this.limits.cpuMs * 2 + 5000;
      // Once settled, a late answer must not arm a deadline that would end the next evaluation's thread.
      let settled = false;
      const stop = () => {
        if (settled) return;
        settled = true;
        worker.thread.off('message', onMessage);
        worker.thread.off('exit', onExit);
        this.restart(resolve, id, worker.thread);
      };
      let deadline = setTimeout(stop, hardMs + STARTUP_MS);
      const onMessage = (message: SandboxReply | { id: number; question: Numbered<string> } | { id: number; started: true }) => {
        if (message.id !== id) return;
        if ('started' in message) {
          clearTimeout(deadline);
          deadline = setTimeout(stop, hardMs);
          return;
        }
        if ('question' in message) {
          clearTimeout(deadline);
          const { seq, body } = message.question;
          if (body.includes('"op":"shims"')) this.counts.shimLoads++;
          void answer(body, files, { look, stubbed, lineMaps, styles, finished, packages: this.options.packages, siteDir: job.siteDir ?? '', roots: job.roots ?? [] }).then(
            (text) => {
              if (settled) return;
              deadline = setTimeout(stop, hardMs);
              answerSync(worker.port, worker.signal, { seq, body: text });
            },
          );
          return;
        }
        clearTimeout(deadline);
        settled = true;
        worker.thread.off('message', onMessage);
        worker.thread.off('exit', onExit);
        resolve(message);
      };
      // A thread that ends mid-evaluation (it should not) answers for it at once.
      const onExit = () => {
        clearTimeout(deadline);
        settled = true;
        worker.thread.off('message', onMessage);
        resolve({ id, error: { message: 'the sandbox stopped while evaluating this code' } });
      };
      worker.thread.on('message', onMessage);
      worker.thread.once('exit', onExit);
      worker.thread.postMessage(request);
    });
    this.scheduleIdle();
    const outcome: SandboxOutcome = {
      reads,
      stubbed: [...stubbed.keys()],
      stubbedBy: Object.fromEntries(stubbed),
      sourceLine: (file, line) => sourceLineOf(lineMaps.get(file), line),
      finished,
      styles: Object.fromEntries(styles),
    };
    if (reply.results) outcome.values = reply.results.map((text) => JSON.parse(text));
    else {
      this.counts.failures++;
      const position = positionOf(reply.error?.stack, job.entry);
      if (position.file && position.line) position.line = outcome.sourceLine(position.file, position.line);
      outcome.failure = { ...position, message: reply.error?.message ?? 'the evaluation failed', limit: reply.error?.limit };
    }
    return outcome;
  }

  private startWorker(): NonNullable<Sandbox['worker']> {
    if (this.worker) return this.worker;
    const here = fileURLToPath(import.meta.url);
    const file = path.join(path.dirname(here), here.endsWith('.ts') ? 'sandbox-worker.ts' : 'sandbox-worker.js');
    const { port1, port2 } = new MessageChannel();
    const signal = newSignal();
    // From source, the module is imported once tsx's hooks are in place (as piscina does).
    const fromSource = file.endsWith('.ts');
    const source = `import('tsx/esm/api').then((tsx) => tsx.register()).then(() => import(${JSON.stringify(pathToFileURL(file).href)}))`;
    const thread = new Worker(fromSource ? source : file, {
      eval: fromSource,
      workerData: { channel: { port: port2, signal } },
      transferList: [port2],
      // The engine's memory is WebAssembly memory, outside this heap; node's own part stays small.
      resourceLimits: { maxOldGenerationSizeMb: 48, maxYoungGenerationSizeMb: 8 },
    });
    thread.unref();
    // A thread that fails to start ends: its evaluation answers through 'exit'.
    thread.on('error', () => undefined);
    thread.on('exit', () => {
      if (this.worker?.thread === thread) this.worker = undefined;
    });
    this.worker = { thread, port: port1, signal };
    return this.worker;
  }

  /** Ends the thread of an evaluation that did not finish in time (that one only), and answers for it. */
  private restart(resolve: (reply: SandboxReply) => void, id: number, thread: Worker): void {
    this.counts.restarts++;
    if (this.worker?.thread === thread) this.worker = undefined;
    void thread.terminate();
    resolve({ id, error: { message: `the code did not finish within ${this.limits.cpuMs} ms and was stopped`, limit: true } });
  }

  private scheduleIdle(): void {
    const idleMs = this.options.idleMs ?? 10_000;
    if (idleMs > 0) this.idleTimer = setTimeout(() => void this.close(), idleMs).unref();
  }
}

/** The first position in a stack that is in the site's files (QuickJS: `at f (/site/x.js:3:7)`). */
function positionOf(stack: string | undefined, entry: string): { file?: string; line?: number; column?: number } {
  const match = /\/site\/([^\s:()]+):(\d+)(?::(\d+))?/.exec(stack ?? '');
  if (!match) return { file: entry };
  const line = Number(match[2]);
  const column = match[3] ? Number(match[3]) - (line === 1 ? MODULE_PREFIX.length : 0) : undefined;
  return { file: match[1], line, column };
}
