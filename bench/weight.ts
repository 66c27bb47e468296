// What a first visit on a phone weighs: bytes on the wire (headers included, as Chromium's network
// layer counts them), per kind and per file, in Chromium at 390 px with a cold cache, JavaScript
// on (and lite mode, with `--lite`). Prints figures; never fails on a number.
//
//   npm run build && npx tsx bench/weight.ts [--lite] [path...]   the shared corpus with examples/moodle-devdocs (default: the mission and release 4.0 pages)
import type { CDPSession } from 'playwright-core';
import { startApp } from '../tests/support/app-server.js';
import { launchBrowser } from '../tests/support/browser.js';
import { exampleCorpusRepo } from '../tests/support/example.js';
import { removeTempDirs } from '../tests/support/repos.js';

const args = process.argv.slice(2);
const lite = args.includes('--lite');
const pages = args.filter((arg) => !arg.startsWith('--'));
const PAGES = pages.length > 0 ? pages : ['/general/community/mission', '/general/releases/4.0'];

/** Every response of one page load with its bytes on the wire, by request id. */
async function record(session: CDPSession, load: () => Promise<unknown>): Promise<{ url: string; type: string; bytes: number }[]> {
  const responses = new Map<string, { url: string; type: string; bytes: number }>();
  session.on('Network.responseReceived', (event) => responses.set(event.requestId, { url: event.response.url, type: event.type ?? 'Other', bytes: 0 }));
  session.on('Network.loadingFinished', (event) => {
    const response = responses.get(event.requestId);
    if (response) response.bytes = event.encodedDataLength;
  });
  await session.send('Network.enable');
  await load();
  return [...responses.values()];
}

/** KiB with one decimal. */
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

async function main() {
  // The corpus as the upstream site serves it: with its sidebars (examples/moodle-devdocs).
  const repo = exampleCorpusRepo();
  const app = await startApp({ CONTENT_REPO: repo, DOCSITE_NOW: '2026-11-22' }, { timeoutMs: 600_000 });
  const browser = await launchBrowser();
  try {
    for (const page of PAGES) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, extraHTTPHeaders: lite ? { 'Save-Data': 'on' } : {} });
      const tab = await context.newPage();
      const session = await context.newCDPSession(tab);
      await session.send('Network.setCacheDisabled', { cacheDisabled: true });
      const responses = await record(session, () => tab.goto(app.url + page, { waitUntil: 'networkidle' }));
      const byType = new Map<string, number>();
      for (const response of responses) byType.set(response.type, (byType.get(response.type) ?? 0) + response.bytes);
      const total = responses.reduce((sum, response) => sum + response.bytes, 0);
      console.log(`\n${page}${lite ? ' (lite)' : ''}: ${kib(total)} in ${responses.length} responses`);
      for (const [type, bytes] of [...byType].sort((a, b) => b[1] - a[1])) console.log(`  ${type.padEnd(12)} ${kib(bytes)}`);
      for (const response of responses.sort((a, b) => b.bytes - a.bytes))
        console.log(`    ${kib(response.bytes).padStart(10)}  ${response.type.padEnd(10)} ${response.url.replace(app.url, '')}`);
      await context.close();
    }
  } finally {
    await browser.close();
    await app.stop();
    removeTempDirs();
  }
}

await main();
