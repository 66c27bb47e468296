// Measures live refresh on the shared corpus cloned over local HTTP, with four versions (four
// branches) configured. Prints figures; never fails on a number.
//
//   npx tsx bench/refresh.ts [--one-version | --whole-site | --bundle | --bundle-flat | --matrix]
//
// --one-version serves the corpus with its example configuration alone (one version, 742 pages):
// the issue's "corpus, every page read once and searched".
// --whole-site serves the upstream repository (the corpus's git bundle) as it is (no
// configuration of ours): two docs instances, six versions, 1,513
// pages; step 3 then reads every page of every version once and searches each version once.
// --bundle serves the bundle with the four ref versions below committed into it instead of a
// one-commit copy of the corpus; --bundle-flat the bundle's main tree as one commit, the same files
// without their history (what the history costs is the difference between the two).
//
// --matrix runs the four cells of issue 34 one after another, each a fresh server in a child
// process: the corpus (--one-version) and the whole site, at the default MEMORY_MB and at 256; it
// prints their RSS after start, warm, searched and idle as one table.
//
// 1. webhook -> new content: commit a change on the default branch, POST the signed webhook, poll
//    the page until the change shows; median (and spread) of 20.
// 2. first page of a branch never read before (cold doc set + render).
// 3. resident memory with every page of every version read once (warm caches), then with each
//    version searched once (its index built and kept).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync, spawnSync } from 'node:child_process';
import { startApp, type AppServer } from '../tests/support/app-server.js';
import { startGitHttpServer } from '../tests/support/git-http-server.js';
import { cloneBundle, gitIn } from '../tests/support/bundle.js';
import { exampleConfig } from '../tests/support/example.js';
import { repoFromFolder, tempDir } from '../tests/support/repos.js';
import { corpusContent } from '../tests/support/requirements.js';

const SECRET = 'bench-webhook-secret';
const PAGE = 'general/development/policies/codingstyle/index.md';
const VERSIONS = ['4.3', '4.4', '4.5'];

