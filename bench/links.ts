// The link report of the shared corpus, in-process (no HTTP), on this one thread. Prints figures;
// never fails on a number.
//
//   npx tsx bench/links.ts
//
// 1. cold: every page parsed (the renderer's parser and heading ids) and every link checked.
// 2. warm: the same check with every page's links already read (cached by blob oid): what a
//    report costs after a push that changed a few pages, or for another branch sharing the pages.
// 3. one changed page: a branch that edits one page (one page read again, the rest from the cache).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { readServerConfig } from '../server/site/env.js';
import { createLogger } from '../server/site/log.js';
import { Site } from '../server/site/site.js';
import { checkLinks } from '../server/site/review/link-report.js';
import { exampleConfig } from '../tests/support/example.js';
import { removeTempDirs, repoFromFolder, tempDir } from '../tests/support/repos.js';
import { corpusContent } from '../tests/support/requirements.js';

const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 0)} ms`;

async function main() {
  const root = tempDir('bench-links-');
  const dir = repoFromFolder(corpusContent, path.join(root, 'repo'), exampleConfig());
  const config = readServerConfig({ ...process.env, CONTENT_REPO: dir, DATA_DIR: path.join(root, 'data'), RENDER_THREADS: '0', SYNC_INTERVAL: '0' });
  const site = await Site.open(config, createLogger('error'));
  const snapshot = site.snapshot();
  const docSet = await site.docs.docSet(snapshot.defaultCommit, 'default');

  let started = performance.now();
  const report = await checkLinks(site, snapshot, docSet);
  console.log(
    `cold: ${docSet.docs.length} pages, ${report.links} links (${report.external} to other sites, ${report.outside} outside the docs, ${report.links - report.external - report.outside} checked), ${report.broken.length} broken: ${ms(performance.now() - started)}`,
  );
  const warm: number[] = [];
  for (let round = 0; round < 5; round++) {
    started = performance.now();
    await checkLinks(site, snapshot, docSet);
    warm.push(performance.now() - started);
  }
  console.log(`warm (links of every page cached by blob): best ${ms(Math.min(...warm))}, median ${ms(warm.sort((a, b) => a - b)[2])}`);

  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=Bench', '-c', 'user.email=bench@example.org', ...args], { cwd: dir })
      .toString()
      .trim();
  git('checkout', '-q', '-b', 'edit');
  fs.appendFileSync(path.join(dir, 'general/community/intro.md'), '\n\nOne more [link](#nowhere).\n');
  git('commit', '-qam', 'Edit one page');
  const commit = git('rev-parse', 'HEAD');
  const edited = await site.docs.docSet(commit, 'default');
  started = performance.now();
  const branchReport = await checkLinks(site, snapshot, edited);
  console.log(`a branch editing one page: ${branchReport.broken.length} broken, ${ms(performance.now() - started)}`);
  removeTempDirs();
  process.exit(0);
}

main();
