// How the server is started in production (`npm start`, the image): bin/start.sh gives node the
// heap and young generation MEMORY_MB implies and two malloc arenas, and refuses a value that is
// not a number before node starts; the bundles it runs are ASCII, so V8 holds their source at one
// byte a character.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { startApp } from './support/app-server.js';

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
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('MEMORY_MB must be a whole number of MiB (got "1g")');
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
