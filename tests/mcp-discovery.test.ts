// How a user finds the MCP endpoint (issue 46, decision 037): the landing page and llms.txt give its
// URL, and every page links its own Markdown for a person who pastes a page into a chat instead.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type AppServer } from './support/app-server.js';
import { mcpClient } from './support/mcp.js';
import { removeTempDirs, TestRepo, tempDir } from './support/repos.js';

const page = (title: string, body: string) => `---\ntitle: ${title}\n---\n\n${body}\n`;

describe('finding the MCP endpoint', () => {
  let app: AppServer;

  beforeAll(async () => {
    const repo = await TestRepo.create(path.join(tempDir('docsite-mcp-discovery-'), 'docs'));
    await repo.commit({ 'general/intro.md': page('Introduction', 'Welcome.') });
    app = await startApp({ CONTENT_REPO: repo.dir, SYNC_INTERVAL: '0' });
  });
  afterAll(async () => {
    await app?.stop();
    removeTempDirs();
  });

  it('gives the endpoint on the landing page and in llms.txt, and it answers there', async () => {
    const home = await (await fetch(`${app.url}/`)).text();
    expect(home).toContain(`<code>${app.url}/mcp</code>`);
    expect(home).toContain(`claude mcp add --transport http docs ${app.url}/mcp`);
    const llms = await (await fetch(`${app.url}/general/llms.txt`)).text();
    expect(llms).toContain(`through the MCP server at ${app.url}/mcp`);
    const client = await mcpClient(app.url);
    expect((await client.listTools()).tools).toHaveLength(5);
    await client.close();
  });

  it("links each page's Markdown beside its other links", async () => {
    const html = await (await fetch(`${app.url}/general/intro`)).text();
    const href = /<a href="([^"]+)" type="text\/markdown">Page as Markdown<\/a>/.exec(html)?.[1];
    expect(href).toBe('/general/intro.md');
    expect(await (await fetch(app.url + href)).text()).toBe('# Introduction\n\nWelcome.\n');
  });
});
