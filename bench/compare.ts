// docsite against real static servers, in one run on one machine: the same pages of the upstream
// site (three general pages and a page of the versioned docs instance, served from the bundle as it is;
// without the bundle, the three pages of the flat corpus), mirrored as static
// files, served by nginx (on-the-fly gzip, level 6; and `gzip_static`, the same bytes precompressed)
// and by a Node static server (`serve`, on-the-fly compression), then by docsite with and without
// its page cache. Only the ratios within one run mean anything. The load generator shares the
// machine's cores with the server it measures, so beside requests per second each server's own CPU
// time per request is printed (read from /proc): the figure a second machine for the load would not
// change. Prints figures; never fails on a number.
//
//   npx tsx bench/compare.ts            BENCH_SECONDS=10 (per page and server), BENCH_CONNECTIONS=50
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import autocannon from 'autocannon';
import { startApp, type AppServer } from '../tests/support/app-server.js';
import { startGitHttpServer } from '../tests/support/git-http-server.js';
import { repoFromFolder, tempDir } from '../tests/support/repos.js';
import { corpusContent } from '../tests/support/requirements.js';
import { corpusBundle as BUNDLE } from '../tests/support/requirements.js';
import { freePort } from '../tests/support/ports.js';

/** The whole site from the bundle when it is there, else the flat corpus (general pages only). */
const WHOLE_SITE = fs.existsSync(BUNDLE);
const PAGES = ['/general/community/mission', '/general/releases/4.0', '/general/development/policies/codingstyle', ...(WHOLE_SITE ? ['/docs/5.3/apis/subsystems/access'] : [])];
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
/** gzip only: what nginx's `gzip_static` serves (docsite would send brotli to a client that takes it). */
const ACCEPT = { 'accept-encoding': 'gzip' };
/** /proc's clock ticks per second (USER_HZ: 100 on Linux). */
const TICKS_PER_SECOND = 100;

interface Figures {
  rps: number;
  /** The server's CPU time (user and system, its processes and threads) per request, in µs. */
  cpuUs: number;
  p50: number;
  p99: number;
  errors: number;
}

/** What to stop when the run ends, however it ends (the servers are child processes). */
const cleanups: (() => unknown)[] = [];

/** CPU clock ticks (user and system) used so far by `pid` and its children, recursively, from /proc. */
function cpuTicks(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command (which may hold spaces), from the 3rd: utime and stime are the 14th and 15th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const own = Number(fields[11]) + Number(fields[12]);
  const children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(' ').filter(Boolean);
  return own + children.reduce((sum, child) => sum + cpuTicks(Number(child)), 0);
}

/** Waits until `url` answers 200. */
async function waitFor(url: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const ok = await fetch(url).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${url} did not answer`);
}

/** The same-origin paths a page's HTML references (styles, scripts, module preloads, images). */
function referencedPaths(html: string): string[] {
  const found = new Set<string>();
  for (const match of html.matchAll(/(?:href|src)="(\/[^"#?]+)"/g)) {
    if (/\.(css|js|png|jpe?g|gif|svg|webp|ico)$/.test(match[1])) found.add(match[1]);
  }
  return [...found];
}

/** Mirrors `pages` of docsite, with what they reference, into `folder` as static files. */
async function mirror(base: string, folder: string): Promise<void> {
  for (const page of PAGES) {
    const html = await (await fetch(base + page)).text();
    fs.mkdirSync(path.join(folder, page), { recursive: true });
    fs.writeFileSync(path.join(folder, page, 'index.html'), html);
    for (const asset of referencedPaths(html)) {
      const file = path.join(folder, decodeURIComponent(asset));
      if (fs.existsSync(file)) continue;
      const res = await fetch(base + asset);
      if (!res.ok) continue;
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, Buffer.from(await res.arrayBuffer()));
    }
  }
}

/**
 * Starts nginx with one worker (one process, like docsite's event loop) and gzip level 6, serving
 * `site` (its `server` block and anything else of the `http` block; `{PORT}` is the port it gets),
 * and waits until `probe` answers.
 */
async function startNginx(work: string, site: string, probe: string): Promise<{ url: string; pid: number } | undefined> {
  if (!fs.existsSync('/usr/sbin/nginx')) {
    try {
      execFileSync('apt-get', ['install', '-y', '-q', 'nginx-light'], { stdio: 'ignore' });
    } catch {
      console.log('nginx: skipped (not installed, and `apt-get install nginx-light` failed)');
      return undefined;
    }
  }
  const port = await freePort();
  const conf = path.join(work, 'nginx.conf');
  fs.writeFileSync(
    conf,
    `daemon off;
worker_processes 1;
user root root;
pid ${work}/nginx.pid;
error_log ${work}/error.log warn;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  access_log off;
  sendfile on;
  gzip on;
  gzip_comp_level 6;
  gzip_types text/css application/javascript application/json image/svg+xml;
  client_body_temp_path ${work}/body;
  proxy_temp_path ${work}/proxy;
  fastcgi_temp_path ${work}/fastcgi;
  uwsgi_temp_path ${work}/uwsgi;
  scgi_temp_path ${work}/scgi;
  ${site.replaceAll('{PORT}', String(port))}
}
`,
  );
  const child = spawn('/usr/sbin/nginx', ['-c', conf, '-e', path.join(work, 'error.log')], { stdio: 'ignore' });
  cleanups.push(() => child.kill('SIGTERM'));
  const url = `http://127.0.0.1:${port}`;
  await waitFor(url + probe);
  return { url, pid: child.pid! };
}

