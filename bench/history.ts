// A page's history on a repository with many commits: the corpus, then COMMITS commits (written
// with `git fast-import`) of which every other one edits one page, which is renamed half-way. Prints
// figures; never fails on a number.
//
//   npx tsx bench/history.ts
//
// 1. cold: the first history page of the file (each commit's changes read from git once).
// 2. the last history page (walks to the file's first commit, through the rename).
// 3. warm: the first page again, with every commit's changes cached but the page's own entry
//    dropped (what another page or another branch sharing the history costs), and fully cached.
// 4. the redirect from the page's old URL (a walk of the head's renames, then a lookup).
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { readServerConfig } from '../server/site/env.js';
import { createLogger } from '../server/site/log.js';
import { Site } from '../server/site/site.js';
import { historyView } from '../server/site/views/history.js';
import { pageView } from '../server/site/views/page.js';
import { parseUrl } from '../server/urls.js';
import { grammarOf } from '../server/site/http-cache.js';
import { isHttpError } from '../server/site/http-error.js';
import { exampleConfig } from '../tests/support/example.js';
import { removeTempDirs, repoFromFolder, tempDir } from '../tests/support/repos.js';
import { corpusContent } from '../tests/support/requirements.js';

const COMMITS = 600;
const OLD = 'general/development/process.md';
const NEW = 'general/development/process/overview.md';
const OTHERS = ['general/community/mission.md', 'general/community/intro.md', 'general/development/tools/phpunit/index.md'];
const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 0)} ms`;

/** The fast-import stream of COMMITS commits on main: odd ones edit the page (renamed at the middle), even ones another file. */
function history(original: string): string {
  const parts: string[] = [];
  const blob = (text: string) => `data ${Buffer.byteLength(text)}\n${text}\n`;
  for (let i = 1; i <= COMMITS; i++) {
    const time = 1_700_000_000 + i * 3600;
    parts.push(`commit refs/heads/main\ncommitter Bench Author <bench@example.org> ${time} +0000\n${blob(`Change ${i}`)}${i === 1 ? 'from refs/heads/main^0\n' : ''}`);
    const renamed = i >= COMMITS / 2;
    if (i === COMMITS / 2) parts.push(`D ${OLD}\n`);
    if (i % 2) parts.push(`M 100644 inline ${renamed ? NEW : OLD}\n${blob(`${original}\n\nEdit ${i}.\n`)}`);
    else parts.push(`M 100644 inline ${OTHERS[i % OTHERS.length]}\n${blob(`---\ntitle: Other ${i}\n---\n\nEdit ${i}.\n`)}`);
    if (i === COMMITS / 2 && !(i % 2)) parts.push(`M 100644 inline ${NEW}\n${blob(`${original}\n\nEdit ${i - 1}.\n`)}`);
  }
  return parts.join('');
}

async function main() {
  const root = tempDir('bench-history-');
  const dir = repoFromFolder(corpusContent, path.join(root, 'repo'), exampleConfig());
  const original = execFileSync('git', ['show', `HEAD:${OLD}`], { cwd: dir }).toString();
  execFileSync('git', ['fast-import', '--quiet'], { cwd: dir, input: history(original) });
  const touching = execFileSync('git', ['log', '--follow', '--oneline', '--', NEW], { cwd: dir }).toString().trim().split('\n').length;
  console.log(`repository: the corpus + ${COMMITS} commits; ${NEW} has ${touching} commits (git log --follow), renamed from ${OLD} at commit ${COMMITS / 2}`);

  const config = readServerConfig({ ...process.env, CONTENT_REPO: dir, DATA_DIR: path.join(root, 'data'), RENDER_THREADS: '0', SYNC_INTERVAL: '0' });
  const site = await Site.open(config, createLogger('error'));
  const snapshot = site.snapshot();
  const context = (url: string) => {
    const parsed = new URL(url, 'http://x');
    return { site, snapshot, route: parseUrl(parsed.pathname, grammarOf(snapshot)), search: parsed.searchParams };
  };
  await site.docs.docSet(snapshot.defaultCommit, 'default');
  const permalink = (await site.docs.docSet(snapshot.defaultCommit, 'default')).bySourcePath.get(NEW)!.permalink;
  const time = async <T>(run: () => Promise<T>) => {
    const started = performance.now();
    const value = await run();
    return { value, ms: performance.now() - started };
  };

  const first = await time(() => historyView(context(`${permalink}?history`)));
  console.log(`cold, page 1 (${first.value.entries.length} entries, more: ${!!first.value.next}): ${ms(first.ms)}`);
  let page = 1;
  let last = first;
  while (last.value.next) {
    page++;
    last = await time(() => historyView(context(`${permalink}?history&page=${page}`)));
  }
  const renamedShown = last.value.entries.some((entry) => entry.renamed) || page > 1;
  console.log(`last page (${page}, walks to the first commit${renamedShown ? ', through the rename' : ''}): ${ms(last.ms)}`);
  const total = (page - 1) * 30 + last.value.entries.length;
  console.log(`entries in all: ${total}`);

  const warm: number[] = [];
  for (let round = 0; round < 20; round++) {
    site.caches.derived.delete(`${snapshot.defaultCommit}:history:31:${NEW}`);
    warm.push((await time(() => historyView(context(`${permalink}?history`)))).ms);
  }
  warm.sort((a, b) => a - b);
  const cached: number[] = [];
  for (let round = 0; round < 20; round++) cached.push((await time(() => historyView(context(`${permalink}?history`)))).ms);
  cached.sort((a, b) => a - b);
  console.log(`warm page 1, commits' changes cached: p50 ${ms(warm[10])}, p95 ${ms(warm[18])}; the history itself cached too: p50 ${ms(cached[10])}`);

  const oldUrl = '/general/development/process';
  const redirect = await time(() => pageView(context(oldUrl)).catch((error) => error));
  const location = isHttpError(redirect.value) ? `${redirect.value.status} ${redirect.value.location}` : 'no redirect';
  console.log(`old URL ${oldUrl}: ${location}, first time (one walk of the head's renames) ${ms(redirect.ms)}`);
  const again = await time(() => pageView(context(oldUrl)).catch((error) => error));
  console.log(`old URL again: ${ms(again.ms)}`);
  removeTempDirs();
  process.exit(0);
}

main();
