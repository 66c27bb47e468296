// The attack of issue 37 against the real repository, and what readers feel meanwhile
// (docs/decisions/030-cost-model.md). Twenty clients ask for whole-site answers (search, llms-full.txt,
// link reports, changes, histories, diffs) on distinct old commits, each waiting for its answer; a
// reader reads cached pages and pages nobody has read yet of the published version, before, during
// and after. Prints reader latency per phase, the attackers' answers, the CPU spent after the last
// attacker left and the largest RSS. Never fails on a number.
//
//   npx tsx bench/attack.ts   (ATTACK_SECONDS=60 BASE_SECONDS=20 IDLE_SECONDS=15 AFTER_SECONDS=20 CLIENTS=20 READER_MS=150 MEMORY_MB=768)
//   Any other variable (COLD_SLOTS=1, WHOLE_SITE_JOBS=1, ...) is passed on to the server.
import fs from 'node:fs';
import path from 'node:path';
import { attack, metrics, pacedRead, percentile, statusCounts, wholeSiteUrls, type Outcome } from '../tests/support/attack.js';
import { startApp } from '../tests/support/app-server.js';
import { cloneBundle, oldCommits } from '../tests/support/bundle.js';
import { removeTempDirs, tempDir } from '../tests/support/repos.js';

const seconds = (name: string, fallback: number) => Number(process.env[name] ?? fallback) * 1000;
const BASE_MS = seconds('BASE_SECONDS', 20);
const ATTACK_MS = seconds('ATTACK_SECONDS', 60);
const AFTER_MS = seconds('AFTER_SECONDS', 20);
/** How long the CPU is watched, with no reader, once the last attacker has left. */
const IDLE_MS = seconds('IDLE_SECONDS', 15);
const CLIENTS = Number(process.env.CLIENTS ?? 20);
/** How often the reader asks for a page. */
const READER_MS = Number(process.env.READER_MS ?? 150);
const MEMORY_MB = Number(process.env.MEMORY_MB ?? 768);

/** CPU seconds a process has used (user + system, all threads). */
function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Resident memory of a process, in MiB. */
function rssMiB(pid: number): number {
  return Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;
}

async function main() {
  const dir = cloneBundle(path.join(tempDir('docsite-bundle-'), 'devdocs'));
  // The documented per-client rate (tests lift it), unless set here.
  const app = await startApp({ CONTENT_REPO: dir, MEMORY_MB: String(MEMORY_MB), WHOLE_SITE_PER_MINUTE: process.env.WHOLE_SITE_PER_MINUTE ?? '6' }, { timeoutMs: 600_000 });
  const pid = app.nodePid();
  let maxRss = 0;
  const sampler = setInterval(() => (maxRss = Math.max(maxRss, rssMiB(pid))), 250);
  try {
    const pages: string[] = (await (await fetch(`${app.url}/api/versions/current/pages`)).json()).pages.map((page: { permalink: string }) => page.permalink);
    const cached = pages.slice(0, 20);
    for (const page of cached) await (await fetch(app.url + page)).arrayBuffer();
    let nextCold = cached.length;
    let turn = 0;
    // Cached and never-read pages in turn; the kind of each is told by where it sits in `pages`.
    const readerPaths = () => (turn++ % 2 ? pages[nextCold++] : cached[turn % cached.length]);
    // A reader paced at one request every READER_MS (cached and cold in turn), as a person reads:
    // it measures latency, not throughput, and the site's 742 pages last the whole run.
    const phase = async (name: string, ms: number) => ({ name, outcomes: await pacedRead(app.url, readerPaths, ms, READER_MS) });

    const baseline = await phase('before', BASE_MS);
    const attackEnd = Date.now() + ATTACK_MS;
    const urls = oldCommits(dir, 60).flatMap((commit) => wholeSiteUrls(commit));
    const attacking = attack(app.url, urls, { clients: CLIENTS, timeoutMs: 120_000, until: () => Date.now() > attackEnd });
    const during = await phase('during', ATTACK_MS);
    const attackers = await attacking;
    // With nobody asking anything: what the attack still costs once its clients have left.
    const left = Date.now();
    const cpuAtLeave = cpuSeconds(pid);
    let idleAfterMs: number | undefined;
    while (Date.now() - left < IDLE_MS) {
      const sample = await metrics(app.url);
      if (idleAfterMs === undefined && sample('docsite_render_tasks') === 0 && sample('docsite_whole_site_jobs') === 0) idleAfterMs = Date.now() - left;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const cpuAfter = cpuSeconds(pid) - cpuAtLeave;
    const after = await phase('after', AFTER_MS);

    const isCold = (outcome: Outcome) => !cached.some((page) => outcome.url.endsWith(page));
    const line = (phaseName: string, outcomes: Outcome[], base?: Outcome[]) => {
      const parts = (['cached', 'cold'] as const).map((kind) => {
        const mine = outcomes.filter((outcome) => isCold(outcome) === (kind === 'cold'));
        const p95 = percentile(
          mine.map((o) => o.ms),
          95,
        );
        const baseP95 = base
          ? percentile(
              base.filter((outcome) => isCold(outcome) === (kind === 'cold')).map((o) => o.ms),
              95,
            )
          : 0;
        const ratio = base ? ` (${(p95 / baseP95).toFixed(2)}x)` : '';
        return `${kind} n=${mine.length} p50 ${percentile(
          mine.map((o) => o.ms),
          50,
        ).toFixed(0)} ms p95 ${p95.toFixed(0)} ms${ratio} statuses ${JSON.stringify(statusCounts(mine))}`;
      });
      console.log(`reader ${phaseName}: ${parts.join('; ')}`);
    };
    console.log(`repository: ${dir}; MEMORY_MB=${MEMORY_MB}; ${CLIENTS} attackers for ${ATTACK_MS / 1000} s`);
    line(baseline.name, baseline.outcomes);
    line(during.name, during.outcomes, baseline.outcomes);
    line(after.name, after.outcomes, baseline.outcomes);
    const answered = attackers.map((outcome) => outcome.ms);
    console.log(
      `attackers: ${attackers.length} answers ${JSON.stringify(statusCounts(attackers))}; p50 ${percentile(answered, 50).toFixed(0)} ms, max ${Math.max(...answered).toFixed(0)} ms`,
    );
    console.log(
      `after the last attacker left: ${cpuAfter.toFixed(1)} CPU-s in the next ${IDLE_MS / 1000} s (no reader); render tasks and jobs at zero ${idleAfterMs === undefined ? 'not within it' : `after ${idleAfterMs} ms`}`,
    );
    console.log(`largest RSS ${maxRss.toFixed(0)} MiB (${(maxRss / MEMORY_MB).toFixed(2)} x MEMORY_MB)`);
    const sample = await metrics(app.url);
    console.log(
      `refused by reason: ${JSON.stringify(Object.fromEntries(['rate', 'jobs', 'work', 'memory', 'timeout', 'cost', 'cold-full', 'cold-timeout'].map((reason) => [reason, sample('docsite_refused_total', { reason }) || 0])))}`,
    );
  } finally {
    clearInterval(sampler);
    await app.stop();
    removeTempDirs();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
