// "Last updated" and page history on the real upstream repository: the corpus's git bundle (3,317
// commits, merges of pull requests, 40 branches), cloned and served with the example configuration.
// Prints figures; never fails on a number.
//
//   npx tsx bench/history.ts
//
// 1. the default branch's last-updated table, cold (nothing in DATA_DIR);
// 2. the first history page (`?history`) of pages nobody read before, then of every page once;
// 3. a push of 10 commits: the new head's table, and a history page at it;
// 4. a restart on the same DATA_DIR: the table again;
// with the resident memory at ready and after every page's history was read once.
import fs from 'node:fs';
import path from 'node:path';
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
const ms = (value: number) => `${value.toFixed(value < 10 ? 1 : 0)} ms`;
const rss = () => `${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)} MiB`;

/** Runs `run` and answers its value, how long it took and the CPU time the process spent meanwhile (what a loaded machine does not inflate). */
async function time<T>(run: () => Promise<T>): Promise<{ value: T; ms: number; cpu: string }> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const value = await run();
  const spent = process.cpuUsage(cpu);
  return { value, ms: performance.now() - started, cpu: `${ms((spent.user + spent.system) / 1000)} CPU` };
}

/** The history page of `permalink` on the site's current snapshot, timed. */
function history(site: Site, permalink: string) {
  const snapshot = site.snapshot();
  const url = new URL(`${permalink}?history`, 'http://x');
  return time(() => historyView(requestContext(site, { snapshot, route: parseUrl(url.pathname, grammarOf(snapshot)), search: url.searchParams })));
}

async function main() {
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

  const firsts: string[] = [];
  for (const file of PAGES) {
    const doc = docSet.bySourcePath.get(file);
    if (!doc) continue;
    const first = await history(site, doc.permalink);
    firsts.push(`${file.split('/').slice(-2).join('/')} ${ms(first.ms)}, ${first.cpu} (${first.value.entries.length} entries)`);
  }
  console.log(`2. first history page: ${firsts.join(', ')}`);
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
  removeTempDirs();
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
