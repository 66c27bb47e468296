// Live refresh: a push is served as soon as the signed webhook answers, a request never mixes two
// commits, a failing remote loses nothing, and a broken docsite.yaml never takes the site down.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGitHttpServer, type GitHttpServer } from './support/git-http-server.js';
import { startFaultyProxy, type FaultyProxy } from './support/faulty-proxy.js';
import { startApp, type AppServer } from './support/app-server.js';
import { TestRepo, removeTempDirs, tempDir } from './support/repos.js';

const SECRET = 'a-webhook-secret';
const page = (title: string, body: string) => `---\ntitle: ${title}\n---\n\n${body}\n`;

/** One commit's content: the site title (layout loader) and the page body (page loader) both carry `n`. */
function revision(n: number): Record<string, string> {
  return {
    'docsite.yaml': `title: Site ${n}\n`,
    'general/intro.md': page('Introduction', `Body ${n}.`),
    'sidebars.yaml': `docs:\n  - type: doc\n    id: intro\n    label: Sidebar ${n}\n`,
  };
}

function signedHeaders(body: string, forge: 'github' | 'gitea' | 'forgejo' | 'gitlab' = 'github', secret = SECRET): Record<string, string> {
  const hmac = crypto.createHmac('sha256', secret).update(body).digest('hex');
  const signatures: Record<string, Record<string, string>> = {
    github: { 'X-Hub-Signature-256': `sha256=${hmac}` },
    gitea: { 'X-Gitea-Signature': hmac },
    forgejo: { 'X-Forgejo-Signature': hmac },
    gitlab: { 'X-Gitlab-Token': secret },
  };
  const signature = signatures[forge];
  return { 'Content-Type': 'application/json', ...signature };
}

/** The docsite_sync_failures_total counter of a /metrics page. */
function syncFailures(metrics: string): number {
  return Number(/^docsite_sync_failures_total (\d+)$/m.exec(metrics)?.[1]);
}

afterAll(removeTempDirs);

describe('refresh by webhook', () => {
  let gitServer: GitHttpServer;
  let proxy: FaultyProxy;
  let app: AppServer;
  let repo: TestRepo;
  let n = 0;

  beforeAll(async () => {
    const root = tempDir('docsite-refresh-');
    repo = await TestRepo.create(path.join(root, 'docs'));
    await repo.commit(revision(n));
    gitServer = await startGitHttpServer(root);
    proxy = await startFaultyProxy(gitServer.url);
    // Long enough for a fetch on a loaded machine; the hanging remote below waits it out once.
    app = await startApp({ CONTENT_REPO: `${proxy.url}/docs/.git`, WEBHOOK_SECRET: SECRET, SYNC_INTERVAL: '0', GIT_TIMEOUT_MS: '10000' });
  });

  afterAll(async () => {
    await app?.stop();
    await proxy?.close();
    await gitServer?.close();
  });

  const get = (p: string, init?: RequestInit) => fetch(app.url + p, init);
  const text = async (p: string) => (await get(p)).text();
  const webhook = (body: string, headers: Record<string, string>) => get('/api/webhook', { method: 'POST', body, headers });
  const push = () => repo.commit(revision(++n), `Revision ${n}`);

  it('serves a pushed page as soon as the signed webhook answers', async () => {
    const commit = await push();
    const body = JSON.stringify({ ref: 'refs/heads/main', after: commit });
    const res = await webhook(body, signedHeaders(body));
    const html = await text('/general/intro');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'synced', forge: 'github', commit });
    expect(html).toContain(`Body ${n}.`);
    expect(html).toContain(`Site ${n}`);
  });

  it('accepts Gitea, Forgejo and GitLab signatures', async () => {
    for (const forge of ['gitea', 'forgejo', 'gitlab'] as const) {
      await push();
      const res = await webhook('{}', signedHeaders('{}', forge));
      expect(res.status).toBe(200);
      expect(await text('/general/intro')).toContain(`Body ${n}.`);
    }
  });

  it('refuses a wrong signature with a 401 and does not refresh', async () => {
    const before = await (await get('/readyz')).json();
    await push();
    for (const headers of [signedHeaders('{}', 'github', 'wrong-secret'), signedHeaders('{}', 'gitlab', 'wrong-secret'), { 'Content-Type': 'application/json' }]) {
      const res = await webhook('{}', headers);
      expect(res.status).toBe(401);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
    }
    // A body changed after signing is refused too.
    expect((await webhook('{"tampered":1}', signedHeaders('{}'))).status).toBe(401);
    const after = await (await get('/readyz')).json();
    expect(after.commit).toBe(before.commit);
    expect(after.lastSyncAt).toBe(before.lastSyncAt);
    expect(await text('/general/intro')).toContain(`Body ${n - 1}.`);
    await webhook('{}', signedHeaders('{}'));
  });

  it('never lets a request read the page and the layout from different commits while 20 refreshes land', async () => {
    let refreshing = true;
    const seen = new Set<string>();
    const mismatches: string[] = [];
    // A reader that fails stops every loop, and its error is what the test reports.
    const reader = async () => {
      try {
        while (refreshing) {
          for (const url of ['/general/intro', '/general/intro.data']) {
            const body = await text(url);
            const site = /Site (\d+)/.exec(body)?.[1];
            const page = /Body (\d+)\./.exec(body)?.[1];
            if (!site || site !== page) mismatches.push(`${url}: site ${site}, page ${page}`);
            seen.add(`${site}`);
          }
        }
      } finally {
        refreshing = false;
      }
    };
    const readers = Array.from({ length: 6 }, reader);
    try {
      for (let i = 0; i < 20 && refreshing; i++) {
        await push();
        expect((await webhook('{}', signedHeaders('{}'))).status).toBe(200);
      }
    } finally {
      refreshing = false;
      await Promise.allSettled(readers);
    }
    await Promise.all(readers);
    expect(mismatches).toEqual([]);
    // The readers really did read across refreshes.
    expect(seen.size).toBeGreaterThan(2);
  });

  it('keeps serving the last snapshot while the remote fails, reports it, and recovers on the next sync', async () => {
    const served = await text('/general/intro');
    const failuresBefore = syncFailures(await text('/metrics'));
    for (const mode of ['error', 'refuse', 'hang'] as const) {
      proxy.mode = mode;
      await push();
      const res = await webhook('{}', signedHeaders('{}'));
      expect(res.status).toBe(502);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
      expect(await text('/general/intro')).toBe(served);
      const ready = await get('/readyz');
      expect(ready.status).toBe(200);
      const status = await ready.json();
      expect(status.status).toBe('degraded');
      expect(status.lastError.message).toBeTruthy();
    }
    proxy.mode = 'ok';
    expect((await webhook('{}', signedHeaders('{}'))).status).toBe(200);
    expect(await text('/general/intro')).toContain(`Body ${n}.`);
    const status = await (await get('/readyz')).json();
    expect(status).toMatchObject({ status: 'ready', lastError: null });
    expect(syncFailures(await text('/metrics')) - failuresBefore).toBe(3);
  });

  it('keeps the last good configuration when a pushed docsite.yaml is broken, and says where', async () => {
    const good = await text('/general/intro');
    await repo.commit({
      'docsite.yaml': 'title: Broken\nversions:\n  - name: x\n    banner: sometimes\n',
      'general/intro.md': page('Introduction', 'Body with a broken configuration.'),
    });
    const res = await webhook('{}', signedHeaders('{}'));
    expect(res.status).toBe(200);
    expect((await res.json()).configError).toMatch(/docsite\.yaml:\d+:\d+: versions\.0/);
    expect(await text('/general/intro')).toBe(good);
    const ready = await (await get('/readyz')).json();
    expect(ready.status).toBe('degraded');
    expect(ready.configError).toMatch(/docsite\.yaml:\d+/);
    expect(app.output()).toContain('serving the last good configuration');
    await push();
    await webhook('{}', signedHeaders('{}'));
    expect(await text('/general/intro')).toContain(`Body ${n}.`);
    expect((await (await get('/readyz')).json()).configError).toBe(null);
  });
});

