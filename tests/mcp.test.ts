// The site's MCP server (issue 46, decision 037) on the real repository, through the SDK's own client
// and streamable HTTP transport, against the built server: the tools an agent sees, search and pages
// at the last version, at /docs 4.5 and on a branch (each that ref's pages, the same as the site
// serves), a branch's changes against `git diff --name-status`, and the site's rules (previews, Origin).
import path from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metrics } from './support/attack.js';
import { startApp, type AppServer } from './support/app-server.js';
import { cloneBundle, gitIn } from './support/bundle.js';
import { answerOf, callTool, mcpClient, postRaw } from './support/mcp.js';
import { removeTempDirs, tempDir } from './support/repos.js';
import { hasBundle } from './support/requirements.js';

/** The public origin of the example configuration (docsite.yaml's `url`): absolute URLs use it. */
const ORIGIN = 'https://moodledev.io';
/** Branches previewed in this test; `cloudflarePoC` (which exists) is not among them. */
const PREVIEWS = 'update_QA_labels,lameze-*';

describe.runIf(hasBundle())('the MCP endpoint on the real repository', () => {
  let app: AppServer;
  let clone: string;
  let client: Client;

  beforeAll(async () => {
    clone = cloneBundle(path.join(tempDir('docsite-mcp-'), 'devdocs'));
    app = await startApp({ CONTENT_REPO: clone, PREVIEW_BRANCHES: PREVIEWS, SYNC_INTERVAL: '0', DOCSITE_NOW: '2026-11-22' });
    client = await mcpClient(app.url);
  }, 180_000);
  afterAll(async () => {
    await client?.close();
    await app?.stop();
    removeTempDirs();
  });

  /** Asks again while the answer is a 503 or leaves pages out (an index being built), up to 60 times: a loaded CI machine builds slowly. */
  const untilBuilt = async <T>(ask: () => Promise<T>): Promise<T> => {
    for (let tries = 1; ; tries++) {
      try {
        const answer = await ask();
        if (tries < 60 && (answer as { notIndexed?: string[] }).notIndexed) throw new Error('failed: 503 still being indexed');
        return answer;
      } catch (error) {
        if (tries >= 60 || !/failed: 503 /.test(String(error))) throw error;
        await new Promise((resolve) => setTimeout(resolve, 5000));
      }
    }
  };

  /** The site's own answer for a path, as text. */
  const text = async (url: string) => (await fetch(app.url + url)).text();

  it('lists five read-only tools, each described for an agent, with ref and instance where they read docs', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(['get_changes', 'get_page', 'list_pages', 'list_versions', 'search_docs']);
    for (const tool of tools) {
      expect(tool.description!.length, tool.name).toBeGreaterThan(100);
      expect(tool.annotations?.readOnlyHint, tool.name).toBe(true);
      if (tool.name !== 'list_versions') expect(Object.keys(tool.inputSchema.properties ?? {}), tool.name).toEqual(expect.arrayContaining(['ref', 'instance']));
    }
    const search = tools.find((tool) => tool.name === 'search_docs')!;
    expect(search.inputSchema.required).toEqual(['query']);
  });

  it('lists the versions of both instances, the last one marked', async () => {
    const { instances } = await answerOf(client, 'list_versions');
    const docs = instances.find((instance: { id: string }) => instance.id === 'default');
    expect(docs.versions.map((version: { name: string }) => version.name)).toEqual(expect.arrayContaining(['current', '5.0', '4.5']));
    expect(docs.versions.find((version: { isLast: boolean }) => version.isLast).url).toBe(`${ORIGIN}/docs/5.3`);
    expect(instances.map((instance: { id: string }) => instance.id)).toContain('general');
  });

  it('searches the last version, /docs 4.5 and a branch, each answering its own pages, as /api/search ranks them', async () => {
    // The last version's index is built after a start, in the background: until it is, a 503 says to ask again.
    const last = await untilBuilt(() => answerOf(client, 'search_docs', { query: 'privacy provider', instance: 'default', limit: 5 }));
    expect(last.results.length).toBe(5);
    for (const result of last.results) expect(result.url).toMatch(new RegExp(`^${ORIGIN}/docs/5\\.3/`));
    const api = await (await fetch(`${app.url}/api/search?q=privacy+provider&limit=5`)).json();
    expect(last.results.map((result: { url: string }) => result.url)).toEqual(api.results.map((result: { url: string }) => ORIGIN + result.url));

    const old = await untilBuilt(() => answerOf(client, 'search_docs', { query: 'privacy provider', ref: '4.5', instance: 'default', limit: 5 }));
    expect(old.scope).toBe('version 4.5');
    for (const result of old.results) expect(result.url).toMatch(new RegExp(`^${ORIGIN}/docs/4\\.5/`));
    // The next part goes on where this one stopped.
    const more = await answerOf(client, 'search_docs', { query: 'privacy provider', ref: '4.5', instance: 'default', limit: 5, offset: old.nextOffset });
    expect(more.offset).toBe(5);
    expect(more.results[0].url).not.toBe(old.results[0].url);

    // A label the branch adds to the tracker's labels page: its search finds it there, on the branch.
    // A branch has no index until asked: its first search builds one (a whole-site job of 60 s at most),
    // and a 503 says to ask again, the work done so far kept; an agent does the same.
    const branch = await untilBuilt(() => answerOf(client, 'search_docs', { query: 'qa_instructions_update', ref: '~update_QA_labels', instance: 'general', limit: 5 }));
    expect(branch.scope).toBe('branch update_QA_labels');
    for (const result of branch.results) expect(result.url).toMatch(new RegExp(`^${ORIGIN}/general/~update_QA_labels/`));
    const labels = branch.results.find((result: { url: string }) => result.url.includes('/development/tracker/labels'));
    expect(labels.snippet).toContain('qa_instructions_update');
  }, 600_000);

  it('searches, lists and reviews the whole site when no instance is given, as the navbar search box does', async () => {
    // The coding style policy is a page of /general: a search of /docs alone finds only "Styles".
    // After a start the instances' indexes are built in turn: an answer says which it left out meanwhile.
    const search = () => callTool(client, 'search_docs', { query: 'coding style', limit: 10 });
    await expect.poll(async () => ((answer) => answer.error ?? answer.notIndexed ?? 'all indexed')(await search()), { timeout: 300_000, interval: 3000 }).toBe('all indexed');
    const found = await answerOf(client, 'search_docs', { query: 'coding style', limit: 10 });
    expect(found.scope).toBe('all documentation');
    expect(found.results.map((result: { url: string }) => result.url.replace(/#.*$/, ''))).toContain(`${ORIGIN}/general/development/policies/codingstyle`);
    expect(found.sections.map((section: { name: string }) => section.name).length).toBeGreaterThan(1);
    const docsOnly = await untilBuilt(() => answerOf(client, 'search_docs', { query: 'coding style', instance: 'default', limit: 10 }));
    for (const result of docsOnly.results) expect(result.url).toMatch(new RegExp(`^${ORIGIN}/docs/`));

    // Every instance's pages, each marked with its instance; `instance` narrows to one.
    const all = await answerOf(client, 'list_pages', { limit: 1 });
    const docs = await answerOf(client, 'list_pages', { instance: 'default', limit: 1 });
    const general = await answerOf(client, 'list_pages', { instance: 'general', limit: 1 });
    expect(all.instances.map((entry: { id: string }) => entry.id).sort()).toEqual(['default', 'general']);
    expect(all.total).toBe(docs.total + general.total);
    const last = await answerOf(client, 'list_pages', { limit: 1, offset: all.total - 1 });
    expect(last.pages[0].instance).toBe('general');

    // A branch that changes general pages: its changes with no instance list them, as instance "general" does.
    const branch = await answerOf(client, 'get_changes', { ref: '~lameze-510qacycle' });
    const generalOnly = await answerOf(client, 'get_changes', { ref: '~lameze-510qacycle', instance: 'general' });
    expect(generalOnly.pages.length).toBeGreaterThan(0);
    const paths = (answer: { pages: { instance: string; path: string }[] }) => answer.pages.map((page) => `${page.instance} ${page.path}`).sort();
    expect(paths(branch)).toEqual(paths(generalOnly));
    expect(branch.total).toBe(generalOnly.total);
  }, 600_000);

  it('reads a page at two versions as their own Markdown, exactly what each .md URL serves', async () => {
    const last = await answerOf(client, 'get_page', { path_or_url: 'apis/plugintypes/filter' });
    const old = await answerOf(client, 'get_page', { path_or_url: `${ORIGIN}/docs/5.3/apis/plugintypes/filter`, ref: '4.5' });
    expect(last.url).toBe(`${ORIGIN}/docs/5.3/apis/plugintypes/filter`);
    expect(old.url).toBe(`${ORIGIN}/docs/4.5/apis/plugintypes/filter`);
    // The file a filter's class lives in changed in 5.0 (versioned_docs/version-4.5 keeps the old one).
    expect(last.markdown).toContain('### classes/text_filter.php');
    expect(old.markdown).toContain('### filter.php');
    expect(old.markdown).not.toContain('### classes/text_filter.php');
    expect(last.markdown).toBe(await text('/docs/5.3/apis/plugintypes/filter.md'));
    expect(old.markdown).toBe(await text('/docs/4.5/apis/plugintypes/filter.md'));
    expect(old.title).toBe(last.title);
    expect(old.toc.length).toBeGreaterThan(0);
    expect(old.lastUpdated.date).toMatch(/^\d{4}-\d\d-\d\d$/);
  });

  it('gives a long page in parts that join into the whole', async () => {
    const whole = await text('/docs/5.3/apis/subsystems/privacy.md');
    expect(whole.length).toBeGreaterThan(40_000);
    let joined = '';
    let offset: number | null = 0;
    for (let parts = 0; offset !== null; parts++) {
      expect(parts).toBeLessThan(10);
      const part = await answerOf(client, 'get_page', { path_or_url: '/docs/5.3/apis/subsystems/privacy', offset });
      expect(part.markdown.length).toBeLessThanOrEqual(40_000);
      joined += part.markdown;
      offset = part.nextOffset;
    }
    expect(joined).toBe(whole);
  });

  it("lists a branch's changed pages exactly as git diff --name-status lists its docs files", async () => {
    for (const branch of ['update_QA_labels', 'lameze-510qacycle']) {
      const changes = await answerOf(client, 'get_changes', { ref: `~${branch}`, instance: 'general' });
      const letter = { added: 'A', modified: 'M', removed: 'D', renamed: 'R' } as Record<string, string>;
      const listed = changes.pages.map((page: { status: string; path: string }) => `${letter[page.status]}\t${page.path}`);
      const diff = gitIn(clone, 'diff', '--name-status', '--no-renames', changes.baseCommit, changes.commit, '--', 'general')
        .split('\n')
        .filter((line) => /\.mdx?$/.test(line));
      expect(diff.length, branch).toBeGreaterThan(0);
      expect(listed.sort(), branch).toEqual(diff.sort());
      for (const page of changes.pages) expect(page.diffUrl).toMatch(new RegExp(`^${ORIGIN}/general/~${branch}/.+\\?diff`));
    }
    // A branch cut before the last version's folder (5.3) existed is read at its own current version (5.1), not refused.
    const older = await (await fetch(`${app.url}/api/changes?ref=~lameze-510qacycle`)).json();
    expect(older.ref.url).toBe('/docs/~lameze-510qacycle/5.1');
    expect((await answerOf(client, 'get_changes', { ref: '~lameze-510qacycle', instance: 'default' })).pages).toEqual([]);
  }, 300_000);

  it("refuses a branch outside PREVIEW_BRANCHES with the site's own message, in every tool", async () => {
    for (const [name, args] of [
      ['get_page', { path_or_url: 'development/tracker/labels', instance: 'general', ref: '~cloudflarePoC' }],
      ['search_docs', { query: 'labels', instance: 'general', ref: '~cloudflarePoC' }],
      ['list_pages', { instance: 'general', ref: '~cloudflarePoC' }],
      ['get_changes', { instance: 'general', ref: '~cloudflarePoC' }],
    ] as const) {
      const answer = await callTool(client, name, args);
      expect(answer.error, name).toMatch(/^404 Branch not found: No branch named "cloudflarePoC" is served here/);
    }
    // The same branch the operator allows is read.
    const page = await answerOf(client, 'get_page', { path_or_url: 'development/tracker/labels', instance: 'general', ref: '~update_QA_labels' });
    expect(page.markdown).toContain('qa_instructions_update');
  });

  it("refuses a page of another site (Origin) with 403, and answers the site's own", async () => {
    await expect(mcpClient(app.url, { Origin: 'https://evil.example' })).rejects.toThrow(/403|Origin/);
    const list = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    expect((await postRaw(app.url, list, { origin: 'https://evil.example' })).status).toBe(403);
    expect((await postRaw(app.url, list, { origin: ORIGIN })).status).toBe(200);
  });

  it('counts calls by tool in /metrics apart from readers, and logs each with its request id', async () => {
    const before = (await metrics(app.url))('docsite_mcp_calls_total', { tool: 'list_pages' }) || 0;
    const pages = await answerOf(client, 'list_pages', { prefix: 'apis/subsystems/', limit: 3 });
    expect(pages.pages.length).toBe(3);
    for (const page of pages.pages) expect(page.id.startsWith('apis/subsystems/')).toBe(true);
    const sample = await metrics(app.url);
    expect(sample('docsite_mcp_calls_total', { tool: 'list_pages' })).toBe(before + 1);
    expect(app.output()).toMatch(/"req":"[\w-]+","tool":"list_pages","ms":\d+,"msg":"mcp call"/);
  });
});