function rssMiB(pid: number): number {
  return Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** What one run measured, for --matrix (printed as one `figures:` line of JSON). */
interface Figures {
  start: number;
  warm: number;
  searched: number;
  /** Seconds after the last search until /metrics showed no render thread, and RSS then. */
  threadsGoneAfter: number;
  threadsGone: number;
  idle30: number;
  idle60: number;
  statuses: number[];
  pages: number;
  warmSeconds: number;
}

async function main() {
  if (process.argv.includes('--matrix')) return matrix();
  const root = tempDir('bench-refresh-');
  const dir = path.join(root, 'corpus');
  const config = [
    'title: Moodle Developer Resources',
    'docs: { path: general, base: general, sidebars: sidebars.general.yaml }',
    'versions:',
    '  - name: current',
    ...VERSIONS.flatMap((v) => [`  - name: "${v}"`, `    ref: v${v}`]),
    '',
  ].join('\n');
  const arg = (name: string) => process.argv.includes(`--${name}`);
  const source = arg('whole-site') ? 'whole-site' : arg('bundle') ? 'bundle' : arg('bundle-flat') ? 'bundle-flat' : arg('one-version') ? 'one-version' : 'corpus';
  const oneVersion = source === 'one-version';
  if (source === 'corpus') repoFromFolder(corpusContent, dir, { ...exampleConfig(), 'docsite.yaml': config });
  else if (oneVersion) repoFromFolder(corpusContent, dir, exampleConfig());
  else if (source === 'whole-site') cloneBundle(dir);
  else bundleRepo(dir, config, source === 'bundle-flat');
  console.log(`content: ${source}`);
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=Bench', '-c', 'user.email=bench@example.org', ...args], { cwd: dir, stdio: 'pipe' })
      .toString()
      .trim();
  // Each version a real commit of its own: the same corpus with one page changed.
  for (const version of source === 'whole-site' || oneVersion ? [] : VERSIONS) {
    git('checkout', '-q', '-b', `v${version}`, 'main');
    fs.appendFileSync(path.join(dir, PAGE), `\n\nVersion ${version} of this page.\n`);
    git('commit', '-qam', `Version ${version}`);
  }
  git('checkout', '-q', '-b', 'feature/never-read', 'main');
  fs.appendFileSync(path.join(dir, PAGE), '\n\nA change on a feature branch.\n');
  git('commit', '-qam', 'Feature');
  git('checkout', '-q', 'main');

  const gitServer = await startGitHttpServer(root);
  const app = await startApp({ CONTENT_REPO: `${gitServer.url}/corpus/.git`, WEBHOOK_SECRET: SECRET, SYNC_INTERVAL: '0' }, { timeoutMs: 600_000 });
  try {
    await measure(app, dir, git, source === 'whole-site' ? 'instances' : oneVersion ? 'one' : 'refs');
  } catch (error) {
    console.log(`failed: ${error}${error instanceof Error && error.cause ? ` (${error.cause})` : ''}\nthe server's last output:\n${app.output().slice(-3000)}`);
    process.exitCode = 1;
  }
  await app.stop();
  await gitServer.close();
}

/** The bundle cloned into `dir` with `config` and the example sidebars committed; with `flat`, its main tree alone as one commit. */
function bundleRepo(dir: string, config: string, flat: boolean): void {
  cloneBundle(dir);
  if (flat) {
    gitIn(dir, 'checkout', '-q', '--orphan', 'flat');
    gitIn(dir, 'commit', '-q', '-m', 'The main tree as one commit');
    gitIn(dir, 'remote', 'remove', 'origin');
    gitIn(dir, 'branch', '-M', 'flat', 'main');
    gitIn(dir, 'reflog', 'expire', '--expire=now', '--all');
    gitIn(dir, 'gc', '-q', '--prune=now');
  }
  fs.writeFileSync(path.join(dir, 'docsite.yaml'), config);
  fs.writeFileSync(path.join(dir, 'sidebars.general.yaml'), exampleConfig()['sidebars.general.yaml']);
  gitIn(dir, 'add', 'docsite.yaml', 'sidebars.general.yaml');
  gitIn(dir, 'commit', '-q', '-m', 'docsite configuration');
}

/**
 * Runs the three measurements against a started server. `versions`: `instances`, every version of
 * every instance (the whole site); `refs`, the four ref versions; `one`, the corpus's one version.
 */
async function measure(app: AppServer, dir: string, git: (...args: string[]) => string, versionsOf: 'instances' | 'refs' | 'one') {
  const pid = app.nodePid();
  const figures = { start: rssMiB(pid) } as Figures;
  console.log(`RSS just after start (clone included): ${figures.start.toFixed(1)} MiB`);
  const get = async (p: string) => {
    const res = await fetch(app.url + p);
    return { status: res.status, text: await res.text() };
  };

  // 1. Webhook to new content.
  const pageUrl = versionsOf === 'refs' ? '/general/next/development/policies/codingstyle' : '/general/development/policies/codingstyle';
  await get(pageUrl);
  const times: number[] = [];
  for (let i = 1; i <= 20; i++) {
    const marker = `Refresh marker ${i} ${crypto.randomUUID()}`;
    fs.appendFileSync(path.join(dir, PAGE), `\n\n${marker}\n`);
    git('commit', '-qam', `Refresh ${i}`);
    const body = JSON.stringify({ ref: 'refs/heads/main' });
    const signature = `sha256=${crypto.createHmac('sha256', SECRET).update(body).digest('hex')}`;
    const started = performance.now();
    await fetch(app.url + '/api/webhook', { method: 'POST', body, headers: { 'Content-Type': 'application/json', 'X-Hub-Signature-256': signature } });
    while (!(await get(pageUrl)).text.includes(marker)) await new Promise((resolve) => setTimeout(resolve, 5));
    times.push(performance.now() - started);
  }
  console.log(`webhook -> new content: median ${median(times).toFixed(0)} ms over 20 (min ${Math.min(...times).toFixed(0)}, max ${Math.max(...times).toFixed(0)})`);

  // 2. First page of a branch never read before.
  const cold = performance.now();
  const first = await get('/general/~feature%2Fnever-read/development/policies/codingstyle');
  console.log(`first page of a never-read branch: HTTP ${first.status} in ${(performance.now() - cold).toFixed(0)} ms`);
  const warm = performance.now();
  await get('/general/~feature%2Fnever-read/development/policies/codingstyle');
  console.log(`same page again (warm): ${(performance.now() - warm).toFixed(0)} ms`);

  // 3. Memory with every version warm: every page of every version read once (and, for the whole
  // site, each version searched once).
  console.log(`RSS before warming the versions: ${rssMiB(pid).toFixed(1)} MiB`);
  let pages = 0;
  const warmStarted = performance.now();
  const versions =
    versionsOf === 'refs'
      ? ['current', ...VERSIONS].map((v) => `${v}/pages?instance=default`)
      : ((await (await fetch(`${app.url}/api/versions`)).json()) as { versions: { name: string; pluginId: string }[] }).versions.map(
          (v) => `${v.name}/pages?instance=${v.pluginId}`,
        );
  for (const version of versions) {
    const catalogue = (await (await fetch(`${app.url}/api/versions/${version}`)).json()) as { pages: { permalink: string }[] };
    const queue = catalogue.pages.map((p) => p.permalink);
    pages += queue.length;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        for (let url = queue.pop(); url; url = queue.pop()) await get(url);
      }),
    );
  }
  figures.warm = rssMiB(pid);
  figures.warmSeconds = (performance.now() - warmStarted) / 1000;
  console.log(`${versions.length} versions warm: RSS ${figures.warm.toFixed(1)} MiB (${pages} pages in ${figures.warmSeconds.toFixed(1)} s)`);
  const searchStarted = performance.now();
  const statuses: number[] = [];
  for (const version of versions) {
    const [name, query] = version.split('/pages?');
    let status = 0;
    // 503 while an index is built (before issue 34); a search that needs more memory than it has is a 503 that stays.
    for (let tries = 0; tries < 600 && status !== 200; tries++) {
      // A refused connection counts as a failed try (status 0), so a server that restarts is waited for.
      const res = await fetch(`${app.url}/api/search?q=cache&ref=${name}&${query}`).catch(() => undefined);
      status = res?.status ?? 0;
      const body = (await res?.text()) ?? '';
      if (status === 503 && body.includes('more memory')) break;
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 500));
    }
    // Again: an index too big for its cache share answers the search that built it, then 503 (search is off).
    statuses.push(status, (await fetch(`${app.url}/api/search?q=release&ref=${name}&${query}`)).status);
  }
  Object.assign(figures, { searched: rssMiB(pid), statuses, pages });
  console.log(
    `every version searched once (${((performance.now() - searchStarted) / 1000).toFixed(1)} s, statuses ${statuses.join(' ')}, each first and second): RSS ${figures.searched.toFixed(1)} MiB`,
  );
  const metrics = (await get('/metrics')).text;
  const bytes = (cache: string) => Number(new RegExp(`^docsite_cache_bytes\\{cache="${cache}"\\} (\\S+)$`, 'm').exec(metrics)?.[1] ?? 0) / 1024 / 1024;
  const caches = ['docSets', 'rendered', 'derived', 'pages', 'search'].map((cache) => `${cache} ${bytes(cache).toFixed(1)}`).join(', ');
  console.log(
    `${versions.length} versions warm and searched (${pages} pages read in ${((performance.now() - warmStarted) / 1000).toFixed(1)} s): RSS ${rssMiB(pid).toFixed(1)} MiB (MEMORY_MB ${process.env.MEMORY_MB ?? 'default'}); caches (MiB): ${caches}`,
  );
  const gauge = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(metrics)?.[1] ?? 0) / 1024 / 1024;
  console.log(
    `  of which V8 heap used ${gauge('nodejs_heap_size_used_bytes').toFixed(1)} MiB (allocated ${gauge('nodejs_heap_size_total_bytes').toFixed(1)} MiB), buffers ${gauge('nodejs_external_memory_bytes').toFixed(1)} MiB`,
  );
  console.log(`  main heap by space (MiB used/allocated): ${heapSpaces(metrics)}`);
  console.log(`  ${rollup(pid)}`);
  // What a server that has stopped being read holds. Render threads idle for RENDER_IDLE_SECONDS
  // (10 by default) exit: the first figure is taken once /metrics says they are gone; V8's memory
  // reducer may shrink the main heap some seconds later, hence the 30 s and 60 s figures.
  const idleFrom = performance.now();
  const threads = async () => Number(/^docsite_render_threads (\d+)$/m.exec((await get('/metrics')).text)?.[1] ?? 0);
  while ((await threads()) > 0 && performance.now() - idleFrom < 120_000) await new Promise((resolve) => setTimeout(resolve, 250));
  figures.threadsGoneAfter = (performance.now() - idleFrom) / 1000;
  figures.threadsGone = rssMiB(pid);
  console.log(`  render threads gone ${figures.threadsGoneAfter.toFixed(1)} s later: RSS ${figures.threadsGone.toFixed(1)} MiB; ${rollup(pid)}`);
  for (const seconds of [30, 60] as const) {
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, seconds * 1000 - (performance.now() - idleFrom))));
    figures[`idle${seconds}`] = rssMiB(pid);
    console.log(`  ${seconds} s later, idle: RSS ${rssMiB(pid).toFixed(1)} MiB; ${rollup(pid)}`);
  }
  // --matrix reads them back from the file it names.
  if (process.env.BENCH_FIGURES) fs.writeFileSync(process.env.BENCH_FIGURES, JSON.stringify(figures));
}

