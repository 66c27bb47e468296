// How the server is started in production (`npm start`, the image): bin/start.sh gives node the
// heap and young generation MEMORY_MB implies and two malloc arenas, and refuses a value that is
// not a number before node starts; the bundles it runs are ASCII, so V8 holds their source at one
// byte a character.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startApp } from './support/app-server.js';
import { removeTempDirs, tempDir } from './support/repos.js';

afterAll(removeTempDirs);

describe('bin/start.sh', () => {
  it('starts node with a heap of 45% of MEMORY_MB, a young generation scaled to it, gc exposed for the idle collection, two malloc arenas and a fixed malloc trim threshold', async () => {
    const app = await startApp({ MEMORY_MB: '400' });
    try {
      const argv = fs.readFileSync(`/proc/${app.nodePid()}/cmdline`, 'utf8').split('\0');
      expect(argv).toContain('--max-old-space-size=180');
      expect(argv).toContain('--max-semi-space-size=4');
      expect(argv).toContain('--expose-gc');
      const environ = fs.readFileSync(`/proc/${app.nodePid()}/environ`, 'utf8').split('\0');
      expect(environ).toContain('MALLOC_ARENA_MAX=2');
      expect(environ).toContain('MALLOC_TRIM_THRESHOLD_=131072');
      expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
      expect(app.output()).not.toMatch(/the heap may outgrow MEMORY_MB/);
    } finally {
      await app.stop();
    }
  });

  it('starts node again when it dies, and stops with it on SIGTERM', async () => {
    const app = await startApp();
    try {
      const first = app.nodePid();
      process.kill(first, 'SIGKILL');
      // A new node listens (on a new port: PORT=0) and serves.
      const listening = () => [...app.output().matchAll(/"url":"([^"]+)","msg":"listening"/g)].map((match) => match[1]);
      await expect.poll(() => listening().length, { timeout: 120_000 }).toBe(2);
      expect(app.nodePid()).not.toBe(first);
      expect((await fetch(`${listening()[1]}/healthz`)).status).toBe(200);
      expect(app.output()).toMatch(/"status":137,"restartInSeconds":1,"msg":"the server died; restarting it"/);
    } finally {
      expect(await app.stop()).toBe(0);
    }
  }, 180_000);

  it('refuses a MEMORY_MB that is not a whole number of MiB', () => {
    const run = spawnSync('sh', ['bin/start.sh'], { env: { ...process.env, MEMORY_MB: '1g' }, encoding: 'utf8' });
    expect(run.status).toBe(78);
    expect(run.stderr).toBe('could not start: MEMORY_MB="1g": a whole number of MiB, at least 128\n');
  });
});

describe('the bundles node starts', () => {
  it('are ASCII only (a single other character makes V8 keep the whole source at two bytes a character)', () => {
    for (const file of ['build/docsite.js', 'build/render-worker.js', 'build/clone-main.js']) {
      const code = fs.readFileSync(file, 'utf8');
      expect(code.length, file).toBeGreaterThan(100_000);
      expect(code.match(/[^\0-\x7f]/g) ?? [], file).toEqual([]);
    }
  });
});

describe('a server that cannot start', () => {
  /** Runs bin/start.sh as `npm start` does, with `env`, to its end: its status, its output's lines, and what it left in DATA_DIR. */
  const start = (env: Record<string, string>) => {
    const dataDir = tempDir('docsite-data-');
    // The timeout only guards against a supervisor that never ends (the failure this tests for).
    const run = spawnSync('sh', ['bin/start.sh'], {
      env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir, SYNC_INTERVAL: '0', ...env },
      encoding: 'utf8',
      timeout: 120_000,
    });
    const lines = `${run.stdout}${run.stderr}`.split('\n').filter(Boolean);
    return { status: run.status, lines, error: lines.length === 1 ? (JSON.parse(lines[0]) as { msg: string; error: string }) : undefined, left: fs.readdirSync(dataDir) };
  };

  /** Each mistake ends start-up at once: one line (no stack trace, no restart), exit 78, nothing loaded into DATA_DIR. */
  const expectOneLine = (env: Record<string, string>, error: string | RegExp) => {
    const run = start(env);
    expect(run.lines).toHaveLength(1);
    expect(run.error?.msg).toBe('could not start');
    expect(run.error?.error).toMatch(error);
    expect(run.status).toBe(78);
    expect(run.left).toEqual([]);
  };

  it('a port in use: tried before the content is loaded', async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as net.AddressInfo).port;
    try {
      expectOneLine({ PORT: String(port) }, `PORT=${port} on HOST=127.0.0.1: the port is in use by another process; stop it or choose another PORT`);
    } finally {
      taken.close();
    }
  });

  it('an unknown LOG_LEVEL', () => {
    expectOneLine({ LOG_LEVEL: 'verbose' }, 'LOG_LEVEL="verbose": one of trace, debug, info, warn, error, fatal, silent');
  });

  it('a number that is not one', () => {
    expectOneLine({ SYNC_INTERVAL: '5x' }, 'SYNC_INTERVAL="5x": a duration such as 60 (seconds), 90s, 5m or 500ms; 0 turns polling off');
    expectOneLine({ RENDER_THREADS: 'two' }, 'RENDER_THREADS="two": a whole number of threads; 0 renders on the main thread');
  });

  it('a CONTENT_REPO path that does not exist, and one that is not a repository', () => {
    const missing = path.join(tempDir('docsite-repo-'), 'devdocs');
    expectOneLine({ CONTENT_REPO: missing }, `CONTENT_REPO="${missing}": ${missing} does not exist; give the path of a git repository`);
    const folder = tempDir('docsite-folder-');
    expectOneLine({ CONTENT_REPO: folder }, `CONTENT_REPO="${folder}": ${folder} is not a git repository (no .git folder, no HEAD file)`);
  });

  it('a DOCSITE_CONFIG that cannot be read', () => {
    const missing = path.join(tempDir('docsite-config-'), 'docsite.yaml');
    expectOneLine({ DOCSITE_CONFIG: missing }, `DOCSITE_CONFIG="${missing}": the file does not exist; give the path of a readable docsite.yaml`);
  });

  it('a mistyped key in DOCSITE_CONFIG: at its own line and column, with the key meant', () => {
    const file = path.join(tempDir('docsite-config-'), 'docsite.yaml');
    fs.writeFileSync(file, 'title: Docs\nnavbar:\n  items: []\ntagLine: Hello\n');
    expectOneLine({ DOCSITE_CONFIG: file }, `${file}:4:1: tagLine: unknown key; did you mean \`tagline\`?`);
  });
});