describe('a broken docsite.yaml at start-up', () => {
  it('stops the server with the file, the line and what is expected', async () => {
    const root = tempDir('docsite-broken-');
    const repo = await TestRepo.create(path.join(root, 'docs'));
    await repo.commit({ 'docsite.yaml': 'title: Docs\ndocs:\n  base: "with space"\n', 'general/intro.md': page('Introduction', 'Text.') });
    await expect(startApp({ CONTENT_REPO: path.join(root, 'docs') })).rejects.toThrow(/docsite\.yaml:3:3: docs\.base: URL segments of letters/);
  });
});

describe('packs piling up', () => {
  it('re-clones into a new directory and keeps serving new pushes', async () => {
    const root = tempDir('docsite-packs-');
    const repo = await TestRepo.create(path.join(root, 'docs'));
    await repo.commit(revision(0));
    const gitServer = await startGitHttpServer(root);
    const dataDir = tempDir('docsite-packs-data-');
    const app = await startApp({ CONTENT_REPO: `${gitServer.url}/docs/.git`, DATA_DIR: dataDir, WEBHOOK_SECRET: SECRET, SYNC_INTERVAL: '0', GIT_MAX_PACKS: '2' });
    try {
      for (let i = 1; i <= 4; i++) {
        await repo.commit(revision(i));
        expect((await fetch(`${app.url}/api/webhook`, { method: 'POST', body: '{}', headers: signedHeaders('{}') })).status).toBe(200);
        expect(await (await fetch(`${app.url}/general/intro`)).text()).toContain(`Body ${i}.`);
      }
      // The re-clone runs after the webhook has answered (it never delays one): wait for it.
      for (let waited = 0; !/^docsite_reclones_total [1-9]/m.test(await (await fetch(`${app.url}/metrics`)).text()); waited += 100) {
        if (waited > 60_000) throw new Error('no re-clone within 60 s');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(await (await fetch(`${app.url}/general/intro`)).text()).toContain('Body 4.');
      expect(fs.readdirSync(path.join(dataDir, 'repos')).some((entry) => /\.\d+\.git$/.test(entry))).toBe(true);
    } finally {
      await app.stop();
      await gitServer.close();
    }
  });
});
