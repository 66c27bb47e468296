// Lighthouse (mobile: a mid-range phone, simulated slow 4G and a 4x slower CPU) on the release 4.0
// page and the mission page of the shared corpus, served by the built server: the four category
// scores, Total Blocking Time and the DOM size of each run, the spread over the runs, and every
// audit that did not pass. Prints figures; never fails on a number (TBT is noisy on a busy machine).
//
//   npm run build && npx tsx bench/lighthouse.ts [--runs N] [--details] [path...]
//   SITE_URL=https://docs.example.org npx tsx bench/lighthouse.ts /general/releases/4.0   (a running site)
//
// --details also prints, per run, what is on the critical path: render-blocking resources, the
// request chains, each request, main-thread work by group and by script, long tasks, the LCP
// element and the paint metrics.
//
// Reading the figures: Lighthouse simulates FCP and LCP from the requests and tasks that came before
// the paint it observed, unthrottled, in this headless Chromium. Here that paint lands in steps of
// about a second (0.1-0.3, 1.3 or 2.3 s) with no main-thread work in between: Chromium's paint
// holding, which `--disable-features=PaintHolding` turns off (observed FCP 0.25-0.34 s then). The
// simulated FCP does not move with it (1.7-1.9 s either way): the scripts are requested at about
// 0.1 s, before any paint, at High priority, which the simulation counts as render-blocking. A fresh
// renderer's first layout is also 30-90 ms here and 3-5 ms on the next page (fonts set up once).
// Compare runs on one machine, and read `observed` beside the scores.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startApp } from '../tests/support/app-server.js';
import { exampleCorpusRepo } from '../tests/support/example.js';
import { removeTempDirs } from '../tests/support/repos.js';
import { chromiumPath } from '../tests/support/requirements.js';

const args = process.argv.slice(2);
const runs = args.includes('--runs') ? Number(args[args.indexOf('--runs') + 1]) : 3;
const details = args.includes('--details');
const paths = args.filter((arg, i) => !arg.startsWith('--') && args[i - 1] !== '--runs');
const PAGES = paths.length > 0 ? paths : ['/general/releases/4.0', '/general/community/mission'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

/** One Lighthouse run's figures. */
interface Run {
  scores: number[];
  tbt: number;
  domNodes: number;
  failed: string[];
  details: string[];
}

/** The rows of an audit's table (or list) details, or none. */
// biome-ignore lint/suspicious/noExplicitAny: Lighthouse's details are a union of many shapes.
function items(audit: any): any[] {
  return audit?.details?.items ?? [];
}

/** The request chains of `critical-request-chains` as indented lines. */
// biome-ignore lint/suspicious/noExplicitAny: a recursive Lighthouse structure.
function chainLines(chains: Record<string, any>, depth = 0): string[] {
  return Object.values(chains ?? {}).flatMap((node) => [
    `${'  '.repeat(depth + 2)}${node.request.url} ${Math.round((node.request.endTime - node.request.startTime) * 1000)} ms ${Math.round(node.request.transferSize / 102.4) / 10} KiB`,
    ...chainLines(node.children, depth + 1),
  ]);
}

/** What a run says about the critical path, as lines to print. */
// biome-ignore lint/suspicious/noExplicitAny: Lighthouse's result is loosely typed here.
function detailLines(lhr: any, base: string): string[] {
  const short = (url: string) => String(url).replace(base, '');
  const ms = (value: number) => `${Math.round(value)} ms`;
  const metric = (id: string) => `${id} ${ms(lhr.audits[id].numericValue)} (${lhr.audits[id].score})`;
  const observed = lhr.audits.metrics.details?.items?.[0] ?? {};
  return [
    `  observed (unthrottled): FCP ${ms(observed.observedFirstContentfulPaint)}, LCP ${ms(observed.observedLargestContentfulPaint)}, DCL ${ms(observed.observedDomContentLoaded)}, load ${ms(observed.observedLoad)}`,
    `  metrics: ${['first-contentful-paint', 'largest-contentful-paint', 'speed-index', 'total-blocking-time', 'interactive'].map(metric).join(', ')}`,
    `  render-blocking: ${
      items(lhr.audits['render-blocking-resources'])
        .map((item) => `${short(item.url)} ${ms(item.wastedMs)}`)
        .join(', ') || 'none'
    }`,
    '  critical request chains:',
    ...chainLines(lhr.audits['critical-request-chains'].details?.chains).map((line) => short(line)),
    '  requests (start-end ms, KiB, priority):',
    ...items(lhr.audits['network-requests']).map(
      (item) => `    ${ms(item.networkRequestTime)}-${ms(item.networkEndTime)} ${(item.transferSize / 1024).toFixed(1)} ${item.priority} ${item.resourceType} ${short(item.url)}`,
    ),
    `  main thread: ${items(lhr.audits['mainthread-work-breakdown'])
      .map((item) => `${item.group} ${ms(item.duration)}`)
      .join(', ')}`,
    `  bootup: ${items(lhr.audits['bootup-time'])
      .map((item) => `${short(item.url)} total ${ms(item.total)} script ${ms(item.scripting)}`)
      .join(', ')}`,
    `  long tasks: ${
      items(lhr.audits['long-tasks'])
        .map((item) => `${short(item.url)} @${ms(item.startTime)} ${ms(item.duration)}`)
        .join(', ') || 'none'
    }`,
    `  console errors: ${
      items(lhr.audits['errors-in-console'])
        .map((item) => `${item.source} ${short(item.url ?? '')} ${item.description}`)
        .join(' | ') || 'none'
    }`,
    `  LCP element: ${items(lhr.audits['largest-contentful-paint-element'])
      .flatMap((item) =>
        (item.items ?? []).map((row: { node?: { snippet: string; selector: string }; phase?: string; timing: number }) =>
          row.node ? `${row.node.selector} ${row.node.snippet}` : `${row.phase} ${ms(row.timing)}`,
        ),
      )
      .join(' | ')}`,
  ];
}

/** Runs Lighthouse once on `url` in the Chromium listening on `port`. */
async function audit(url: string, port: number): Promise<Run> {
  const result = await lighthouse(url, { port, logLevel: 'error', output: 'json', onlyCategories: CATEGORIES });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  // Audits that count towards a category and did not pass, with what Lighthouse says of them.
  const failed = CATEGORIES.flatMap((id) =>
    lhr.categories[id].auditRefs
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id].score ?? 1) < 1)
      .map((ref) => `${id}: ${ref.id} (${lhr.audits[ref.id].score}) ${lhr.audits[ref.id].displayValue ?? ''}`.trim()),
  );
  return {
    scores: CATEGORIES.map((id) => Math.round((lhr.categories[id].score ?? 0) * 100)),
    tbt: lhr.audits['total-blocking-time'].numericValue ?? Number.NaN,
    domNodes: lhr.audits['dom-size'].numericValue ?? Number.NaN,
    failed,
    details: details ? detailLines(lhr, new URL(url).origin) : [],
  };
}

