// Preview reports through the built server (decision 038): a signed pull request webhook makes the
// server sync, answer, then report the pull request's head to a loopback stand-in for GitHub's API
// (a child process, so no msw): two statuses and one comment on the pull request the payload named.
// /readyz says reporting is on, /metrics counts the report, and no output line holds the token.
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type AppServer } from './support/app-server.js';
import { startGitHttpServer, type GitHttpServer } from './support/git-http-server.js';
import { removeTempDirs, tempDir, type TestRepo } from './support/repos.js';
import { REVIEW_BRANCH, reviewRepo } from './support/review-repo.js';

const SECRET = 'a-webhook-secret';
const TOKEN = 'ghp_builtServerToken0123456789';

/** What the stand-in for GitHub received. */
interface Call {
  method: string;
  url: string;
  authorization?: string;
  body: Record<string, string>;
}

describe('preview reports from the built server', () => {
  let gitServer: GitHttpServer;
  let repo: TestRepo;
  let app: AppServer;
  let forge: http.Server;
  const calls: Call[] = [];

  beforeAll(async () => {
    const root = tempDir('docsite-report-server-');
    repo = await reviewRepo(root);
    gitServer = await startGitHttpServer(root);
    forge = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        calls.push({ method: req.method!, url: req.url!, authorization: req.headers.authorization, body: body ? JSON.parse(body) : {} });
        const list = req.method === 'GET';
        res.writeHead(list ? 200 : 201, { 'Content-Type': 'application/json' }).end(list ? '[]' : '{"id":1}');
      });
    });
    await new Promise<void>((resolve) => forge.listen(0, '127.0.0.1', resolve));
    app = await startApp({
      CONTENT_REPO: `${gitServer.url}/docs/.git`,
      WEBHOOK_SECRET: SECRET,
      SYNC_INTERVAL: '0',
      FORGE: 'github',
      FORGE_URL: `http://127.0.0.1:${(forge.address() as AddressInfo).port}`,
      FORGE_REPO: 'team/docs',
      GITHUB_TOKEN: TOKEN,
      TRUSTED_HOSTS: 'docs.example.org',
    });
  });

  afterAll(async () => {
    await app?.stop();
    await gitServer?.close();
    await new Promise((resolve) => forge?.close(resolve));
    removeTempDirs();
  });

  it('says on /readyz that previews are reported, and where', async () => {
    const ready = await (await fetch(`${app.url}/readyz`)).json();
    expect(ready.reports).toEqual({ status: 'on', forge: 'github', repository: 'team/docs' });
  });

  it("reports a pull request's new head after its webhook: pending, failure, one comment on that pull request", async () => {
    await repo.checkout(REVIEW_BRANCH);
    const commit = await repo.commit({ 'general/new.md': '---\ntitle: New page\n---\n\nBrand new, with [a link to nowhere](./nowhere.md).\n' });
    await repo.checkout('main');
    const payload = {
      action: 'synchronize',
      number: 12,
      pull_request: { head: { ref: REVIEW_BRANCH, sha: commit, repo: { full_name: 'team/docs', owner: { login: 'team' } } }, base: { repo: { full_name: 'team/docs' } } },
    };
    const body = JSON.stringify(payload);
    const signature = `sha256=${crypto.createHmac('sha256', SECRET).update(body).digest('hex')}`;
    const res = await fetch(`${app.url}/api/webhook`, { method: 'POST', body, headers: { 'X-Hub-Signature-256': signature, 'X-GitHub-Event': 'pull_request' } });
    expect(res.status).toBe(200);
    for (let waited = 0; !calls.some((call) => call.url.endsWith('/issues/12/comments') && call.method === 'POST'); waited += 100) {
      if (waited > 120_000) throw new Error(`no comment after 120 s: ${JSON.stringify(calls)}\n${app.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const statuses = calls.filter((call) => call.url === `/api/v3/repos/team/docs/statuses/${commit}`).map((call) => call.body);
    expect(statuses.map((status) => status.state)).toEqual(['pending', 'failure']);
    expect(statuses[1]).toMatchObject({ target_url: 'https://docs.example.org/general/~fix%2Fdocs', context: 'docsite/preview' });
    // The payload named the pull request: the forge is not asked which one it is.
    expect(calls.filter((call) => call.url.includes('/pulls'))).toEqual([]);
    expect(calls.every((call) => call.authorization === `Bearer ${TOKEN}`)).toBe(true);
    const comment = calls.find((call) => call.method === 'POST' && call.url.endsWith('/comments'))!.body.body;
    expect(comment).toContain('<!-- docsite-preview -->');
    expect(comment).toContain('[New page](https://docs.example.org/general/~fix%2Fdocs/new)');
    expect(comment).toContain('`./nowhere.md`');

    const metrics = await (await fetch(`${app.url}/metrics`)).text();
    expect(metrics).toMatch(/docsite_reports_total\{forge="github",outcome="sent"\} [1-9]/);
    expect(app.output()).not.toContain(TOKEN);
    expect(metrics).not.toContain(TOKEN);
  }, 180_000);
});
