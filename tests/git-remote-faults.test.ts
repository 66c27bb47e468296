// Start-up against a slow or failing remote: a slow but healthy remote is waited for as long as
// GIT_TIMEOUT_MS says, a hanging one is given up on after it, the server always starts when it
// has a clone to serve (and says it is degraded), and refuses to start with nothing to serve.
import crypto from 'node:crypto';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startGitHttpServer, type GitHttpServer } from './support/git-http-server.js';
import { startFaultyProxy, type FaultyProxy } from './support/faulty-proxy.js';
import { startApp, type AppServer } from './support/app-server.js';
import { TestRepo, removeTempDirs, tempDir } from './support/repos.js';

const SECRET = 'a-webhook-secret';
const page = (body: string) => `---\ntitle: Introduction\n---\n\n${body}\n`;

describe('a slow or failing remote at start-up', () => {
  let gitServer: GitHttpServer;
  let proxy: FaultyProxy;
  let repo: TestRepo;
  let repoUrl: string;
  const apps: AppServer[] = [];

  const start = async (env: Record<string, string>) => {
    const app = await startApp({ CONTENT_REPO: repoUrl, SYNC_INTERVAL: '0', ...env });
    apps.push(app);
    return app;
  };
  const readyz = async (app: AppServer) => (await fetch(`${app.url}/readyz`)).json();
  const intro = async (app: AppServer) => (await fetch(`${app.url}/general/intro`)).text();

  beforeAll(async () => {
    const root = tempDir('docsite-faults-');
    repo = await TestRepo.create(path.join(root, 'docs'));
    await repo.commit({ 'general/intro.md': page('First text.') });
    gitServer = await startGitHttpServer(root);
    proxy = await startFaultyProxy(gitServer.url);
    repoUrl = `${proxy.url}/docs/.git`;
  });

  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.stop()));
    proxy.mode = 'ok';
  });

  afterAll(async () => {
    await proxy?.close();
    await gitServer?.close();
    removeTempDirs();
  });

  it('clones from a remote that waits 7 s before every answer, with the default GIT_TIMEOUT_MS', async () => {
    proxy.mode = 'delay';
    proxy.delayMs = 7000;
    const app = await start({});
    expect(await intro(app)).toContain('First text.');
    expect(await readyz(app)).toMatchObject({ status: 'ready', lastError: null });
  });

  it('exits non-zero, saying there is nothing to serve, when a hanging remote exceeds GIT_TIMEOUT_MS on a first clone', async () => {
    proxy.mode = 'hang';
    await expect(start({ GIT_TIMEOUT_MS: '3000' })).rejects.toThrow(
      /exited with [1-9]\d* before listening[\s\S]*Could not clone .*no earlier clone.*Timed out after 3000 ms cloning/,
    );
  });

  it.each(['error', 'refuse'] as const)('exits non-zero, saying there is nothing to serve, when the remote fails (%s) on a first clone', async (mode) => {
    proxy.mode = mode;
    await expect(start({})).rejects.toThrow(/exited with [1-9]\d* before listening[\s\S]*Could not clone .*no earlier clone/);
  });

  it.each(['error', 'hang'] as const)(
    'starts from an existing clone while the remote fails (%s), reports degraded from the first request, and recovers on the next sync',
    async (mode) => {
      const dataDir = tempDir('docsite-faults-data-');
      const first = await start({ DATA_DIR: dataDir });
      const cloned = (await readyz(first)).commit;
      await first.stop();
      const newest = await repo.commit({ 'general/intro.md': page(`Text pushed while the remote was down (${mode}).`) });
      proxy.mode = mode;
      const abandoned = proxy.abandoned;
      const app = await start({ DATA_DIR: dataDir, WEBHOOK_SECRET: SECRET, GIT_TIMEOUT_MS: '3000' });

      const status = await readyz(app);
      expect(status).toMatchObject({ status: 'degraded', commit: cloned });
      expect(status.lastError.message).toMatch(mode === 'hang' ? /Timed out after 3000 ms fetching/ : /500/);
      expect(await intro(app)).not.toContain(`pushed while the remote was down (${mode})`);
      // The timed-out request was cancelled, not left open: the remote saw the server hang up.
      if (mode === 'hang') await vi.waitFor(() => expect(proxy.abandoned).toBeGreaterThan(abandoned), { timeout: 10_000 });

      proxy.mode = 'ok';
      const body = '{}';
      const signature = `sha256=${crypto.createHmac('sha256', SECRET).update(body).digest('hex')}`;
      const res = await fetch(`${app.url}/api/webhook`, { method: 'POST', body, headers: { 'Content-Type': 'application/json', 'X-Hub-Signature-256': signature } });
      expect(res.status).toBe(200);
      expect(await readyz(app)).toMatchObject({ status: 'ready', lastError: null, commit: newest });
      expect(await intro(app)).toContain(`Text pushed while the remote was down (${mode}).`);
    },
  );
});
