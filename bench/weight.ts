// What a first visit on a phone weighs: bytes on the wire (headers included, as Chromium's network
// layer counts them), per kind and per file, in Chromium at 390 px with a cold cache, JavaScript
// on (and lite mode, with `--lite`; `--width=1280` for a desktop, where a brand's fonts load).
// Prints figures; never fails on a number.
//
//   npm run build && npx tsx bench/weight.ts [--lite] [--width=N] [--brand] [path...]
//
// Served: the shared corpus with docsite's sidebars for it (default: the mission and release 4.0
// pages); with `--brand`, the corpus's git bundle (it has upstream's static/: logo, fonts,
// favicon) as it is: upstream's brand whole, from its own config and CSS.
import path from 'node:path';
import { startApp } from '../tests/support/app-server.js';
import { launchBrowser } from '../tests/support/browser.js';
import { cloneBundle } from '../tests/support/bundle.js';
import { exampleCorpusRepo } from '../tests/support/example.js';
import { removeTempDirs, tempDir } from '../tests/support/repos.js';
import { kibOf, weigh } from '../tests/support/weight.js';

const args = process.argv.slice(2);
const lite = args.includes('--lite');
const brand = args.includes('--brand');
const width = Number(args.find((arg) => arg.startsWith('--width='))?.slice('--width='.length) ?? 390);
const pages = args.filter((arg) => !arg.startsWith('--'));
const PAGES = pages.length > 0 ? pages : ['/general/community/mission', '/general/releases/4.0'];

/** KiB with one decimal. */
const kib = (value: number) => `${value.toFixed(1)} KiB`;

async function main() {
  const env: Record<string, string> = brand
    ? { CONTENT_REPO: cloneBundle(path.join(tempDir('docsite-bundle-'), 'devdocs')), SYNC_INTERVAL: '0' }
    : // The corpus as the upstream site serves it: with its sidebars (tests/support/moodle-flat).
      { CONTENT_REPO: exampleCorpusRepo() };
  const app = await startApp({ ...env, DOCSITE_NOW: '2026-11-22' }, { timeoutMs: 600_000 });
  const browser = await launchBrowser();
  try {
    for (const page of PAGES) {
      const responses = await weigh(browser, app.url + page, { width, lite });
      const byType = new Map<string, typeof responses>();
      for (const response of responses) byType.set(response.type, [...(byType.get(response.type) ?? []), response]);
      console.log(`\n${page}${lite ? ' (lite)' : ''} at ${width} px: ${kib(kibOf(responses))} in ${responses.length} responses`);
      for (const [type, of] of [...byType].sort((a, b) => kibOf(b[1]) - kibOf(a[1]))) console.log(`  ${type.padEnd(12)} ${kib(kibOf(of))}`);
      for (const response of responses.sort((a, b) => b.bytes - a.bytes))
        console.log(`    ${kib(response.bytes / 1024).padStart(10)}  ${response.type.padEnd(10)} ${response.url.replace(app.url, '')}`);
    }
  } finally {
    await browser.close();
    await app.stop();
    removeTempDirs();
  }
}

await main();
