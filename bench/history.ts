// "Last updated" and page history on the real upstream repository: the corpus's git bundle (3,317
// commits, merges of pull requests, 40 branches), cloned and served with the example configuration.
// Prints figures; never fails on a number.
//
//   npx tsx bench/history.ts
//
// 1. the default branch's last-updated table, cold (nothing in DATA_DIR);
// 2. the first history page (`?history`) of pages nobody read before, each against `git log
//    --follow -- FILE` on the same clone timed right after it (the goal: at most 3 times), then of
//    every page once;
// 3. a push of 10 commits: the new head's table, and a history page at it;
// 4. a restart on the same DATA_DIR: the table again; then, for each page, a process started
//    afresh whose first request is that page's history (reading the records back from DATA_DIR
//    included), and one whose first request after the server's warm-up is (bin/warm-up.ts: the
//    default version's first page, then its history), against `git log --follow`;
// with the resident memory at ready and after every page's history was read once.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readServerConfig } from '../server/site/env.js';
import { grammarOf } from '../server/site/caches/http-cache.js';
import { createLogger } from '../server/site/log.js';
import { Site } from '../server/site/site.js';
import { historyView } from '../server/site/views/history.js';
import { requestContext } from '../server/site/request.js';
import { parseUrl } from '../server/urls.js';
import { cloneBundle, gitIn } from '../tests/support/bundle.js';
import { removeTempDirs, tempDir } from '../tests/support/repos.js';
import { hasBundle } from '../tests/support/requirements.js';

/** Pages with long histories, renames and merges among them. */
const PAGES = [
  'general/development/policies/codingstyle/index.md',
  'general/community/mission.md',
  'general/development/process.md',
  'general/releases/4.0.md',
  'general/development/tools/phpunit/index.md',
];
/** Processes started afresh per page in step 4: the ratio printed is their median. */
const ROUNDS = 3;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (value: number) => `${value.toFixed(value < 10 ? 1 : 0)} ms`;
const short = (file: string) => file.split('/').slice(-2).join('/');
/** A set of pages' ratios to git, of wall and of CPU time. */
type Ratios = { wall: number[]; cpu: number[] };
const rss = () => `${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)} MiB`;

/** Runs `run` and answers its value, how long it took and the CPU time the process spent meanwhile (what a loaded machine does not inflate). */
async function time<T>(run: () => Promise<T>): Promise<{ value: T; ms: number; cpuMs: number; cpu: string }> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const value = await run();
  const spent = process.cpuUsage(cpu);
  const cpuMs = (spent.user + spent.system) / 1000;
  return { value, ms: performance.now() - started, cpuMs, cpu: `${ms(cpuMs)} CPU` };
}

/**
 * `git log --follow -- FILE` on the clone, as a reader of git runs it (the process included): the
 * median wall time of 3 runs, and the CPU time of one (5 more runs in a shell, its children's
 * times from Linux's /proc, in clock ticks), with the commits it lists.
 */
function gitFollow(dir: string, file: string): { ms: number; cpuMs: number; commits: number } {
  const walls: number[] = [];
  let commits = 0;
  for (let run = 0; run < 3; run++) {
    const started = performance.now();
    commits = gitIn(dir, 'log', '--follow', '--format=%H', '--', file).split('\n').length;
    walls.push(performance.now() - started);
  }
  const script = 'for i in 1 2 3 4 5; do git log --follow --format=%H -- "$1" > /dev/null; done; cat /proc/$$/stat; getconf CLK_TCK';
  const [stat, ticks] = execFileSync('sh', ['-c', script, 'sh', file], { cwd: dir }).toString().trim().split('\n');
  // proc(5): cutime and cstime are the 16th and 17th fields, the 14th and 15th after the command's name.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { ms: median(walls), cpuMs: ((Number(fields[13]) + Number(fields[14])) * 1000) / Number(ticks) / 5, commits };
}

/** A page's first history against git's, as the bench prints it; the wall and CPU ratios are pushed to `ratios`. */
function versusGit(dir: string, file: string, first: { ms: number; cpuMs: number; value: { entries: unknown[] } }, ratios: Ratios): string {
  const git = gitFollow(dir, file);
  ratios.wall.push(first.ms / git.ms);
  ratios.cpu.push(first.cpuMs / git.cpuMs);
  return `   ${short(file)}: ${ms(first.ms)}, ${ms(first.cpuMs)} CPU (${first.value.entries.length} entries); git log --follow ${ms(git.ms)}, ${ms(git.cpuMs)} CPU (${git.commits} commits): ${(first.ms / git.ms).toFixed(1)}×, CPU ${(first.cpuMs / git.cpuMs).toFixed(1)}×`;
}

/** The largest and median ratios and the load average, the line that closes a set of pages. */
function ratioLine(ratios: Ratios): string {
  const load = os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');
  const of = (values: number[]) => `max ${Math.max(...values).toFixed(1)}×, median ${median(values).toFixed(1)}×`;
  return `   ratio to git log --follow: ${of(ratios.wall)}; CPU ${of(ratios.cpu)} (load average ${load})`;
}

/** The history page of `permalink` on the site's current snapshot, timed. */
function history(site: Site, permalink: string) {
  const snapshot = site.snapshot();
  const url = new URL(`${permalink}?history`, 'http://x');
  return time(() => historyView(requestContext(site, { snapshot, route: parseUrl(url.pathname, grammarOf(snapshot)), search: url.searchParams })));
}

/**
 * In a process of its own (`--first-request ENV FILE [warm]`): opens the site and prints the timing
 * of FILE's history, its first request, or with `warm` the first after what the server's warm-up
 * asks (bin/warm-up.ts: the default version's first page and that page's history).
 */
