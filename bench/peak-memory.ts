// Memory at its peak (issue 55): the server's resident memory sampled every 100 ms, not only at the
// end, while the whole site is read and searched, at the default MEMORY_MB (or MEMORY_MB). Two runs,
// each a fresh server on a fresh DATA_DIR serving a clone of the upstream repository (the corpus's
// bundle) as the README says: "whole site", every page of every version of every instance read
// once (8 at a time), then each version searched; "general alone", the same with only the /general
// instance read and searched. Prints each run's largest RSS and when it was reached, and RSS at the
// end of each phase; the built server of the current directory (run it from another checkout's
// folder to measure that build). Never fails on a number.
//
//   npm run build && npx tsx bench/peak-memory.ts [--only=whole|general]
import fs from 'node:fs';
import path from 'node:path';
import { startApp, type AppServer } from '../tests/support/app-server.js';
import { cloneBundle } from '../tests/support/bundle.js';
import { removeTempDirs, tempDir } from '../tests/support/repos.js';

const ONLY = process.argv.find((arg) => arg.startsWith('--only='))?.slice(7);
const SAMPLE_MS = 100;

/** Resident memory of a process, in MiB (0 once it is gone). */
function rssMiB(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;
  } catch {
    return 0;
  }
}

/** Samples a process's RSS every SAMPLE_MS; `peak` says the largest and the phase it fell in. */
function sampler(pid: number) {
  let phase = 'start';
  let peak = { mib: 0, phase, at: 0 };
  const started = Date.now();
  const samples: number[] = [];
  const timer = setInterval(() => {
    const mib = rssMiB(pid);
    samples.push(mib);
    if (mib > peak.mib) peak = { mib, phase, at: (Date.now() - started) / 1000 };
  }, SAMPLE_MS);
  return {
    phase: (name: string) => {
      phase = name;
    },
    peak: () => peak,
    samples,
    stop: () => clearInterval(timer),
  };
}

/** Reads every page of the versions of `instances`, then searches each; returns the phases' end RSS. */
async function readAndSearch(app: AppServer, instances: string[] | undefined, watch: ReturnType<typeof sampler>): Promise<string> {
  const pid = app.nodePid();
  const api = (await (await fetch(`${app.url}/api/versions`)).json()) as { versions: { name: string; pluginId: string }[] };
  const versions = api.versions.filter((version) => !instances || instances.includes(version.pluginId));
  const ends: string[] = [`start ${rssMiB(pid).toFixed(0)}`];
  let pages = 0;
  watch.phase('read');
  for (const version of versions) {
    const catalogue = (await (await fetch(`${app.url}/api/versions/${version.name}/pages?instance=${version.pluginId}`)).json()) as { pages: { permalink: string }[] };
    const queue = catalogue.pages.map((page) => page.permalink);
    pages += queue.length;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        for (let url = queue.pop(); url; url = queue.pop()) await (await fetch(app.url + url)).arrayBuffer();
      }),
    );
  }
  ends.push(`read ${pages} pages ${rssMiB(pid).toFixed(0)}`);
  watch.phase('search');
  const statuses: number[] = [];
  for (const version of versions) {
    for (const query of ['coding style', 'cache', 'privacy provider']) {
      const url = `${app.url}/api/search?q=${encodeURIComponent(query)}&ref=${version.name}&instance=${version.pluginId}`;
      let status = 0;
      for (let tries = 0; tries < 240 && status !== 200; tries++) {
        status = (await fetch(url).catch(() => undefined))?.status ?? 0;
        if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 500));
      }
      statuses.push(status);
    }
  }
  ends.push(`searched ${rssMiB(pid).toFixed(0)} (statuses ${[...new Set(statuses)].join(',')})`);
  return ends.join(', ');
}

/** Where the main thread's memory is, from /metrics (MiB), and the render threads running: read every 2 s. */
async function breakdown(app: AppServer): Promise<{ rss: number; text: string }> {
  const text = await (await fetch(`${app.url}/metrics`)).text();
  const value = (pattern: RegExp) => Number(pattern.exec(text)?.[1] ?? Number.NaN);
  const mib = (name: string) => (value(new RegExp(`^${name} (\\S+)$`, 'm')) / 2 ** 20).toFixed(0);
  const caches = [...text.matchAll(/^docsite_cache_bytes\{cache="[^"]+"\} (\S+)$/gm)].reduce((sum, match) => sum + Number(match[1]), 0) / 2 ** 20;
  return {
    rss: value(/^process_resident_memory_bytes (\S+)$/m) / 2 ** 20,
    text: `main heap ${mib('nodejs_heap_size_used_bytes')} used of ${mib('nodejs_heap_size_total_bytes')}, external ${mib('nodejs_external_memory_bytes')}, caches ${caches.toFixed(0)}, render threads ${value(/^docsite_render_threads (\S+)$/m)}`,
  };
}

/** One run: a fresh server, its pages read and searched, its RSS sampled throughout. */
async function run(clone: string, name: string, instances: string[] | undefined): Promise<void> {
  const app = await startApp({ CONTENT_REPO: clone, SYNC_INTERVAL: '0', ...(process.env.MEMORY_MB && { MEMORY_MB: process.env.MEMORY_MB }) }, { timeoutMs: 600_000 });
  const watch = sampler(app.nodePid());
  let largest = { rss: 0, text: '' };
  const breakdowns = setInterval(() => {
    breakdown(app)
      .then((seen) => {
        if (seen.rss > largest.rss) largest = seen;
      })
      .catch(() => undefined);
  }, 2000);
  try {
    const started = Date.now();
    const ends = await readAndSearch(app, instances, watch);
    const peak = watch.peak();
    const sorted = [...watch.samples].sort((a, b) => a - b);
    const p95 = sorted[Math.floor(sorted.length * 0.95)] ?? 0;
    console.log(
      `${name}: largest RSS ${peak.mib.toFixed(0)} MiB (${peak.phase}, at ${peak.at.toFixed(1)} s), p95 of ${watch.samples.length} samples ${p95.toFixed(0)} MiB; RSS MiB at: ${ends}; ${((Date.now() - started) / 1000).toFixed(0)} s`,
    );
    console.log(`  at the largest RSS /metrics saw (${largest.rss.toFixed(0)} MiB, every 2 s): ${largest.text}`);
  } finally {
    clearInterval(breakdowns);
    watch.stop();
    await app.stop();
  }
}

async function main() {
  const clone = cloneBundle(path.join(tempDir('bench-peak-'), 'devdocs'));
  console.log(`build: ${process.cwd()}; MEMORY_MB ${process.env.MEMORY_MB ?? 'default (768)'}; RSS sampled every ${SAMPLE_MS} ms`);
  if (ONLY !== 'general') await run(clone, 'whole site', undefined);
  if (ONLY !== 'whole') await run(clone, 'general alone', ['general']);
  removeTempDirs();
}

await main();
