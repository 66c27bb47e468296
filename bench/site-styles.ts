// docsite's look against a site's real Docusaurus build, in headless Chromium (issue 56): serves the
// static build (`docusaurus build`'s build/ folder) with a small static server, starts docsite on the
// site's repository (or takes a running one), and reads the same computed styles on both for each page
// and colour mode: Infima's primary colour, navbar, page and code block backgrounds, text colour, body,
// heading and article fonts (declared, and the installed font Chromium drew with), the colour of a link
// in the article. Prints a table per site, page, mode and width (desktop and phone) and the count of
// equal values, and screenshots both. Prints figures; never fails on a difference.
//
//   npx tsx bench/site-styles.ts --name jellyfin --build /work/builds/jellyfin-org/build --repo R \
//       [--base-url /] [--docsite http://127.0.0.1:PORT] --page /docs/x --page /
//   npx tsx bench/site-styles.ts --config sites.json     a JSON array of {name, build, repo | docsite, baseUrl?, pages}
//   --shots <dir>   where the screenshots go (default /work/builds/shots); --no-shots to skip them
//   --modes light,dark (default); --settle <s>: wait after a started docsite is ready (30), while it indexes
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { freePort } from '../tests/support/ports.js';
import { compareLooks, readLook, renderedFonts, SELECTORS, type Look, type Mode, type Row } from './site-looks.js';

export { compareLooks, type Look, type Mode, type Row } from './site-looks.js';

export interface SiteSpec {
  name: string;
  /** The static build folder (Docusaurus's build/). */
  build: string;
  /** A git repository of the same commit, served by a docsite this script starts. */
  repo?: string;
  /** Or a docsite already serving it. */
  docsite?: string;
  baseUrl?: string;
  /** Page paths under the base URL, as Docusaurus serves them (`/docs/intro`, `/`). */
  pages: string[];
}

const ENTRY = path.resolve('build/docsite.js');
const READY_TIMEOUT_MS = 900_000;
const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

/** Servers and folders of this run, cleaned up however it ends. */
const children = new Set<ChildProcess>();
const scratch: string[] = [];
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
  for (const dir of scratch) fs.rmSync(dir, { recursive: true, force: true });
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(130));

interface Options {
  shots?: string;
  modes: Mode[];
  settleMs: number;
}

/** Reads `--flag value` pairs (repeatable flags collect) into the sites to measure and the options. */
function parseArgs(argv: string[]): { sites: SiteSpec[] } & Options {
  const values = (flag: string) => argv.flatMap((arg, i) => (arg === flag && argv[i + 1] !== undefined ? [argv[i + 1]] : []));
  const one = (flag: string) => values(flag).at(-1);
  const shots = argv.includes('--no-shots') ? undefined : path.resolve(one('--shots') ?? '/work/builds/shots');
  const modes = (one('--modes') ?? 'light,dark').split(',') as Mode[];
  const settleMs = Number(one('--settle') ?? 30) * 1000;
  const config = one('--config');
  if (config) return { sites: JSON.parse(fs.readFileSync(config, 'utf8')) as SiteSpec[], shots, modes, settleMs };
  const build = one('--build');
  if (!build || (!one('--repo') && !one('--docsite')))
    throw new Error('usage: --build DIR (--repo R | --docsite URL) --page P... [--name N] [--base-url /], or --config sites.json');
  const site = { name: one('--name') ?? path.basename(path.dirname(path.resolve(build))), build, repo: one('--repo'), docsite: one('--docsite'), baseUrl: one('--base-url') };
  return { sites: [{ ...site, pages: values('--page').length ? values('--page') : ['/'] }], shots, modes, settleMs };
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.xml': 'application/xml',
  '.txt': 'text/plain',
  '.wasm': 'application/wasm',
};

