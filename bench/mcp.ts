// Tool-call latency of the MCP endpoint (decision 037) beside the HTTP answers the tools read, in the
// same run on the same built server (the whole upstream repository, from the corpus's bundle): warm
// `search_docs` beside `GET /api/search` with the same query, warm `get_page` beside `GET {page}.md`
// of the same page, and `list_versions` (next to nothing to read: the protocol's own cost). Each is
// asked once first (warm), then ROUNDS times in turn, one at a time.
// Prints p50/p95; never fails on a number.
//
//   npm run build && npx tsx bench/mcp.ts   (ROUNDS=100)
import path from 'node:path';
import { percentile } from '../tests/support/attack.js';
import { startApp } from '../tests/support/app-server.js';
import { cloneBundle } from '../tests/support/bundle.js';
import { answerOf, mcpClient } from '../tests/support/mcp.js';
import { removeTempDirs, tempDir } from '../tests/support/repos.js';

const ROUNDS = Number(process.env.ROUNDS ?? 100);
const QUERIES = ['privacy provider', 'external function', 'scheduled task', 'form api', 'behat'];
const PAGES = ['apis/subsystems/privacy', 'apis/plugintypes/filter', 'apis/core/dml', 'guides/javascript', 'apis/subsystems/external'];

/** Milliseconds `ask` takes, ROUNDS times (after one warming call per input). */
async function timed<T>(inputs: T[], ask: (input: T) => Promise<unknown>): Promise<number[]> {
  for (const input of inputs) await ask(input);
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const started = performance.now();
    await ask(inputs[round % inputs.length]);
    times.push(performance.now() - started);
  }
  return times;
}

/** `name: p50 … p95 …` of some timings. */
function line(name: string, times: number[]): string {
  return `${name.padEnd(34)} p50 ${percentile(times, 50).toFixed(1).padStart(6)} ms   p95 ${percentile(times, 95).toFixed(1).padStart(6)} ms`;
}

async function main() {
  const dir = cloneBundle(path.join(tempDir('bench-mcp-'), 'devdocs'));
  const app = await startApp({ CONTENT_REPO: dir, SYNC_INTERVAL: '0' }, { timeoutMs: 600_000 });
  try {
    const client = await mcpClient(app.url);
    const text = async (url: string) => {
      const res = await fetch(app.url + url);
      if (!res.ok) throw new Error(`${url}: ${res.status}`);
      return res.text();
    };
    // The last version's index is built in the background from start: wait until it answers.
    for (let tries = 0; (await fetch(`${app.url}/api/search?q=moodle`)).status !== 200; tries++) {
      if (tries > 120) throw new Error('the search index was not built in 10 minutes');
      await new Promise((resolve) => setTimeout(resolve, 5000));
    }
    const rows = [
      line('search_docs (MCP)', await timed(QUERIES, (query) => answerOf(client, 'search_docs', { query }))),
      line('GET /api/search', await timed(QUERIES, (query) => text(`/api/search?q=${encodeURIComponent(query)}`))),
      line('get_page (MCP)', await timed(PAGES, (page) => answerOf(client, 'get_page', { path_or_url: page }))),
      line('GET {page}.md', await timed(PAGES, (page) => text(`/docs/5.3/${page}.md`))),
      // What a call costs with next to nothing to read: the protocol's own share of the figures above.
      line('list_versions (MCP)', await timed([0], () => answerOf(client, 'list_versions'))),
    ];
    console.log(`warm, ${ROUNDS} calls each, one at a time, in one run:\n${rows.join('\n')}`);
    await client.close();
  } finally {
    await app.stop();
    removeTempDirs();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