/** The main thread's V8 heap by space, used/allocated in MiB, from /metrics. */
function heapSpaces(metrics: string): string {
  const of = (name: string) => new Map([...metrics.matchAll(new RegExp(`^${name}\\{space="(\\w+)"\\} (\\S+)$`, 'gm'))].map((m) => [m[1], Number(m[2]) / 1024 / 1024] as const));
  const used = of('nodejs_heap_space_size_used_bytes');
  const total = of('nodejs_heap_space_size_total_bytes');
  return [...total].map(([space, bytes]) => `${space} ${(used.get(space) ?? 0).toFixed(1)}/${bytes.toFixed(1)}`).join(', ');
}

/** RSS by kind from /proc/PID/smaps_rollup: anonymous memory (heaps, malloc, thread stacks) and mapped files (code). */
function rollup(pid: number): string {
  const text = fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(text)?.[1] ?? 0) / 1024;
  const threads = fs.readdirSync(`/proc/${pid}/task`).length;
  return `RSS anonymous ${kb('Anonymous').toFixed(1)} MiB, files ${(kb('Rss') - kb('Anonymous')).toFixed(1)} MiB; ${threads} OS threads`;
}

/** The four cells of issue 34, each a fresh server in a child process, one at a time; prints a table. */
function matrix(): void {
  const cells = [
    ['corpus', '--one-version', undefined],
    ['corpus', '--one-version', '256'],
    ['whole site', '--whole-site', undefined],
    ['whole site', '--whole-site', '256'],
  ] as const;
  const rows: string[] = [];
  const dir = tempDir('bench-matrix-');
  for (const [index, [name, flag, memoryMb]] of cells.entries()) {
    const file = path.join(dir, `${index}.json`);
    const { MEMORY_MB: _unset, ...rest } = process.env;
    const env = { ...rest, ...(memoryMb && { MEMORY_MB: memoryMb }), BENCH_FIGURES: file };
    console.log(`\n== ${name}, MEMORY_MB ${memoryMb ?? 'default'}`);
    spawnSync(process.execPath, ['--import', 'tsx', process.argv[1], flag], { env, stdio: 'inherit' });
    const f = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Figures) : undefined;
    const mib = (value: number | undefined) => (value === undefined ? '—' : value.toFixed(0));
    rows.push(
      `| ${name} | ${memoryMb ?? 'default'} | ${mib(f?.start)} | ${mib(f?.warm)} | ${mib(f?.searched)} | ${mib(f?.threadsGone)} after ${f ? f.threadsGoneAfter.toFixed(0) : '—'} s | ${mib(f?.idle30)} | ${mib(f?.idle60)} | ${f?.statuses.join(' ') ?? 'failed'} | ${f ? `${f.pages} in ${f.warmSeconds.toFixed(0)} s` : '—'} |`,
    );
  }
  console.log('\n| content | MEMORY_MB | RSS after start | warm | searched | threads gone | 30 s idle | 60 s idle | search statuses | pages read |');
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const row of rows) console.log(row);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
