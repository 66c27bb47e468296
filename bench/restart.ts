// What a restart costs: the corpus (742 pages) or the whole site (--whole-site: the bundle, six
// versions, 1,513 pages) read once by a first server, then again by a second server on the same
// DATA_DIR, with rendered pages kept on disk (the default) and without (DISK_CACHE_MB=0). Prints,
// for each server, the pages rendered (docsite_renders_total), the seconds and the server's CPU
// seconds to read every page (8 at a time), RSS, and the disk the rendered pages take. Prints
// figures; never fails on a number.
//
//   npx tsx bench/restart.ts [--whole-site]
import fs from 'node:fs';
import path from 'node:path';
import { startApp, type AppServer } from '../tests/support/app-server.js';
import { cloneBundle } from '../tests/support/bundle.js';
import { exampleConfig } from '../tests/support/example.js';
import { removeTempDirs, repoFromFolder, tempDir } from '../tests/support/repos.js';
import { freePort } from '../tests/support/ports.js';
import { corpusContent } from '../tests/support/requirements.js';

/** /proc's clock ticks per second (USER_HZ). */
const TICKS_PER_SECOND = 100;

/** CPU ticks (user and system) of `pid` and its children so far. */
function cpuTicks(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

/** Resident memory of `pid`, MiB. */
function rssMiB(pid: number): number {
  return Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;
}

/** A value of the server's /metrics. */
async function metric(app: AppServer, name: string): Promise<number> {
  const text = await (await fetch(`${app.url}/metrics`)).text();
  return Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? Number.NaN);
}

/** Every page of every version of every instance. */
async function pageUrls(app: AppServer): Promise<string[]> {
  const { versions } = (await (await fetch(`${app.url}/api/versions`)).json()) as { versions: { name: string; pluginId: string }[] };
  const urls: string[] = [];
  for (const version of versions) {
    const catalogue = (await (await fetch(`${app.url}/api/versions/${version.name}/pages?instance=${version.pluginId}`)).json()) as { pages: { permalink: string }[] };
    urls.push(...catalogue.pages.map((page) => page.permalink));
  }
  return urls;
}

/** Reads every page once, 8 at a time, and prints what it cost the server. */
async function readAll(app: AppServer, label: string): Promise<void> {
  const pid = app.nodePid();
  const urls = await pageUrls(app);
  const renders = await metric(app, 'docsite_renders_total');
  const ticks = cpuTicks(pid);
  const started = performance.now();
  const queue = [...urls];
  let failed = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      for (let url = queue.pop(); url; url = queue.pop()) {
        const res = await fetch(app.url + url);
        await res.arrayBuffer();
        if (res.status !== 200) failed++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpu = (cpuTicks(pid) - ticks) / TICKS_PER_SECOND;
  const rendered = (await metric(app, 'docsite_renders_total')) - renders;
  const disk = (await metric(app, 'docsite_disk_cache_bytes')) / 2 ** 20;
  console.log(
    `  ${label}: ${urls.length} pages (${failed} not 200) in ${seconds.toFixed(1)} s, server CPU ${cpu.toFixed(1)} s, ${rendered} rendered; RSS ${rssMiB(pid).toFixed(0)} MiB; on disk ${Number.isNaN(disk) ? 'none' : `${disk.toFixed(1)} MiB`}`,
  );
}

async function main() {
  const wholeSite = process.argv.includes('--whole-site');
  const root = tempDir('bench-restart-');
  const repo = path.join(root, 'repo');
  if (wholeSite) cloneBundle(repo);
  else repoFromFolder(corpusContent, repo, exampleConfig());
  console.log(`content: ${wholeSite ? 'the whole site (bundle)' : 'the corpus'}`);
  for (const disk of ['on', 'off']) {
    const env: Record<string, string> = {
      CONTENT_REPO: repo,
      DATA_DIR: path.join(root, `data-${disk}`),
      SYNC_INTERVAL: '0',
      // The same port after the restart: the page cache's keys name the Host, as a site's do.
      PORT: String(await freePort()),
      ...(disk === 'off' ? { DISK_CACHE_MB: '0' } : {}),
    };
    console.log(`rendered pages on disk: ${disk}`);
    let app = await startApp(env, { timeoutMs: 600_000 });
    await readAll(app, 'first start');
    await app.stop();
    app = await startApp(env, { timeoutMs: 600_000 });
    await readAll(app, 'after a restart');
    await app.stop();
  }
  removeTempDirs();
  fs.rmSync(root, { recursive: true, force: true });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