/** `min-max` of some numbers (one number when they are all equal). */
function spread(values: number[]): string {
  const [min, max] = [Math.min(...values), Math.max(...values)];
  return min === max ? `${Math.round(min)}` : `${Math.round(min)}-${Math.round(max)}`;
}

async function main() {
  // The corpus as the upstream site serves it (with its sidebars: tests/support/moodle-flat), or a running site.
  const app = process.env.SITE_URL
    ? { url: process.env.SITE_URL.replace(/\/$/, ''), stop: async () => {} }
    : await startApp({ CONTENT_REPO: exampleCorpusRepo(), DOCSITE_NOW: '2026-11-22' }, { timeoutMs: 600_000 });
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    console.log(`Lighthouse mobile, ${runs} run(s) per page; scores: ${CATEGORIES.join(' / ')}`);
    for (const page of PAGES) {
      // The first load fills the server's caches: what is measured is the page, not a cold render.
      await fetch(app.url + page);
      const results: Run[] = [];
      for (let i = 0; i < runs; i++) {
        const run = await audit(app.url + page, chrome.port);
        results.push(run);
        console.log(`${page} run ${i + 1}: ${run.scores.join('/')}  TBT ${Math.round(run.tbt)} ms  DOM ${run.domNodes} nodes`);
        for (const line of run.details) console.log(line);
      }
      const scores = CATEGORIES.map((_, c) => spread(results.map((run) => run.scores[c])));
      console.log(`${page}: ${scores.join(' / ')}  TBT ${spread(results.map((run) => run.tbt))} ms over ${runs} run(s)`);
      for (const line of new Set(results.flatMap((run) => run.failed))) console.log(`  not passed: ${line}`);
    }
  } finally {
    chrome.kill();
    await app.stop();
    removeTempDirs();
  }
}

await main();
