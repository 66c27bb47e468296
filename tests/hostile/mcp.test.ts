// Hostile input at /mcp (issue 46, decision 037): oversized queries and bodies, unknown tools,
// malformed JSON-RPC, refs and paths with tricks, batches, other methods, another site's Origin.
// Each is a clear error (a JSON-RPC error or a tool error that says what would work), never a stack
// trace or a file path, and nothing else is affected: the same client reads a page afterwards, and the
// server logged no failure.
import path from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type AppServer } from '../support/app-server.js';
import { answerOf, callTool, mcpClient, postRaw } from '../support/mcp.js';
import { removeTempDirs, TestRepo, tempDir } from '../support/repos.js';

const page = (title: string, body: string) => `---\ntitle: ${title}\n---\n\n${body}\n`;
/** What would betray internals in a message: a stack frame or a path on the server. */
const INTERNALS = /\n\s+at |node_modules|\/tmp\/|\/work\/|\.ts:\d+/;

describe('hostile input at /mcp', () => {
  let app: AppServer;
  let client: Client;

  beforeAll(async () => {
    const repo = await TestRepo.create(path.join(tempDir('docsite-mcp-hostile-'), 'docs'));
    await repo.commit({ 'general/intro.md': page('Introduction', 'Welcome. See [the guide](./guide.md).'), 'general/guide.md': page('Guide', 'Read me.') });
    app = await startApp({ CONTENT_REPO: repo.dir, SYNC_INTERVAL: '0' });
    client = await mcpClient(app.url);
  });
  afterAll(async () => {
    await client?.close();
    await app?.stop();
    removeTempDirs();
  });

  /** A tool call that must fail: its message, checked for internals. */
  const refused = async (name: string, args: Record<string, unknown>) => {
    const answer = await callTool(client, name, args);
    expect(answer.error, `${name} ${JSON.stringify(args).slice(0, 200)}`).toBeTypeOf('string');
    expect(answer.error).not.toMatch(INTERNALS);
    return answer.error as string;
  };

  it('refuses an oversized query, and an oversized message before reading it whole', async () => {
    expect(await refused('search_docs', { query: 'moodle '.repeat(2000) })).toMatch(/at most 200 character.*query/);
    expect(await refused('get_page', { path_or_url: `/general/${'a/'.repeat(2000)}` })).toMatch(/at most 2000 character.*path_or_url/);
    const call = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'search_docs', arguments: { query: 'x'.repeat(200_000) } } });
    const { status, json } = await postRaw(app.url, call);
    expect(status).toBe(413);
    expect(json.error.message).toMatch(/at most 64 KiB/);
  });

  it('answers an unknown tool and arguments of the wrong type with a tool error naming them', async () => {
    expect(await refused('delete_everything', {})).toMatch(/Tool delete_everything not found/);
    expect(await refused('search_docs', { query: 42 })).toMatch(/query/);
    expect(await refused('list_pages', { limit: 1e9 })).toMatch(/limit/);
  });

  it('answers malformed JSON-RPC with a JSON-RPC error', async () => {
    const notJson = await postRaw(app.url, '{"jsonrpc": "2.0", "id": 1, "method": ');
    expect(notJson.status).toBe(400);
    expect(notJson.json.error.code).toBe(-32700);
    const notRpc = await postRaw(app.url, JSON.stringify({ hello: 'world' }));
    expect(notRpc.status).toBe(400);
    expect(notRpc.json.error.code).toBeLessThan(-32000);
    const unknownMethod = await postRaw(app.url, JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'resources/delete' }));
    expect(unknownMethod.json).toMatchObject({ id: 7, error: { code: -32601 } });
    for (const { json } of [notJson, notRpc, unknownMethod]) expect(JSON.stringify(json)).not.toMatch(INTERNALS);
  });

  it('refuses a batch: one call per POST, so each is admitted as one request', async () => {
    const call = (id: number) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'list_versions', arguments: {} } });
    const { status, json } = await postRaw(app.url, JSON.stringify([call(1), call(2), call(3)]));
    expect(status).toBe(400);
    expect(json.error).toMatchObject({ code: -32600, message: expect.stringMatching(/Batches are not supported/) });
  });

  it('reads nothing outside the docs for refs and paths with tricks', async () => {
    for (const ref of ['../../../etc/passwd', '~../main', '~main/../../x', '@../../x', '@zz', '%2e%2e%2f', '~', '\u0000', 'main\nX-Injected: 1']) {
      for (const [name, args] of [
        ['get_page', { path_or_url: 'intro', ref }],
        ['search_docs', { query: 'guide', ref }],
        ['list_pages', { ref }],
        ['get_changes', { ref }],
      ] as const) {
        expect(await refused(name, args)).toMatch(/^(400|404) |is not a version name|has no version/);
      }
    }
    for (const trick of [
      '/../../etc/passwd',
      '../../../package.json',
      'file:///etc/passwd',
      '/general/%2e%2e/%2e%2e/etc/passwd',
      '/api/versions',
      '//evil.example/x',
      '/general/intro%00.md',
    ]) {
      expect(await refused('get_page', { path_or_url: trick })).toMatch(/^(400|404) |is not a page of this site/);
    }
  });

  it("answers other methods 405 (no stream, no session) and another site's Origin 403", async () => {
    for (const method of ['GET', 'DELETE', 'PUT']) {
      const res = await fetch(`${app.url}/mcp`, { method });
      expect(res.status, method).toBe(405);
      expect(res.headers.get('allow')).toBe('POST');
    }
    const { status, json } = await postRaw(app.url, JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }), { origin: 'http://evil.example' });
    expect(status).toBe(403);
    expect(json.error.message).toMatch(/Origin/);
  });

  it('still serves the same client, and logged no failure', async () => {
    const intro = await answerOf(client, 'get_page', { path_or_url: 'intro' });
    expect(intro.markdown).toContain('Welcome.');
    expect(intro.url).toMatch(/\/general\/intro$/);
    expect((await fetch(`${app.url}/general/guide`)).status).toBe(200);
    expect(app.output()).not.toMatch(/mcp call failed|"status":500/);
  });
});
