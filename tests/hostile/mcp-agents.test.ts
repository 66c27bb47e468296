// Fifty agents on distinct old commits (issue 46, decision 037): each opens its own MCP session with
// the SDK's client and asks, back to back, for a page, a search and the page list of a commit nobody
// has read, the most expensive things a tool can be asked, pausing a second when told to come back.
// Every call goes through the cost model as the URL it reads would, so they get what a stranger's
// browser gets: their answer, or a clear 429 or 503 saying when to come back. A reader of cached pages
// meanwhile gets every page, its p95 within 3x of what it was before (the fair-work bar, taken against
// at least FLOOR_MS), and no client work is left once the agents have gone.
import path from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientRenderTasks, pacedRead, percentile, statusCounts } from '../support/attack.js';
import { startApp, type AppServer } from '../support/app-server.js';
import { cloneBundle, oldCommits } from '../support/bundle.js';
import { callTool, mcpClient } from '../support/mcp.js';
import { removeTempDirs, tempDir } from '../support/repos.js';
import { hasBundle } from '../support/requirements.js';
import { DEFAULT_LIMITS } from '../../server/site/work/limits.js';
import { untilIndexed } from '../support/indexed.js';

const AGENTS = 50;
const BASE_MS = 10_000;
const ATTACK_MS = 20_000;
/** The reader asks for a page this often, as a person reads: it measures latency, not throughput. */
const READER_MS = 100;
/** How long an agent told to come back later waits before it asks again. */
const BACK_OFF_MS = 1000;
/**
 * The least p95 the 3x bar is taken against: a cached page answers in a few milliseconds on loopback,
 * and on the shared 2-core machine CI runs on, the idle p95 alone went from 18 to 87 ms between runs
 * of this test; issue 37's attack took it to 18x (decision 037 has the runs).
 */
const FLOOR_MS = 100;

describe.runIf(hasBundle())(`${AGENTS} MCP agents on distinct old commits`, () => {
  let app: AppServer;
  let dir: string;

  beforeAll(async () => {
    dir = cloneBundle(path.join(tempDir('docsite-mcp-agents-'), 'devdocs'));
    app = await startApp({ CONTENT_REPO: dir, SYNC_INTERVAL: '0', WHOLE_SITE_PER_MINUTE: String(DEFAULT_LIMITS.wholeSitePerMinute) });
  }, 180_000);
  afterAll(async () => {
    await app?.stop();
    removeTempDirs();
  });

  it('get their answer or a clear refusal, and leave readers of cached pages within 3x their p95', async () => {
    const pages: string[] = (await (await fetch(`${app.url}/api/versions/current/pages`)).json()).pages.map((page: { permalink: string }) => page.permalink).slice(0, 20);
    for (const page of pages) expect((await fetch(app.url + page)).status).toBe(200);
    let turn = 0;
    const next = () => pages[turn++ % pages.length];
    // A first start's first indexes take every render thread until they are whole (issue 55): what is
    // measured here is agents against readers, so the attack starts once the site's own first work is done.
    await untilIndexed(app.url, '?q=moodle', 240_000);
    await untilIndexed(app.url, '?q=moodle&instance=general', 240_000);
    const before = await pacedRead(app.url, next, BASE_MS, READER_MS);

    const end = Date.now() + ATTACK_MS;
    const messages: string[] = [];
    const agent = async (commit: string) => {
      const client: Client = await mcpClient(app.url);
      try {
        const calls: [string, Record<string, unknown>][] = [
          ['get_page', { path_or_url: '/general/app', ref: `@${commit}` }],
          ['search_docs', { query: 'moodle plugin', ref: `@${commit}`, instance: 'general' }],
          ['list_pages', { ref: `@${commit}`, instance: 'general' }],
        ];
        for (let i = 0; Date.now() < end; i++) {
          const answer = await callTool(client, ...calls[i % calls.length]);
          messages.push(answer.error === undefined ? 'ok' : answer.error);
          // Told to come back later: a second's pause, less than it is told (an agent's own turn takes longer).
          if (answer.error && /^(429|503) /.test(answer.error)) await new Promise((resolve) => setTimeout(resolve, BACK_OFF_MS));
        }
      } finally {
        await client.close();
      }
    };
    const agents = Promise.all(oldCommits(dir, AGENTS).map(agent));
    const during = await pacedRead(app.url, next, ATTACK_MS, READER_MS);
    await agents;
    // The last agent has left: nothing renders for them any more (the site's own lane may: it indexes the published versions).
    await expect.poll(() => clientRenderTasks(app.url), { timeout: 30_000, interval: 250 }).toBe(0);

    const ms = (outcomes: { ms: number }[]) => outcomes.map((outcome) => outcome.ms);
    const [p95Before, p95During] = [percentile(ms(before), 95), percentile(ms(during), 95)];
    const refused = messages.filter((message) => /^(429|503) /.test(message)).length;
    console.log(
      `agents: ${messages.length} calls, ${messages.filter((message) => message === 'ok').length} answered, ${refused} refused; reader p95 ${p95Before.toFixed(1)} -> ${p95During.toFixed(1)} ms; ${JSON.stringify(statusCounts(during))}`,
    );
    // Every call was answered: a result, or a refusal saying what happened (a 404 for a page an old commit lacks).
    for (const message of messages) expect(message).toMatch(/^(ok|404 |429 |503 )/);
    expect(refused).toBeGreaterThan(0);
    for (const outcome of [...before, ...during]) expect(outcome.status, outcome.url).toBe(200);
    expect(p95During).toBeLessThanOrEqual(3 * Math.max(p95Before, FLOOR_MS));
    expect(app.output()).not.toMatch(/mcp call failed|"status":500/);
  }, 600_000);
});
