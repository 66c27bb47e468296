// Several replicas of one site: a push signed to one replica reaches every replica before the
// webhook answers, each fetching the remote itself; a forged peer message moves nothing.
import crypto from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type AppServer } from './support/app-server.js';
import { startGitHttpServer, type GitHttpServer } from './support/git-http-server.js';
import { TestRepo, removeTempDirs, tempDir } from './support/repos.js';

const SECRET = 'a-webhook-secret';
const page = (body: string) => `---\ntitle: Introduction\n---\n\n${body}\n`;

/** A port nothing listens on now, so the replicas can be told each other's addresses before they start. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

afterAll(removeTempDirs);

describe('peer refresh', () => {
  let gitServer: GitHttpServer;
  let repo: TestRepo;
  const replicas: AppServer[] = [];

  beforeAll(async () => {
    const root = tempDir('docsite-peers-');
    repo = await TestRepo.create(path.join(root, 'docs'));
    await repo.commit({ 'general/intro.md': page('Version 0.') });
    gitServer = await startGitHttpServer(root);
    const ports = [await freePort(), await freePort(), await freePort()];
    const peers = ports.map((port) => `http://127.0.0.1:${port}`).join(',');
    for (const port of ports) {
      replicas.push(await startApp({ CONTENT_REPO: `${gitServer.url}/docs/.git`, WEBHOOK_SECRET: SECRET, SYNC_INTERVAL: '0', PORT: String(port), PEERS: peers }));
    }
  });

  afterAll(async () => {
    await Promise.all(replicas.map((replica) => replica.stop()));
    await gitServer?.close();
  });

  const bodies = () => Promise.all(replicas.map(async (replica) => (await fetch(`${replica.url}/general/intro.md`)).text()));

  it('serves a push on every replica as soon as the webhook to one of them answers', async () => {
    const commit = await repo.commit({ 'general/intro.md': page('Version 1.') });
    const body = JSON.stringify({ ref: 'refs/heads/main', after: commit });
    const signature = `sha256=${crypto.createHmac('sha256', SECRET).update(body).digest('hex')}`;
    const res = await fetch(`${replicas[0].url}/api/webhook`, { method: 'POST', body, headers: { 'Content-Type': 'application/json', 'X-Hub-Signature-256': signature } });
    const answer = await res.json();
    expect(res.status).toBe(200);
    expect(answer).toMatchObject({ status: 'synced', forge: 'github', commit });
    expect(answer.peers).toEqual([
      { url: `${replicas[1].url}/api/webhook`, status: 200 },
      { url: `${replicas[2].url}/api/webhook`, status: 200 },
    ]);
    for (const text of await bodies()) expect(text).toContain('Version 1.');
  });

  it('refuses a peer message not signed with the secret, and does not refresh', async () => {
    await repo.commit({ 'general/intro.md': page('Version 2.') });
    const at = Date.now();
    const forged = `${at}.${crypto.createHmac('sha256', 'not-the-secret').update(`peer:${at}`).digest('hex')}`;
    const res = await fetch(`${replicas[1].url}/api/webhook`, { method: 'POST', headers: { 'X-Docsite-Peer': forged } });
    expect(res.status).toBe(401);
    expect((await res.json()).detail).toBe('the peer signature does not match');
    for (const text of await bodies()) expect(text).toContain('Version 1.');
  });
});
