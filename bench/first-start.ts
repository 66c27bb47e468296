// The first minute of a server (issue 55): a fresh DATA_DIR, a clone of the upstream repository
// (the corpus's bundle) served as the README says, with no configuration, and the built server of
// the current directory (run this from another checkout's folder to measure that build). Two runs,
// each a fresh DATA_DIR: "quiet", nobody searching (a search hurries its index: it would change
// what is measured), prints in seconds from the spawn when /readyz says `ready` and when the last
// version of every instance, then every published version, has its search index ("full index");
// "asking", a client asking all along, prints when the first answers list the coding style policy
// (`/api/search` of the whole site and of /general, MCP `search_docs` with no instance). Never
// fails on a number.
//
//   npm run build && npx tsx bench/first-start.ts [--runs=2] [--mode=quiet|asking]
//   (cd ../other-checkout && npx tsx /path/to/this/bench/first-start.ts)   # another build
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startApp } from '../tests/support/app-server.js';
import { cloneBundle } from '../tests/support/bundle.js';
import { callTool, mcpClient } from '../tests/support/mcp.js';
import { removeTempDirs, tempDir } from '../tests/support/repos.js';

const RUNS = Number(process.argv.find((arg) => arg.startsWith('--runs='))?.slice(7) ?? 1);
const MODES = (process.argv.find((arg) => arg.startsWith('--mode='))?.slice(7) ?? 'quiet,asking').split(',');
const POLICY = '/general/development/policies/codingstyle';
/** Gives up on what has not happened by then. */
const LIMIT_MS = 600_000;

/** Seconds since `from`, to one decimal. */
const since = (from: number, at = Date.now()) => ((at - from) / 1000).toFixed(1);

/** CPU seconds a process has used so far (user + system, all its threads); 0 once it is gone. */
function cpuSeconds(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** When something happened: the time, and the server's CPU seconds until then. */
interface Moment {
  at: number;
  cpu: number;
}

/** The first time `probe` answers true, polled every 250 ms (each probe awaited: a search may wait for its index), with the server's CPU then. */
async function whenTrue(probe: () => Promise<boolean>, stop: () => boolean, pid: number): Promise<Moment | undefined> {
  while (!stop()) {
    if (await probe().catch(() => false)) return { at: Date.now(), cpu: cpuSeconds(pid) };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return undefined;
}

/** One first start, quiet or asking; prints its line. */
async function run(clone: string, index: number, mode: string): Promise<void> {
  const asking = mode === 'asking';
  const spawned = Date.now();
  const app = await startApp({ CONTENT_REPO: clone, SYNC_INTERVAL: '0' }, { timeoutMs: LIMIT_MS });
  const listening = Date.now();
  const pid = app.nodePid();
  let done = false;
  const stop = () => done || Date.now() - spawned > LIMIT_MS;
  const lists = async (url: string) => {
    const res = await fetch(app.url + url);
    if (res.status !== 200) return false;
    const body = (await res.json()) as { results: { url: string }[] };
    return body.results.some((result) => result.url.startsWith(POLICY));
  };
  const client = await mcpClient(app.url);
  const versions = (await (await fetch(`${app.url}/api/versions`)).json()) as { instances: { id: string; versions: { name: string; isLast: boolean; commit: string | null }[] }[] };
  const published = versions.instances.flatMap((instance) => instance.versions.filter((version) => version.commit).map((version) => ({ ...version, instance: instance.id })));
  /** When the log says every index whose key passes `wanted` was built or read back. */
  const indexed = (wanted: (key: { instance: string; version: string }) => boolean, count: number) =>
    whenTrue(
      async () => {
        const keys = new Set(
          [...app.output().matchAll(/"commit":"([0-9a-f]{40}):([^:"]+):([^"]+)","ms":\d+,"msg":"search index (built|read from disk)"/g)]
            .map((match) => ({ instance: match[2], version: match[3] }))
            .filter(wanted)
            .map((key) => `${key.instance}:${key.version}`),
        );
        return keys.size >= count;
      },
      stop,
      pid,
    );
  const lastNames = new Set(published.filter((version) => version.isLast).map((version) => `${version.instance}:${version.name}`));
  const never = Promise.resolve(undefined);
  // An index's key names its instance and version ("current", or "version-5.2" for a versioned folder).
  const last = indexed((key) => lastNames.has(`${key.instance}:${key.version.replace(/^version-/, '')}`), lastNames.size);
  const all = asking ? whenTrue(() => lists('/api/search?q=coding+style&scope=all&limit=20'), stop, pid) : never;
  const general = asking ? whenTrue(() => lists('/api/search?q=coding+style&instance=general&limit=20'), stop, pid) : never;
  // An agent with no instance: a build where search_docs reads /docs alone never finds the policy; it is given up on once the rest is known.
  let rest = false;
  void Promise.all([last, all, general]).finally(() => {
    rest = true;
  });
  const mcp = asking
    ? whenTrue(
        async () => {
          const answer = (await callTool(client, 'search_docs', { query: 'coding style', limit: 20 })) as { results?: { url: string }[] };
          return !!answer.results?.some((result) => new URL(result.url).pathname.startsWith(POLICY));
        },
        () => stop() || rest,
        pid,
      )
    : never;
  const ready = whenTrue(async () => ((await (await fetch(`${app.url}/readyz`)).json()) as { status: string }).status === 'ready', stop, pid);
  // Asking, the last versions are what is measured: the others are built after them either way.
  const full = asking ? never : indexed(() => true, published.length);
  const times = { ready: await ready, all: await all, general: await general, mcp: await mcp, last: await last, full: await full };
  done = true;
  const at = (moment: Moment | undefined) => (moment ? `${since(spawned, moment.at)} s (${moment.cpu.toFixed(0)} CPU-s)` : 'never');
  const found = `coding style found: whole site ${at(times.all)}, /general ${at(times.general)}, MCP (no instance) ${at(times.mcp)}`;
  console.log(
    `run ${index + 1} (${mode}): listening ${since(spawned, listening)} s, ready ${at(times.ready)}; ${asking ? `${found}; ` : ''}indexes: last versions (${lastNames.size}) ${at(times.last)}${asking ? '' : `, all ${published.length} ${at(times.full)}`}; load ${os.loadavg()[0].toFixed(1)}`,
  );
  // Each index as the log says it was made, in seconds from the spawn.
  const made = [...app.output().matchAll(/"time":"([^"]+)","commit":"[0-9a-f]{40}:([^:"]+):([^"]+)","ms":\d+,"msg":"search index (built|read from disk)"/g)].map(
    (match) => `${match[2]}:${match[3]} ${since(spawned, Date.parse(match[1]))} s`,
  );
  const errors = app
    .output()
    .split('\n')
    .filter((line) => /"level":"(error|fatal)"/.test(line));
  console.log(`  indexes made: ${made.join(', ') || 'none'}${errors.length ? `; ${errors.length} error lines, the first: ${errors[0].slice(0, 300)}` : ''}`);
  await client.close();
  await app.stop();
}

async function main() {
  const clone = cloneBundle(path.join(tempDir('bench-first-start-'), 'devdocs'));
  console.log(`build: ${process.cwd()}; ${os.cpus().length} cores`);
  for (let index = 0; index < RUNS; index++) for (const mode of MODES) await run(clone, index, mode);
  removeTempDirs();
}

await main();
