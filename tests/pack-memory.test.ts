// Memory that does not grow with history: a repository whose one pack holds 200 MiB of unrelated
// blobs (an old branch of images, say) is served, and opening the site and reading 100 pages raises
// the process's ArrayBuffer memory by less than 20 MB. isomorphic-git read the whole pack into
// memory (and hashed it) on the first object read from it; objects are now read through the pack's
// index, one entry at a time (decision 029). A deterministic figure, measured after a full GC.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readServerConfig } from '../server/site/env.js';
import { grammarOf } from '../server/site/caches/http-cache.js';
import { createLogger } from '../server/site/log.js';
import { Site } from '../server/site/site.js';
import { pageView } from '../server/site/views/page.js';
import { requestContext } from '../server/site/request.js';
import { parseUrl } from '../server/urls.js';
import { removeTempDirs, tempDir } from './support/repos.js';

const PAGES = 100;
const BLOBS = 200;
const BLOB_BYTES = 1 << 20;

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

/** Live ArrayBuffer bytes after a full collection. */
function arrayBuffers(): number {
  gc();
  gc();
  return process.memoryUsage().arrayBuffers;
}

/**
 * One pack, written by `git fast-import` uncompressed (fast): a branch `archive` of random 1 MiB
 * blobs, and `main` with the pages. Streamed, so the blobs never sit in this process's memory.
 */
async function bigPackRepo(dir: string): Promise<void> {
  fs.mkdirSync(dir);
  const run = (args: string[], input?: (stdin: NodeJS.WritableStream) => Promise<void>) =>
    new Promise<void>((resolve, reject) => {
      const child = spawn('git', ['-c', 'pack.compression=0', '-c', 'core.compression=0', ...args], { cwd: dir, stdio: ['pipe', 'ignore', 'inherit'] });
      child.on('error', reject);
      child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`git ${args[0]} exited with ${code}`))));
      if (input) input(child.stdin).then(() => child.stdin.end(), reject);
      else child.stdin.end();
    });
  const write = (stdin: NodeJS.WritableStream, chunk: string | Buffer) => new Promise<void>((resolve) => (stdin.write(chunk) ? resolve() : stdin.once('drain', resolve)));
  await run(['init', '-q', '-b', 'main']);
  await run(['fast-import', '--quiet'], async (stdin) => {
    const committer = 'committer Test <test@example.org> 1700000000 +0000\n';
    for (let i = 0; i < BLOBS; i++) {
      await write(stdin, `commit refs/heads/archive\n${committer}data 7\nArchive\nM 100644 inline images/${i}.bin\ndata ${BLOB_BYTES}\n`);
      await write(stdin, crypto.randomBytes(BLOB_BYTES));
      await write(stdin, '\n');
    }
    await write(stdin, `commit refs/heads/main\n${committer}data 5\nPages\n`);
    for (let i = 0; i < PAGES; i++) {
      const page = `---\ntitle: Page ${i}\n---\n\n# Page ${i}\n\n${'Some words about this page. '.repeat(40)}\n`;
      await write(stdin, `M 100644 inline general/page-${i}.md\ndata ${Buffer.byteLength(page)}\n${page}\n`);
    }
  });
}

describe('pack memory', () => {
  let dir: string;
  beforeAll(async () => {
    dir = path.join(tempDir('pack-memory-'), 'repo');
    await bigPackRepo(dir);
  }, 300_000);
  afterAll(removeTempDirs);

  it('serves 100 pages from a repository with a 200 MiB pack for less than 20 MB of ArrayBuffers', async () => {
    const packs = fs.readdirSync(path.join(dir, '.git/objects/pack')).filter((name) => name.endsWith('.pack'));
    expect(packs).toHaveLength(1);
    expect(fs.statSync(path.join(dir, '.git/objects/pack', packs[0])).size).toBeGreaterThan(BLOBS * BLOB_BYTES);

    const before = arrayBuffers();
    const config = readServerConfig({ CONTENT_REPO: dir, DATA_DIR: tempDir('pack-memory-data-'), RENDER_THREADS: '0', SYNC_INTERVAL: '0' });
    const site = await Site.open(config, createLogger('error'));
    const snapshot = site.snapshot();
    for (let i = 0; i < PAGES; i++) {
      const url = `/general/page-${i}`;
      const page = await pageView(requestContext(site, { snapshot, route: parseUrl(url, grammarOf(snapshot)), search: new URLSearchParams() }));
      expect(page.title).toBe(`Page ${i}`);
    }
    const grown = arrayBuffers() - before;
    expect(grown).toBeLessThan(20_000_000);
  });
});
