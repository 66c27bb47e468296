// A fleet on this machine, with real parts on loopback: three replicas of one remote (over HTTP),
// nginx balancing across them (deploy/nginx/docsite.conf) and Varnish caching in front
// (deploy/varnish/default.vcl). While autocannon reads pages through Varnish, ten pushes are each
// signed to one replica only, one replica is restarted, and the remote goes away for 10 s. No
// request may fail, no page may mix two commits, and every push must be served everywhere at once.
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type AppServer } from './support/app-server.js';
import { startFaultyProxy, type FaultyProxy } from './support/faulty-proxy.js';
import { startGitHttpServer, type GitHttpServer } from './support/git-http-server.js';
import { TestRepo, removeTempDirs, tempDir } from './support/repos.js';
import { hasNginx, hasVarnish } from './support/requirements.js';
import { freePort } from './support/ports.js';

const SECRET = 'a-webhook-secret';
const PUSHES = 10;

/** One commit's content: the site title (the layout) and the page body (the page) both carry `n`. */
function revision(n: number): Record<string, string> {
  return { 'docsite.yaml': `title: Site ${n}\n`, 'general/intro.md': `---\ntitle: Introduction\n---\n\nBody ${n}.\n` };
}

/** Waits until `check` is true, checking every 50 ms; throws after `timeoutMs`. */
async function until(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The revision a page shows, or NaN when its title and body disagree (a page mixing two commits). */
function revisionOf(html: string): number {
  const site = /Site (\d+)/.exec(html)?.[1];
  const body = /Body (\d+)\./.exec(html)?.[1];
  return site !== undefined && site === body ? Number(site) : Number.NaN;
}

afterAll(removeTempDirs);

describe.runIf(hasVarnish() && hasNginx())('a fleet of three replicas behind nginx and Varnish', () => {
  let root: string;
  let gitServer: GitHttpServer;
  let remote: FaultyProxy;
  let repo: TestRepo;
  let nginx: ChildProcess;
  let varnish: ChildProcess;
  let cache: string;
  const ports: number[] = [];
  const replicas: AppServer[] = [];
  /** Output of replicas already stopped (a restart replaces one), for counting purge requests. */
  const stoppedOutput: string[] = [];

  /** Starts replica `i` on its port and data folder (kept across restarts, as a volume would be). */
  const startReplica = (i: number) =>
    startApp({
      CONTENT_REPO: `${remote.url}/docs/.git`,
      WEBHOOK_SECRET: SECRET,
      SYNC_INTERVAL: '1s',
      GIT_TIMEOUT_MS: '5000',
      PORT: String(ports[i]),
      DATA_DIR: path.join(root, `data-${i}`),
      PEERS: ports.map((port) => `http://127.0.0.1:${port}`).join(','),
      PURGE_URLS: `${cache}/`,
    });

  beforeAll(async () => {
    root = tempDir('docsite-fleet-');
    repo = await TestRepo.create(path.join(root, 'docs'));
    await repo.commit(revision(0));
    gitServer = await startGitHttpServer(root);
    remote = await startFaultyProxy(gitServer.url);
    for (let i = 0; i < 3; i++) ports.push(await freePort());
    const [nginxPort, cachePort] = [await freePort(), await freePort()];
    cache = `http://127.0.0.1:${cachePort}`;
    for (let i = 0; i < 3; i++) replicas.push(await startReplica(i));

    // nginx with the documented configuration, on this test's ports, writing only under root.
    const site = fs
      .readFileSync('deploy/nginx/docsite.conf', 'utf8')
      .replace(/server 127\.0\.0\.1:300(\d)/g, (_match, n: string) => `server 127.0.0.1:${ports[Number(n) - 1]}`)
      .replace('listen 127.0.0.1:8080', `listen 127.0.0.1:${nginxPort}`);
    fs.writeFileSync(path.join(root, 'docsite.conf'), site);
    const temp = (name: string) => path.join(root, `nginx-${name}`);
    fs.writeFileSync(
      path.join(root, 'nginx.conf'),
      `worker_processes 1;\npid ${temp('pid')};\nerror_log ${temp('error.log')};\nevents {}\nhttp {\n  access_log off;\n  client_body_temp_path ${temp('body')};\n  proxy_temp_path ${temp('proxy')};\n  include ${path.join(root, 'docsite.conf')};\n}\n`,
    );
    nginx = spawn('/usr/sbin/nginx', ['-p', root, '-c', path.join(root, 'nginx.conf'), '-g', 'daemon off;'], { stdio: 'ignore' });

    const vcl = path.join(root, 'default.vcl');
    fs.writeFileSync(vcl, fs.readFileSync('deploy/varnish/default.vcl', 'utf8').replace('.port = "3000"', `.port = "${nginxPort}"`));
    varnish = spawn('/usr/sbin/varnishd', ['-F', '-j', 'none', '-a', `127.0.0.1:${cachePort}`, '-f', vcl, '-n', path.join(root, 'varnish'), '-s', 'malloc,64m'], {
      stdio: 'ignore',
    });
    await until(async () => (await fetch(`${cache}/general/intro`)).status === 200, 60_000, 'Varnish and nginx to answer');
  }, 180_000);

  afterAll(async () => {
    varnish?.kill('SIGTERM');
    nginx?.kill('SIGTERM');
    await Promise.all(replicas.map((replica) => replica.stop()));
    await remote?.close();
    await gitServer?.close();
  });

  it('serves every push everywhere at once, through a restart and a remote outage, with no failed request', async () => {
    let mixed = 0;
    let checked = 0;
    let finished!: (result: autocannon.Result) => void;
    let failed!: (error: unknown) => void;
    const done = new Promise<autocannon.Result>((resolve, reject) => {
      finished = resolve;
      failed = reject;
    });
    const load = autocannon(
      {
        url: cache,
        connections: 20,
        duration: 600,
        requests: [
          {
            method: 'GET',
            path: '/general/intro',
            onResponse: (status: number, body: string) => {
              if (status !== 200) return;
              checked++;
              if (Number.isNaN(revisionOf(body))) mixed++;
            },
          },
        ],
      },
      (error, result) => (error ? failed(error) : finished(result)),
    );

    // Ten pushes, each webhook signed to one replica only; the push is served by every replica and
    // by Varnish (through nginx) before the next.
    const latencies: number[] = [];
    const lagging: string[] = [];
    for (let n = 1; n <= PUSHES; n++) {
      const commit = await repo.commit(revision(n), `Revision ${n}`);
      const body = JSON.stringify({ ref: 'refs/heads/main', after: commit });
      const signature = `sha256=${crypto.createHmac('sha256', SECRET).update(body).digest('hex')}`;
      const started = performance.now();
      const res = await fetch(`${replicas[n % 3].url}/api/webhook`, { method: 'POST', body, headers: { 'X-Hub-Signature-256': signature } });
      const answer = await res.json();
      expect(res.status).toBe(200);
      expect(answer.peers.map((peer: { status?: number }) => peer.status)).toEqual([200, 200]);
      // Each replica and Varnish is watched on its own: the slowest push says which one lagged.
      const everywhere = [...replicas.map((replica) => replica.url), cache];
      const seenAfter = await Promise.all(
        everywhere.map(async (url) => {
          await until(async () => revisionOf(await (await fetch(`${url}/general/intro`)).text()) === n, 10_000, `push ${n} on ${url}`);
          return performance.now() - started;
        }),
      );
      latencies.push(Math.max(...seenAfter));
      lagging.push(`push ${n}: ${seenAfter.map((ms, i) => `${i < 3 ? `replica ${i}` : 'Varnish'} ${Math.round(ms)}`).join(', ')} ms`);
    }

    // A replica is stopped (SIGTERM) and started again on its volume, under load.
    stoppedOutput.push(replicas[1].output());
    await replicas[1].stop();
    replicas[1] = await startReplica(1);

    // The remote goes away for 10 s: pages keep coming from the last good snapshot.
    remote.mode = 'refuse';
    await new Promise((resolve) => setTimeout(resolve, 10_000));
    remote.mode = 'ok';
    for (const replica of replicas) {
      await until(async () => (await (await fetch(`${replica.url}/readyz`)).json()).status === 'ready', 30_000, `${replica.url} ready again`);
    }

    load.stop();
    const result = await done;
    latencies.sort((a, b) => a - b);
    const purgeRequests = [...stoppedOutput, ...replicas.map((replica) => replica.output())]
      .flatMap((output) => [...output.matchAll(/"requests":(\d+),"msg":"caches in front purged"/g)])
      .reduce((sum, match) => sum + Number(match[1]), 0);
    const ms = (value: number) => Math.round(value);
    console.log(
      `fleet: ${result.requests.total} requests through Varnish (${checked} pages checked), ${result.errors} errors, ${result.non2xx} non-2xx, ${mixed} mixed; ` +
        `push to every replica and Varnish: p50 ${ms(latencies[Math.floor(latencies.length / 2)])} ms, max ${ms(latencies.at(-1)!)} ms; ${(purgeRequests / PUSHES).toFixed(1)} purge requests per push`,
    );
    console.log(`when each replica and Varnish first served the push, after its webhook was sent:\n${lagging.join('\n')}`);
    expect(result.errors).toBe(0);
    expect(result.non2xx).toBe(0);
    expect(mixed).toBe(0);
    expect(checked).toBeGreaterThan(0);
  }, 600_000);
});