/** A static server block for nginx on `folder` (`extra`: more directives for the server). */
function staticSite(folder: string, extra = ''): string {
  return `server { listen 127.0.0.1:{PORT}; root ${folder}; ${extra} location / { try_files $uri $uri/index.html =404; } }`;
}

/** Writes `{file}.gz` beside every HTML page of `folder` (gzip level 9, as `gzip -9k` would), for `gzip_static`. */
function precompress(folder: string): void {
  for (const page of PAGES) {
    const file = path.join(folder, page, 'index.html');
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(fs.readFileSync(file), { level: 9 }));
  }
}

/** deploy/nginx/docsite.conf, balancing across `replicas` on nginx's port: how two processes on two cores are measured. */
function balancerSite(replicas: readonly AppServer[]): string {
  return fs
    .readFileSync('deploy/nginx/docsite.conf', 'utf8')
    .replace(/ {2}server 127\.0\.0\.1:300\d[^\n]*\n/g, '')
    .replace('upstream docsite {', `upstream docsite {\n${replicas.map((replica) => `  server ${new URL(replica.url).host};`).join('\n')}`)
    .replace('listen 127.0.0.1:8080', 'listen 127.0.0.1:{PORT}');
}

/** Starts `serve` (Vercel's Node static server, compression on by default) on `folder`. */
async function startServe(folder: string): Promise<{ url: string; pid: number }> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    [path.resolve('node_modules/serve/build/main.js'), '--no-clipboard', '--no-request-logging', '-l', `tcp://127.0.0.1:${port}`, folder],
    {
      stdio: 'ignore',
    },
  );
  cleanups.push(() => child.kill('SIGTERM'));
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}${PAGES[0]}/index.html`);
  return { url, pid: child.pid! };
}

/** autocannon against one URL, after a short warm-up, with the CPU time the processes `pids` used meanwhile. */
async function load(url: string, pids: number[]): Promise<Figures> {
  await autocannon({ url, connections: 4, amount: 200, headers: ACCEPT });
  const ticks = () => pids.reduce((sum, pid) => sum + cpuTicks(pid), 0);
  const before = ticks();
  const result = await autocannon({ url, connections, duration: seconds, headers: ACCEPT });
  const cpuUs = ((ticks() - before) * (1_000_000 / TICKS_PER_SECOND)) / result.requests.total;
  return { rps: result.requests.average, cpuUs, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

/** Starts docsite on the corpus remote, with `env` added. */
async function startDocsite(remote: string, env: Record<string, string> = {}): Promise<AppServer> {
  const app = await startApp({ CONTENT_REPO: remote, ...env }, { timeoutMs: 600_000 });
  cleanups.push(() => app.stop());
  return app;
}

async function main() {
  try {
    await run();
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup();
  }
}

async function run() {
  const root = tempDir('bench-compare-');
  cleanups.push(() => fs.rmSync(root, { recursive: true, force: true }));
  if (WHOLE_SITE) execFileSync('git', ['clone', '--quiet', BUNDLE, path.join(root, 'corpus')]);
  else repoFromFolder(corpusContent, path.join(root, 'corpus'));
  console.log(WHOLE_SITE ? 'content: the upstream repository (the bundle), served as it is' : 'content: the flat corpus (general/ only)');
  const git = await startGitHttpServer(root);
  cleanups.push(() => git.close());
  const remote = `${git.url}/corpus/.git`;
  const folder = path.join(root, 'static');
  const work = path.join(root, 'nginx');
  const balancerWork = path.join(root, 'balancer');
  fs.mkdirSync(work);
  fs.mkdirSync(balancerWork);

  // Every server runs from the start and the pages are measured server after server, page by
  // page, so a change in the machine's load between measurements spreads over all of them.
  const docsite = await startDocsite(remote);
  const uncached = await startDocsite(remote, { PAGE_CACHE: 'off' });
  // Two processes, one per core, behind nginx: what a node `cluster` of two would give at best
  // (docs/decisions/022-one-process-per-pod.md).
  const pair = [await startDocsite(remote), await startDocsite(remote)];
  const balancer = await startNginx(balancerWork, balancerSite(pair), '/healthz');
  await mirror(docsite.url, folder);
  // The static servers are asked for the file itself: `serve` would list a folder named like a
  // file (`4.0`) instead of serving its index.html.
  fs.writeFileSync(path.join(folder, 'serve.json'), JSON.stringify({ cleanUrls: false, directoryListing: false }));
  const nginx = await startNginx(work, staticSite(folder), `${PAGES[0]}/index.html`);
  precompress(folder);
  const staticWork = path.join(root, 'nginx-static');
  fs.mkdirSync(staticWork);
  const nginxStatic = await startNginx(staticWork, staticSite(folder, 'gzip off; gzip_static on;'), `${PAGES[0]}/index.html`);
  const serve = await startServe(folder);
  /** A server's name, its URL for a page, and the processes whose CPU time it uses. */
  type Server = [string, (page: string) => string, number[]];
  const servers: Server[] = [
    ['docsite', (page) => docsite.url + page, [docsite.nodePid()]],
    ['docsite, no page cache', (page) => uncached.url + page, [uncached.nodePid()]],
    ...(balancer ? [['docsite ×2 behind nginx', (page: string) => balancer.url + page, [balancer.pid, ...pair.map((app) => app.nodePid())]] as Server] : []),
    ...(nginx ? [['nginx gzip 6', (page: string) => `${nginx.url}${page}/index.html`, [nginx.pid]] as Server] : []),
    ...(nginxStatic ? [['nginx gzip_static', (page: string) => `${nginxStatic.url}${page}/index.html`, [nginxStatic.pid]] as Server] : []),
    ['serve', (page) => `${serve.url}${page}/index.html`, [serve.pid]],
  ];
  const rows: Record<string, Record<string, Figures>> = Object.fromEntries(PAGES.map((page) => [page, {}]));
  for (const page of PAGES) {
    const expected = fs.readFileSync(path.join(folder, page, 'index.html'), 'utf8');
    for (const [name, url, pids] of servers) {
      // Pages name the origin they were asked on (no `url` in docsite.yaml): compare without it.
      const body = (await (await fetch(url(page))).text()).replaceAll(new URL(url(page)).origin, docsite.url);
      if (body !== expected) console.log(`note: ${name} answers ${page} with ${body.length} bytes, not the ${expected.length} of the page`);
      rows[page][name] = await load(url(page), pids);
    }
  }
  console.log(`${connections} connections, ${seconds} s per page and server, Accept-Encoding: gzip; one nginx worker, one Node process each`);
  console.log('ratios: docsite ÷ this in requests per second, and this ÷ docsite in CPU time per request (above 1: docsite does more per CPU-second)\n');
  for (const page of PAGES) {
    const own = rows[page].docsite;
    console.log(page);
    for (const [server, figures] of Object.entries(rows[page])) {
      const ratio = server === 'docsite' ? '' : `   ratios ${(own.rps / figures.rps).toFixed(2)} req/s, ${(figures.cpuUs / own.cpuUs).toFixed(2)} CPU`;
      console.log(
        `  ${server.padEnd(24)} ${figures.rps.toFixed(0).padStart(6)} req/s   CPU ${figures.cpuUs.toFixed(0).padStart(5)} µs/req   p50 ${String(figures.p50).padStart(4)} ms   p99 ${String(figures.p99).padStart(5)} ms   errors ${figures.errors}${ratio}`,
      );
    }
  }
}

main().catch((error) => {
  console.log(error);
  process.exitCode = 1;
});
