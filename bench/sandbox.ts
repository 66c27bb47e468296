// What running a site's own code costs (issue 44, decision 034): Moodle's docusaurus.config.js and
// its three sidebars files evaluated in the sandbox cold (a new thread) and warm (the thread up),
// reused at a commit that touches no code file, and the same files run by node itself in this
// process (the peer: what Docusaurus pays, with no isolation at all). RSS before, with the sandbox's
// thread up, and after it went idle. Prints figures; never fails on a number.
//
//   npx tsx bench/sandbox.ts
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { cloneBundle, gitIn } from '../tests/support/bundle.js';
import { Repository } from '../server/git/repository.js';
import { Sandbox } from '../server/sandbox/sandbox.js';
import { SiteCode } from '../server/site/site-code.js';

const MODULES = ['docusaurus.config.js', 'sidebars/docs.js', 'sidebars/general.js', 'config/navbar.js'];
const now = new Date('2026-11-22T12:00:00Z');
const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;
const ms = (from: number) => `${(performance.now() - from).toFixed(0)} ms`;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsite-sandbox-bench-'));
try {
  const clone = cloneBundle(path.join(dir, 'devdocs'));
  const repository = Repository.open(clone);
  const tree = await repository.readTreeIndex(await repository.resolve('main'));
  // A commit that changes a page and no code: every result is reused.
  fs.appendFileSync(path.join(clone, 'general/community/intro.md'), '\nOne more line.\n');
  gitIn(clone, 'commit', '-q', '-am', 'A page changed');
  const next = await repository.readTreeIndex(await repository.resolve('main'));

  const rssBefore = process.memoryUsage().rss;
  const sandbox = new Sandbox({ idleMs: 2000 });
  const code = new SiteCode({ readBlob: (oid) => repository.readBlob(oid), now: () => now, day: () => '2026-11-22', sandbox });
  const run = async (label: string, treeOf: typeof tree, fresh: boolean) => {
    const started = performance.now();
    for (const file of MODULES) {
      // A SiteCode of its own skips the reuse of results: each module is evaluated again.
      const runner = fresh ? new SiteCode({ readBlob: (oid) => repository.readBlob(oid), now: () => now, day: () => '2026-11-22', sandbox }) : code;
      const value = await runner.value(treeOf, file, file.startsWith('docusaurus'));
      if (value.problem) console.log(`  ${file}: ${value.problem.message}`);
    }
    console.log(`${label.padEnd(58)} ${ms(started)}`);
  };
  await run('config + 3 code files, cold (thread started, evaluated)', tree, true);
  const rssUp = process.memoryUsage().rss;
  await run('config + 3 code files, warm thread, evaluated again', tree, true);
  await run('config + 3 code files, first read through the cache', tree, false);
  await run('config + 3 code files, a commit that changed no code (reused)', next, false);
  console.log(`  evaluations ${sandbox.counts.evaluations}, reused ${code.counts.reused}`);

  // The peer: node runs the same files in this process, as Docusaurus does at build time.
  const requireFrom = createRequire(path.join(clone, 'package.json'));
  let started = performance.now();
  for (const file of MODULES.slice(1)) requireFrom(`./${file}`);
  console.log(`${'peer: node require() of the 3 code files, no isolation'.padEnd(58)} ${ms(started)}`);

  await new Promise((resolve) => setTimeout(resolve, 3000));
  global.gc?.();
  console.log(`RSS: before ${mib(rssBefore)}, sandbox thread up ${mib(rssUp)} (+${mib(rssUp - rssBefore)}), after it went idle ${mib(process.memoryUsage().rss)}`);
  await code.close();
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
