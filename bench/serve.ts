// Starts the built server and measures warm throughput and latency of one page with autocannon,
// then the server's resident memory. Prints figures; never fails on a number.
//
//   npx tsx bench/serve.ts                       embedded content, /general/community
//   npx tsx bench/serve.ts --corpus [--path P]   the shared corpus, cloned over local HTTP
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { startApp } from '../tests/support/app-server.js';
import { startGitHttpServer } from '../tests/support/git-http-server.js';
import { repoFromFolder, tempDir } from '../tests/support/repos.js';
import { corpusContent } from '../tests/support/requirements.js';

const args = process.argv.slice(2);
const useCorpus = args.includes('--corpus');
const pagePath =
  args[args.indexOf('--path') + 1] && args.includes('--path') ? args[args.indexOf('--path') + 1] : useCorpus ? '/general/development/policies/codingstyle' : '/general/community';
const seconds = Number(process.env.BENCH_SECONDS ?? 10);

function rssMiB(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}

async function main() {
  const env: Record<string, string> = {};
  let gitServer: Awaited<ReturnType<typeof startGitHttpServer>> | undefined;
  if (useCorpus) {
    const root = tempDir('bench-remote-');
    repoFromFolder(corpusContent, path.join(root, 'corpus'));
    gitServer = await startGitHttpServer(root);
    env.CONTENT_REPO = `${gitServer.url}/corpus/.git`;
  }
  const started = performance.now();
  const app = await startApp(env, { timeoutMs: 600_000 });
  const ready = performance.now() - started;
  const pid = app.nodePid();
  console.log(`content: ${useCorpus ? 'shared corpus over HTTP' : 'embedded'}; start to listening (clone included): ${ready.toFixed(0)} ms; RSS ${rssMiB(pid).toFixed(1)} MiB`);

  const first = performance.now();
  const res = await fetch(app.url + pagePath);
  await res.text();
  console.log(`first request ${pagePath}: HTTP ${res.status} in ${(performance.now() - first).toFixed(0)} ms (cold doc set and render)`);

  const result = await autocannon({ url: app.url + pagePath, connections: 10, duration: seconds });
  console.log(
    `warm ${pagePath}: ${result.requests.average.toFixed(0)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${result.non2xx} non-2xx, ${result.errors} errors`,
  );
  console.log(`RSS after the run: ${rssMiB(pid).toFixed(1)} MiB`);
  await app.stop();
  await gitServer?.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
