// A real Varnish in front, configured by deploy/varnish/default.vcl: it caches pages by their tags,
// and after a push the server purges exactly what changed: the edited page at once, the others
// still from the cache; a change other pages show (a new page in the sidebar) purges the whole ref.
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type AppServer } from './support/app-server.js';
import { startGitHttpServer, type GitHttpServer } from './support/git-http-server.js';
import { TestRepo, removeTempDirs, tempDir } from './support/repos.js';
import { hasVarnish } from './support/requirements.js';

const SECRET = 'a-webhook-secret';
const page = (title: string, body: string) => `---\ntitle: ${title}\n---\n\n${body}\n`;

/** A port nothing listens on now. */
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

describe.runIf(hasVarnish())('purging Varnish after a push', () => {
  let gitServer: GitHttpServer;
  let repo: TestRepo;
  let app: AppServer;
  let varnish: ChildProcess;
  let cache: string;

  beforeAll(async () => {
    const root = tempDir('docsite-varnish-');
    repo = await TestRepo.create(path.join(root, 'docs'));
    await repo.commit({ 'general/a.md': page('Page A', 'A, first.'), 'general/b.md': page('Page B', 'B, first.') });
    gitServer = await startGitHttpServer(root);
    const [appPort, cachePort] = [await freePort(), await freePort()];
    cache = `http://127.0.0.1:${cachePort}`;
    app = await startApp({ CONTENT_REPO: `${gitServer.url}/docs/.git`, WEBHOOK_SECRET: SECRET, SYNC_INTERVAL: '0', PORT: String(appPort), PURGE_URLS: `${cache}/` });
    // The documented configuration, pointed at this server.
    const vcl = path.join(root, 'default.vcl');
    fs.writeFileSync(vcl, fs.readFileSync('deploy/varnish/default.vcl', 'utf8').replace('.port = "3000"', `.port = "${appPort}"`));
    varnish = spawn('/usr/sbin/varnishd', ['-F', '-j', 'none', '-a', `127.0.0.1:${cachePort}`, '-f', vcl, '-n', path.join(root, 'varnish'), '-s', 'malloc,32m'], {
      stdio: 'ignore',
    });
    // Varnish takes a moment to compile the VCL and start its child.
    for (
      let tries = 0;
      (await fetch(`${cache}/healthz`).then(
        (res) => res.status,
        () => 0,
      )) !== 200;
      tries++
    ) {
      if (tries > 600 || varnish.exitCode !== null) throw new Error('varnishd did not start');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });

  afterAll(async () => {
    varnish?.kill('SIGTERM');
    await app?.stop();
    await gitServer?.close();
  });

  /** A page through Varnish: its text and whether Varnish answered from its cache (two ids in X-Varnish). */
  const viaCache = async (url: string) => {
    const res = await fetch(cache + url);
    return { text: await res.text(), hit: (res.headers.get('x-varnish') ?? '').trim().split(/\s+/).length === 2, keys: res.headers.get('surrogate-key') ?? '' };
  };
  const push = async (files: Record<string, string>) => {
    const commit = await repo.commit(files);
    const body = JSON.stringify({ ref: 'refs/heads/main', after: commit });
    const signature = `sha256=${crypto.createHmac('sha256', SECRET).update(body).digest('hex')}`;
    const res = await fetch(`${app.url}/api/webhook`, { method: 'POST', body, headers: { 'X-Hub-Signature-256': signature } });
    expect(res.status).toBe(200);
  };

  it('caches pages with their tags', async () => {
    for (const url of ['/general/a', '/general/b']) {
      expect((await viaCache(url)).hit).toBe(false);
      const second = await viaCache(url);
      expect(second.hit).toBe(true);
      expect(second.keys.split(' ')).toContain('docsite');
    }
  });

  it('purges the edited page only: it shows the push at once, the other page stays cached', async () => {
    await push({ 'general/a.md': page('Page A', 'A, second.') });
    await expect.poll(async () => (await viaCache('/general/a')).text, { timeout: 30_000, interval: 100 }).toContain('A, second.');
    const other = await viaCache('/general/b');
    expect(other.hit).toBe(true);
    expect(other.text).toContain('B, first.');
  });

  it('purges every page of the ref when a page is added (every sidebar shows it)', async () => {
    expect((await viaCache('/general/b')).hit).toBe(true);
    await push({ 'general/c.md': page('Page C', 'C.') });
    await expect.poll(async () => (await viaCache('/general/b')).text, { timeout: 30_000, interval: 100 }).toContain('Page C');
  });
});
