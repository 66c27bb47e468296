// docsite against real Docusaurus builds, with no configuration: every site of the zoo
// (../shared/corpus/zoo, bundles unbundled into bare repositories) and of the folders named by
// ZOO_EXTRA, each served by the built server with CONTENT_REPO alone and measured with the oracle
// tool's compare.py against what the site's own Docusaurus build showed. Prints a matrix (docs
// answering 200, titles, heading ids, internal links, sidebars, version menus, pages with problems)
// and the server's most frequent problems per site. Prints figures; never fails on a number.
//
//   npx tsx bench/zoo.ts                 the zoo only (builds the server first)
//   ZOO_EXTRA=/a:/b npx tsx bench/zoo.ts  plus every <dir>/<name>/{repo.git,oracle.json.gz} of /a and /b
//   ZOO_ONLY=name1,name2                  only these sites;  ZOO_KEEP=<dir>: keep compare.py's output and JSON there
//   --no-build                            use build/ as it is
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { freePort } from '../tests/support/ports.js';
import { zooDir } from '../tests/support/requirements.js';
import { zooRepo } from '../tests/support/zoo.js';
import { groupProblems, printMatrix, type Problem, type Row, type Summary } from './zoo-matrix.js';

const COMPARE = path.resolve('../shared/tools/docusaurus-oracle/compare.py');
const ENTRY = path.resolve('build/docsite.js');
/** A big repository's first clone and index can take minutes on 2 cores; past this the site counts as not served. */
const READY_TIMEOUT_MS = Number(process.env.ZOO_READY_TIMEOUT_MS ?? 600_000);
/** compare.py fetches every doc of the oracle; a thousand take about a minute, so this is generous. */
const COMPARE_TIMEOUT_MS = 30 * 60_000;

interface Site {
  name: string;
  /** Where the name came from: `zoo` or the ZOO_EXTRA folder. */
  origin: string;
  oracle: string;
  /** Makes the repository to serve (a bundle unbundled into `dir`, or a bare repository as it is). */
  repo(dir: string): string;
}

/** The servers still running, killed however the run ends (they are child processes). */
const running = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(130));

/** The zoo's sites (a bundle beside a folder holding oracle.json.gz), then each ZOO_EXTRA folder's (repo.git and oracle.json.gz). */
function sites(): Site[] {
  const found: Site[] = [];
  if (fs.existsSync(zooDir)) {
    for (const entry of fs.readdirSync(zooDir).sort()) {
      const name = entry.replace(/\.bundle$/, '');
      if (entry === name || !fs.existsSync(path.join(zooDir, name, 'oracle.json.gz'))) continue;
      found.push({ name, origin: 'zoo', oracle: path.join(zooDir, name, 'oracle.json.gz'), repo: (dir) => zooRepo(name, dir) });
    }
  } else {
    console.warn(`no zoo at ${zooDir}: only ZOO_EXTRA's sites are measured`);
  }
  for (const folder of (process.env.ZOO_EXTRA ?? '').split(':').filter(Boolean)) {
    if (!fs.existsSync(folder)) {
      console.warn(`ZOO_EXTRA: ${folder} does not exist`);
      continue;
    }
    for (const name of fs.readdirSync(folder).sort()) {
      const repo = path.join(folder, name, 'repo.git');
      const oracle = path.join(folder, name, 'oracle.json.gz');
      if (fs.existsSync(repo) && fs.existsSync(oracle)) found.push({ name, origin: folder, oracle, repo: () => repo });
    }
  }
  const only = process.env.ZOO_ONLY?.split(',').filter(Boolean);
  return only ? found.filter((site) => only.includes(site.name)) : found;
}

/** The oracle's site settings: its baseUrl tells where a site's pages (and perhaps /readyz) live. */
function oracleSite(oracle: string): { baseUrl?: string; trailingSlash?: boolean | null } {
  return JSON.parse(zlib.gunzipSync(fs.readFileSync(oracle)).toString('utf8')).site ?? {};
}

/** GETs `url` as JSON with its status; a refused connection (the server not listening yet) is status 0. */
async function getJson(url: string): Promise<{ status: number; body?: Record<string, unknown> }> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(30_000) });
    const text = await res.text();
    try {
      return { status: res.status, body: JSON.parse(text) };
    } catch {
      return { status: res.status };
    }
  } catch {
    return { status: 0 };
  }
}

/**
 * Starts build/docsite.js on `repo` with no configuration (no DOCSITE_CONFIG, a fresh DATA_DIR) and
 * waits until /readyz answers 200; rejects with the server's last output if it exits or never gets ready.
 */
