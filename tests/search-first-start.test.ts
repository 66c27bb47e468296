// Search ready when the site is (issue 55): on a first start (a fresh DATA_DIR, the upstream
// repository served as the README says, with no configuration), a reader's first search of the
// whole site and an agent's first `search_docs`, asked as soon as `/` answers, find the coding style
// policy of /general: a first index holds every page's title from its start and each page's text
// as it is read, says what it leaves out meanwhile, and never answers 503.
import path from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type AppServer } from './support/app-server.js';
import { cloneBundle } from './support/bundle.js';
import { callTool, mcpClient } from './support/mcp.js';
import { removeTempDirs, tempDir } from './support/repos.js';
import { hasBundle } from './support/requirements.js';

const POLICY = '/general/development/policies/codingstyle';

interface Answer {
  results: { url: string; title: string }[];
  notIndexed?: string[];
}

describe.runIf(hasBundle())('search on a first start of the real repository', () => {
  let app: AppServer;
  let client: Client;

  beforeAll(async () => {
    const clone = cloneBundle(path.join(tempDir('docsite-first-search-'), 'devdocs'));
    // A DATA_DIR of its own, empty: no index to read back.
    app = await startApp({ CONTENT_REPO: clone, SYNC_INTERVAL: '0' }, { timeoutMs: 180_000 });
    client = await mcpClient(app.url);
  }, 240_000);
  afterAll(async () => {
    await client?.close();
    await app?.stop();
    removeTempDirs();
  });

  it('finds the coding style policy with the first search of the whole site and the first search_docs, asked as soon as / answers', async () => {
    // As soon as the site answers its first page: no index of any instance exists yet.
    await expect.poll(async () => (await fetch(`${app.url}/`).catch(() => undefined))?.status, { timeout: 180_000, interval: 100 }).toBe(200);
    const [web, general, agent] = await Promise.all([
      fetch(`${app.url}/api/search?q=coding+style&scope=all&limit=20`),
      fetch(`${app.url}/api/search?q=coding+style&instance=general&limit=20`),
      callTool(client, 'search_docs', { query: 'coding style', limit: 20 }),
    ]);
    for (const [name, res] of [
      ['whole site', web],
      ['/general', general],
    ] as const) {
      expect(res.status, `${name}: ${res.status === 200 ? '' : await res.clone().text()}`).toBe(200);
      const answer = (await res.json()) as Answer;
      expect(
        answer.results.map((result) => result.url),
        name,
      ).toEqual(expect.arrayContaining([expect.stringMatching(new RegExp(`^${POLICY}/?(#|$)`))]));
      // What is still being read is named with how much is left, never silently missing.
      for (const left of answer.notIndexed ?? []) expect(left, name).toMatch(/\d+ of the \d+ pages of /);
    }
    expect(agent.error, JSON.stringify(agent)).toBeUndefined();
    const paths = ((agent as { results?: { url: string }[] }).results ?? []).map((result) => new URL(result.url, app.url).pathname);
    expect(paths, JSON.stringify(agent).slice(0, 2000)).toContain(POLICY);
  }, 300_000);
});