/** The file a Docusaurus host serves for `urlPath`: itself, `x.html` or `x/index.html` (under baseUrl); undefined for a 404. */
export function resolveStatic(root: string, baseUrl: string, urlPath: string): string | undefined {
  const base = baseUrl.replace(/\/?$/, '/');
  let rel = decodeURIComponent(urlPath.split('?')[0]);
  if (!`${rel}/`.startsWith(base)) return undefined;
  rel = rel.slice(base.length - 1);
  const file = path.join(root, path.normalize(rel));
  if (!file.startsWith(path.resolve(root))) return undefined;
  for (const candidate of [file, `${file.replace(/\/$/, '')}.html`, path.join(file, 'index.html')]) {
    if (fs.statSync(candidate, { throwIfNoEntry: false })?.isFile()) return candidate;
  }
  return undefined;
}

/** Serves a static build on a free port, with build/404.html for what is not found. */
async function serveStatic(root: string, baseUrl: string): Promise<{ url: string; close: () => void }> {
  root = path.resolve(root);
  const server = http.createServer((req, res) => {
    const file = resolveStatic(root, baseUrl, req.url ?? '/');
    const notFound = path.join(root, '404.html');
    const served = file ?? (fs.existsSync(notFound) ? notFound : undefined);
    res.writeHead(file ? 200 : 404, { 'content-type': (served && TYPES[path.extname(served)]) ?? 'application/octet-stream' });
    if (served) fs.createReadStream(served).pipe(res);
    else res.end('not found');
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${port}`, close: () => server.close() };
}

/** Starts build/docsite.js on `repo` with no configuration, waits for /readyz to answer 200, then `settleMs` more. */
async function startDocsite(repo: string, settleMs: number): Promise<{ url: string; stop: () => Promise<void> }> {
  if (!fs.existsSync(ENTRY)) throw new Error(`${ENTRY} is missing: run npm run build first`);
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-styles-'));
  scratch.push(dataDir);
  const env: NodeJS.ProcessEnv = { ...process.env, CONTENT_REPO: path.resolve(repo), HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, NODE_ENV: 'production' };
  delete env.DOCSITE_CONFIG;
  delete env.CONTENT_REF;
  const child = spawn(process.execPath, [ENTRY], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const url = `http://127.0.0.1:${port}`;
  // Waits for the exit (SIGKILL after 10 s), so that its data folder is removed after its last write.
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    children.delete(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  for (const deadline = Date.now() + READY_TIMEOUT_MS; Date.now() < deadline; await new Promise((r) => setTimeout(r, 1000))) {
    if (child.exitCode !== null) throw new Error(`docsite exited with ${child.exitCode}:\n${output}`);
    const ready = await fetch(`${url}/readyz`).then(
      (res) => res.ok,
      () => false,
    );
    if (ready) {
      // Its first minute indexes the site for search: pages rendered then compete for the CPU (and may miss their budget).
      await new Promise((r) => setTimeout(r, settleMs));
      return { url, stop };
    }
  }
  await stop();
  throw new Error(`docsite was not ready in ${READY_TIMEOUT_MS / 1000} s:\n${output}`);
}

/** A browser context in `mode`: the system scheme emulated, and the reader's choice stored as each side stores it. */
async function contextFor(browser: Browser, side: 'build' | 'docsite', origin: string, mode: Mode, viewport: { width: number; height: number }): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport, colorScheme: mode, serviceWorkers: 'block' });
  // The network here is closed: fail other hosts at once rather than wait for them (web fonts, analytics).
  await context.route(
    (url) => url.origin !== origin && url.protocol !== 'data:',
    (route) => route.abort(),
  );
  // Docusaurus reads the choice from localStorage `theme`, or `theme-<hash>` when its storage is namespaced (3.10's
  // future flags): answer either key, as a reader who chose `mode` earlier would have it stored.
  if (side === 'build')
    await context.addInitScript((theme) => {
      const getItem = Storage.prototype.getItem;
      Storage.prototype.getItem = function (key) {
        return /^theme(-|$)/.test(key) ? theme : getItem.call(this, key);
      };
    }, mode);
  else await context.addCookies([{ name: 'theme', value: mode, url: origin }]);
  return context;
}

