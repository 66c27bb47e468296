// Search on the shared corpus, in-process (no HTTP): the index of the 742 pages, its heap, an
// incremental update after a 3-file push, and query latency over the relevance query set.
// Prints figures; never fails on a number.
//
//   node --expose-gc --import tsx bench/search.ts
//
// 1. cold build: the first search of a commit renders every page (in the render pool, one at a
//    time so readers' pages keep a free thread) and indexes it; the renders stay cached.
// 2. index build: the same 742 pages indexed again from their (now cached) renders: the index's
//    own cost, on this thread.
// 3. index heap: heap and external memory used with the index minus without it (after GC), and the
//    estimate the cache budget counts.
// 4. incremental update: commit a change to 3 pages, refresh, search: 3 pages rendered and re-indexed.
// 5. query p50/p95: every query of tests/support/search-queries.ts, 20 times, with its first 10 snippets.
//
// The machine is shared, so each step also prints the CPU time this process spent on it
// (process.cpuUsage: user + system, all threads), which load inflates far less than wall time.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { SearchIndex } from '../server/search/engine.js';
import { readServerConfig } from '../server/site/env.js';
import { createLogger } from '../server/site/log.js';
import { Site } from '../server/site/site.js';
import { addressOf } from '../server/site/locate.js';
import { exampleConfig } from '../tests/support/example.js';
import { removeTempDirs, repoFromFolder, tempDir } from '../tests/support/repos.js';
import { corpusContent } from '../tests/support/requirements.js';
import { RELEVANCE_QUERIES } from '../tests/support/search-queries.js';

const CHANGED = ['general/development/policies/codingstyle/index.md', 'general/development/tools/phpunit/index.md', 'general/community/mission.md'];

