// Counts what one cold page asks the docs store for (issue 42): locating the URL, the doc set, the
// sidebars and an instance's versions, as a real request does (cache headers, the shell, the page).
// Serves the corpus's bundle with the example configuration, in process, with no render thread.
// Prints figures; never fails on a number.
//
//   npx tsx bench/reads.ts [/docs/5.3/apis/commonfiles]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cloneBundle } from '../tests/support/bundle.js';
import { readServerConfig } from '../server/site/env.js';
import { countReads } from '../tests/support/reads.js';

const url = process.argv[2] ?? '/docs/5.3/apis/commonfiles';
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsite-reads-'));
try {
  const repo = cloneBundle(path.join(dir, 'repo'));
  const config = readServerConfig({ CONTENT_REPO: repo, DATA_DIR: path.join(dir, 'data'), RENDER_THREADS: '0' });
  const counts = await countReads(config, url);
  console.log(`One cold page, ${url}: calls (distinct keys)`);
  for (const [name, { calls, keys }] of Object.entries(counts)) console.log(`  ${name.padEnd(12)} ${String(calls).padStart(3)} (${keys})`);
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