async function firstRequest(env: NodeJS.ProcessEnv, file: string, warm: boolean) {
  const site = await Site.open(readServerConfig(env), createLogger('error'), { codeVersion: 'bench' });
  const doc = (await site.docs.docSet(site.snapshot().defaultCommit, 'general')).bySourcePath.get(file)!;
  const warmUp = warm ? await site.warmUp() : undefined;
  if (warmUp) await history(site, warmUp);
  const first = await history(site, doc.permalink);
  console.log(JSON.stringify({ ms: first.ms, cpuMs: first.cpuMs }));
  process.exit(0);
}

/** Step 4: each page's history in processes of its own, ROUNDS times, against git log --follow; prints a line per page, answers the median ratios. */
function firstRequests(dir: string, env: NodeJS.ProcessEnv, warm: boolean): Ratios {
  const ratios: Ratios = { wall: [], cpu: [] };
  const rounds = new Map(PAGES.map((file) => [file, [] as { ms: number; cpuMs: number; git: ReturnType<typeof gitFollow> }[]]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const file of PAGES) {
      const args = [...process.execArgv, fileURLToPath(import.meta.url), '--first-request', JSON.stringify(env), file, warm ? 'warm' : 'cold'];
      rounds.get(file)!.push({ ...JSON.parse(execFileSync(process.execPath, args).toString()), git: gitFollow(dir, file) });
    }
  }
  const list = (values: number[]) => values.map(ms).join(', ');
  for (const [file, runs] of rounds) {
    const wall = median(runs.map((run) => run.ms / run.git.ms));
    const cpu = median(runs.map((run) => run.cpuMs / run.git.cpuMs));
    ratios.wall.push(wall);
    ratios.cpu.push(cpu);
    console.log(
      `   ${short(file)}: ${list(runs.map((run) => run.ms))} (CPU ${list(runs.map((run) => run.cpuMs))}); git log --follow ${list(runs.map((run) => run.git.ms))} (CPU ${list(runs.map((run) => run.git.cpuMs))}): ${wall.toFixed(1)}×, CPU ${cpu.toFixed(1)}×`,
    );
  }
  return ratios;
}

async function main() {
  if (process.argv[2] === '--first-request') return firstRequest(JSON.parse(process.argv[3]), process.argv[4], process.argv[5] === 'warm');
  if (!hasBundle()) return;
  const root = tempDir('bench-history-');
  const dir = cloneBundle(path.join(root, 'repo'));
  const env = { ...process.env, CONTENT_REPO: dir, DATA_DIR: path.join(root, 'data'), RENDER_THREADS: '0', SYNC_INTERVAL: '0' };
  const open = () => Site.open(readServerConfig(env), createLogger('error'), { codeVersion: 'bench' });
  console.log(`repository: the bundle, ${gitIn(dir, 'rev-list', '--count', 'HEAD')} commits on main, ${gitIn(dir, 'rev-list', '--all').split('\n').length} in all`);

  let site = await open();
  console.log(`RSS at ready: ${rss()}`);
  let docSet = await site.docs.docSet(site.snapshot().defaultCommit, 'general');
  const cold = await time(() => site.docs.lastUpdated(docSet));
  console.log(`1. last-updated table, cold: ${ms(cold.ms)}, ${cold.cpu} (${cold.value.size} files)`);

  console.log('2. first history page, one page after another in the same process:');
  const ratios: Ratios = { wall: [], cpu: [] };
  for (const file of PAGES) {
    const doc = docSet.bySourcePath.get(file);
    if (doc) console.log(versusGit(dir, file, await history(site, doc.permalink), ratios));
  }
  console.log(ratioLine(ratios));
  const all: number[] = [];
  const started = performance.now();
  for (const doc of docSet.docs) all.push((await history(site, doc.permalink)).ms);
  all.sort((a, b) => a - b);
  const at = (q: number) => ms(all[Math.min(all.length - 1, Math.floor(all.length * q))]);
  console.log(`   every page's history once (${all.length} pages, ${((performance.now() - started) / 1000).toFixed(1)} s): p50 ${at(0.5)}, p95 ${at(0.95)}, max ${at(1)}`);
  console.log(`   RSS after every page's history: ${rss()}`);

  const edited = docSet.docs.slice(0, 10).map((doc) => doc.sourcePath);
  for (const [i, file] of edited.entries()) {
    fs.appendFileSync(path.join(dir, file), `\n\nPush ${i}.\n`);
    gitIn(dir, '-c', `user.name=Pusher ${i}`, 'commit', '-q', '-am', `Push ${i}`);
  }
  await site.refresh();
  docSet = await site.docs.docSet(site.snapshot().defaultCommit, 'general');
  const push = await time(() => site.docs.lastUpdated(docSet));
  const updated = push.value.get(edited[9]);
  console.log(`3. a push of 10 commits: table ${ms(push.ms)}, ${push.cpu} (${edited[9]}: ${updated?.author})`);
  const after = await history(site, docSet.bySourcePath.get(edited[9])!.permalink);
  console.log(`   then a history page at the new head: ${ms(after.ms)}`);

  await site.flush();
  site = await open();
  docSet = await site.docs.docSet(site.snapshot().defaultCommit, 'general');
  const restart = await time(() => site.docs.lastUpdated(docSet));
  console.log(`4. restart: table ${ms(restart.ms)}, ${restart.cpu} (${restart.value.size} files); RSS ${rss()}`);
  for (const warm of [false, true]) {
    console.log(
      `   each page ${warm ? "the first request after the server's warm-up (its first page and that page's history)" : 'the first request'} of a process started afresh on the same DATA_DIR (${ROUNDS} rounds, the median ratio):`,
    );
    console.log(ratioLine(firstRequests(dir, env, warm)));
  }
  removeTempDirs();
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