const gc = () => (globalThis as { gc?: () => void }).gc?.();
/** Heap and external memory (Buffers) in use, after a few collections (two left up to 3 MiB of garbage). */
const heapMiB = () => {
  for (let round = 0; round < 6; round++) gc();
  const { heapUsed, external } = process.memoryUsage();
  return (heapUsed + external) / 2 ** 20;
};
const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))];
const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 0)} ms`;
/** Wall and CPU time (ms) of what runs from now until the returned function is called. */
const clock = () => {
  const wall = performance.now();
  const cpu = process.cpuUsage();
  return () => {
    const used = process.cpuUsage(cpu);
    return { wall: performance.now() - wall, cpu: (used.user + used.system) / 1000 };
  };
};
const times = ({ wall, cpu }: { wall: number; cpu: number }) => `${ms(wall)} wall, ${ms(cpu)} CPU`;

async function main() {
  if (!(globalThis as { gc?: unknown }).gc) console.log('(run with node --expose-gc --import tsx for the heap figure)');
  const root = tempDir('bench-search-');
  const dir = repoFromFolder(corpusContent, path.join(root, 'repo'), exampleConfig());
  const config = readServerConfig({ ...process.env, CONTENT_REPO: dir, DATA_DIR: path.join(root, 'data'), DOCSITE_NOW: '2026-11-22' });
  const site = await Site.open(config, createLogger('error'));
  const snapshot = site.snapshot();
  const { located } = await site.locate(snapshot, addressOf('general', { kind: 'default' }));
  const docSet = await site.docs.docSet(located.commit, located.instance.id, located.versionName);
  const source = site.search.source(docSet);

  let took = clock();
  const cold = await site.search.index(snapshot, located, docSet, 3_600_000);
  const coldTook = times(took());
  if (cold.status !== 'ready') throw new Error('the index did not build');
  console.log(`cold build (render + index) of ${source.pages.length} listed pages (${docSet.docs.length} pages): ${coldTook} (the renders' CPU is the pool's threads)`);

  // The inputs from cached renders, then the index alone.
  took = clock();
  let inputs = await Promise.all(source.pages.map((page) => source.load(page.docId)));
  const readTook = times(took());
  // Three builds: the least CPU is the index's own cost; load adds to the others (and to every wall time).
  const builds: { wall: number; cpu: number }[] = [];
  let index: SearchIndex | undefined;
  for (let run = 0; run < 3; run++) {
    index = undefined;
    gc();
    took = clock();
    index = new SearchIndex();
    for (const input of inputs) index.addPage(input);
    index.pack();
    builds.push(took());
  }
  if (!index) throw new Error('no index');
  const buildTook = `${times(builds.reduce((best, build) => (build.cpu < best.cpu ? build : best)))} (least CPU of 3; wall ${builds.map((build) => ms(build.wall)).join(', ')})`;
  const sections = inputs.reduce((n, input) => n + input.sections.length, 0);
  inputs = [];
  // The heap with the index, then without it: what the index alone holds.
  const withIndex = heapMiB();
  const { pageCount, bytes } = { pageCount: index.pageCount, bytes: index.bytes() };
  index = undefined;
  const heap = withIndex - heapMiB();
  console.log(`sections from cached renders: ${readTook}; index build of ${pageCount} pages (${sections} sections): ${buildTook}`);
  console.log(`index heap: ${heap.toFixed(1)} MiB measured; ${(bytes / 2 ** 20).toFixed(1)} MiB counted against the cache budget`);

  // A push of 3 pages: the ref's index moves to the new commit, only those pages re-rendered.
  const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=Bench', '-c', 'user.email=bench@example.org', ...args], { cwd: dir, stdio: 'pipe' });
  for (const file of CHANGED) fs.appendFileSync(path.join(dir, file), '\n\nA zeppelin paragraph added by the benchmark.\n');
  git('commit', '-qam', 'Three pages');
  const next = await site.refresh();
  const { located: nextLocated } = await site.locate(next, addressOf('general', { kind: 'default' }));
  const nextDocSet = await site.docs.docSet(nextLocated.commit, nextLocated.instance.id, nextLocated.versionName);
  took = clock();
  const updated = await site.search.index(next, nextLocated, nextDocSet, 60_000);
  const updateTook = times(took());
  const build = site.search.lastBuild();
  const found = updated.status === 'ready' ? updated.index.search('zeppelin paragraph').length : 0;
  console.log(
    `incremental update for a 3-file push: ${updateTook} with rendering (${build?.changed} pages changed, incremental: ${build?.incremental}; of which reading them ${ms((build?.ms ?? 0) - (build?.applyMs ?? 0))}, changing the index ${ms(build?.applyMs ?? 0)} wall, ${ms(build?.applyCpuMs ?? 0)} CPU); the new words find ${found} pages`,
  );

  // Queries on the updated index: search + the first 10 snippets, as the API does.
  if (updated.status !== 'ready') throw new Error('the updated index is not ready');
  const queried = updated.index;
  const walls: number[] = [];
  const cpus: number[] = [];
  const byQuery = new Map<string, number[]>();
  took = clock();
  for (let round = 0; round < 20; round++) {
    for (const { q } of RELEVANCE_QUERIES) {
      const query = clock();
      for (const match of queried.search(q).slice(0, 10)) match.hit();
      const { wall, cpu } = query();
      walls.push(wall);
      cpus.push(cpu);
      byQuery.set(q, [...(byQuery.get(q) ?? []), cpu]);
    }
  }
  const queriesTook = times(took());
  console.log(
    `query (search + 10 snippets) over ${RELEVANCE_QUERIES.length} queries x 20: wall p50 ${ms(percentile(walls, 50))}, p95 ${ms(percentile(walls, 95))}, max ${ms(Math.max(...walls))}; CPU p50 ${ms(percentile(cpus, 50))}, p95 ${ms(percentile(cpus, 95))} (all: ${queriesTook})`,
  );
  const slowest = [...byQuery].map(([q, cpu]) => [q, percentile(cpu, 50)] as const).sort((a, b) => b[1] - a[1]);
  console.log(
    `slowest queries (median CPU of 20): ${slowest
      .slice(0, 5)
      .map(([q, cpu]) => `${q} ${ms(cpu)}`)
      .join(', ')}`,
  );
  removeTempDirs();
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