async function serve(repo: string, dataDir: string, baseUrl: string): Promise<{ url: string; readyz: string; child: ChildProcess; output: () => string }> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, CONTENT_REPO: repo, HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, NODE_ENV: 'production' };
  // The operator's configuration would hide what the repository alone gives.
  delete env.DOCSITE_CONFIG;
  delete env.CONTENT_REF;
  const child = spawn(process.execPath, [ENTRY], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  let output = '';
  const keep = (chunk: Buffer) => {
    // The tail is enough to say why a start failed; a big site logs a lot.
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const url = `http://127.0.0.1:${port}`;
  // /readyz is at the root today; a server that moves everything under the site's baseUrl may answer it there.
  const candidates = [`${url}/readyz`, ...(baseUrl && baseUrl !== '/' ? [`${url}${baseUrl.replace(/\/?$/, '/')}readyz`] : [])];
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server exited with ${child.exitCode ?? child.signalCode}:\n${output.slice(-2000)}`);
    for (const readyz of candidates) {
      if ((await getJson(readyz)).status === 200) return { url, readyz, child, output: () => output };
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  await stop(child);
  throw new Error(`/readyz did not answer 200 in ${READY_TIMEOUT_MS / 1000} s:\n${output.slice(-2000)}`);
}

/** SIGTERM, then SIGKILL if the server has not exited after 10 s. */
async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }
  running.delete(child);
}

/** Runs compare.py against the server; its text goes to `textOut`, its JSON to `jsonOut`. */
function compare(url: string, oracle: string, jsonOut: string, textOut: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('python3', [COMPARE, url, oracle, '--json', jsonOut], { stdio: ['ignore', 'pipe', 'pipe'] });
    const out = fs.createWriteStream(textOut);
    child.stdout.pipe(out);
    child.stderr.pipe(out);
    const timer = setTimeout(() => child.kill('SIGKILL'), COMPARE_TIMEOUT_MS);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      out.end();
      code === 0 ? resolve() : reject(new Error(`compare.py exited with ${code}`));
    });
  });
}

/** Serves one site, measures it, stops the server and removes its temporary folders. */
async function measureSite(site: Site, keepDir: string | undefined): Promise<Row> {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), `zoo-${site.name}-`));
  const row: Row = { site, problems: [] };
  let server: Awaited<ReturnType<typeof serve>> | undefined;
  try {
    const repo = site.repo(path.join(scratch, 'repo.git'));
    fs.mkdirSync(path.join(scratch, 'data'));
    const started = performance.now();
    server = await serve(repo, path.join(scratch, 'data'), oracleSite(site.oracle).baseUrl ?? '/');
    row.readyMs = performance.now() - started;
    const jsonOut = path.join(keepDir ?? scratch, `${site.name}.json`);
    const textOut = path.join(keepDir ?? scratch, `${site.name}.txt`);
    await compare(server.url, site.oracle, jsonOut, textOut);
    if (!fs.existsSync(jsonOut)) throw new Error(`compare.py wrote no JSON: ${fs.readFileSync(textOut, 'utf8').slice(-1500)}`);
    row.summary = JSON.parse(fs.readFileSync(jsonOut, 'utf8')).summary as Summary;
    // Read after the comparison: problems found while rendering the pages are reported too.
    const ready = await getJson(server.readyz);
    const problems = (ready.body?.problems as Problem[] | undefined) ?? [];
    row.problemCount = (ready.body?.problemCount as number | undefined) ?? problems.length;
    row.problems = groupProblems(problems);
  } catch (error) {
    row.error = (error as Error).message;
  } finally {
    if (server) await stop(server.child);
    fs.rmSync(scratch, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  }
  return row;
}

/** Builds the server (unless --no-build), measures every site in turn and prints the matrix. */
async function main() {
  if (!process.argv.includes('--no-build') || !fs.existsSync(ENTRY)) {
    console.log('npm run build');
    // Quiet unless it fails: vite's chunk notices would bury the figures.
    try {
      execFileSync('npm', ['run', 'build'], { stdio: 'pipe', maxBuffer: 64 << 20 });
    } catch (error) {
      const { stdout, stderr } = error as { stdout?: Buffer; stderr?: Buffer };
      console.error(`${stdout ?? ''}${stderr ?? ''}`);
      throw error;
    }
  }
  if (!fs.existsSync(COMPARE)) throw new Error(`${COMPARE} is missing: the oracle tool lives in ../shared/tools/docusaurus-oracle`);
  const keepDir = process.env.ZOO_KEEP ? path.resolve(process.env.ZOO_KEEP) : undefined;
  if (keepDir) fs.mkdirSync(keepDir, { recursive: true });
  const list = sites();
  const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD']).toString().trim();
  console.log(`docsite ${commit}, ${list.length} sites, no configuration (CONTENT_REPO only)`);
  const rows: Row[] = [];
  // One site at a time: a site's first index uses both cores, and its figures should not depend on the others.
  for (const site of list) {
    const started = performance.now();
    const row = await measureSite(site, keepDir);
    rows.push(row);
    const s = row.summary;
    console.log(
      `${site.name}: ${s ? `${s.docs} docs, ${s.docsTitleOk} with their title` : `not measured (${row.error?.split('\n')[0]})`} in ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );
  }
  printMatrix(rows);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