/** Prints one table: property | build | docsite | equal? (| delta). */
function printTable(title: string, rows: Row[]): void {
  const cells = [['property', 'build', 'docsite', 'equal?', 'delta'], ...rows.map((r) => [r.property, r.build || '—', r.docsite || '—', r.equal ? 'yes' : 'NO', r.delta])];
  const widths = cells[0].map((_, i) => Math.min(60, Math.max(...cells.map((row) => row[i].length))));
  console.log(`\n## ${title}  (${rows.filter((r) => r.equal).length}/${rows.length} equal)`);
  for (const row of cells) console.log(row.map((cell, i) => (cell.length > widths[i] ? `${cell.slice(0, widths[i] - 1)}…` : cell.padEnd(widths[i]))).join(' | '));
}

/** Loads `url` in a fresh context per viewport and returns its look at each, screenshotting when `shot` names the file stem. */
async function visit(browser: Browser, side: 'build' | 'docsite', url: string, mode: Mode, shot?: string): Promise<{ looks: Look[]; status: number; text: number }> {
  const origin = new URL(url).origin;
  const result = { looks: [] as Look[], status: 0, text: 0 };
  for (const viewport of VIEWPORTS) {
    const context = await contextFor(browser, side, origin, mode, viewport);
    try {
      const page = await context.newPage();
      const response = await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
      await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => {});
      // tsx keeps function names with a helper, __name, that the page does not have.
      await page.evaluate('globalThis.__name ??= (f) => f; document.fonts.ready');
      result.status = response?.status() ?? 0;
      result.text = await page.evaluate(
        (list) => list.map((s) => document.querySelector(s)?.textContent?.trim().length).find((n) => n !== undefined) ?? 0,
        SELECTORS[side].article,
      );
      result.looks.push({ ...(await page.evaluate(readLook, SELECTORS[side])), ...(await renderedFonts(page)) });
      if (shot) await page.screenshot({ path: `${shot}-${viewport.width}-${side}.png` });
    } finally {
      await context.close();
    }
  }
  return result;
}

/** Measures every page of one site in every mode; returns the number of equal values and of values. */
async function measureSite(browser: Browser, site: SiteSpec, { modes, shots, settleMs }: Options): Promise<[number, number]> {
  const baseUrl = site.baseUrl ?? '/';
  const stat = await serveStatic(site.build, baseUrl);
  const docsite = site.docsite ? { url: site.docsite.replace(/\/$/, ''), stop: async () => {} } : await startDocsite(site.repo!, settleMs);
  let [equal, total] = [0, 0];
  try {
    for (const pagePath of site.pages) {
      const full = `${baseUrl.replace(/\/$/, '')}${pagePath}`;
      for (const mode of modes) {
        const stem = shots && path.join(shots, `${site.name}-${pagePath.replace(/^\/|\/$/g, '').replace(/[^\w.-]+/g, '_') || 'home'}-${mode}`);
        const built = await visit(browser, 'build', stat.url + full, mode, stem);
        const served = await visit(browser, 'docsite', docsite.url + full, mode, stem);
        for (const [index, { width }] of VIEWPORTS.entries()) {
          const rows = compareLooks(built.looks[index], served.looks[index]);
          // An empty article (a React page docsite could not render in time, say) explains a column of dashes.
          printTable(`${site.name} ${full} ${mode} ${width}px (build: HTTP ${built.status}, ${built.text} chars; docsite: HTTP ${served.status}, ${served.text} chars)`, rows);
          equal += rows.filter((r) => r.equal).length;
          total += rows.length;
        }
      }
    }
  } finally {
    stat.close();
    await docsite.stop();
  }
  console.log(`\n${site.name}: ${equal}/${total} values equal`);
  return [equal, total];
}

/** Measures each site in turn and prints the totals. */
async function main() {
  const { sites, ...options } = parseArgs(process.argv.slice(2));
  const { shots } = options;
  if (shots) fs.mkdirSync(shots, { recursive: true });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'] });
  const totals: string[] = [];
  try {
    for (const site of sites) {
      try {
        const [equal, total] = await measureSite(browser, site, options);
        totals.push(`${site.name}: ${equal}/${total}`);
      } catch (error) {
        console.log(`\n${site.name}: not measured: ${(error as Error).message}`);
        totals.push(`${site.name}: not measured`);
      }
    }
  } finally {
    await browser.close();
  }
  console.log(`\nequal values: ${totals.join(', ')}`);
  process.exit(0);
}

// Run as a script, not when a test imports compareLooks.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
