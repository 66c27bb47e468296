import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { gitIn } from '../../tests/support/bundle.js';
import { removeTempDirs, tempDir } from '../../tests/support/repos.js';
import { corpusBundle, hasBundle } from '../../tests/support/requirements.js';
import { ObjectStore } from './object-store.js';

afterAll(removeTempDirs);

/** Every object id of a repository with its type and size, as git lists them. */
function allObjects(gitdir: string): [string, string, string][] {
  return execFileSync('git', ['--git-dir', gitdir, 'cat-file', '--batch-all-objects', '--batch-check=%(objectname) %(objecttype) %(objectsize)'], { maxBuffer: 64 << 20 })
    .toString()
    .trim()
    .split('\n')
    .map((line) => line.split(' ') as [string, string, string]);
}

/** Reads every object through the store and checks that its bytes hash to its id (any misread byte fails), and its size read alone. */
async function expectAllReadable(gitdir: string): Promise<number> {
  const store = new ObjectStore(gitdir);
  const objects = allObjects(gitdir);
  let wrong = 0;
  for (const [oid, type, size] of objects) {
    const object = await store.read(oid);
    const hash = crypto.createHash('sha1').update(`${object.type} ${object.data.length}\0`).update(object.data).digest('hex');
    if (hash !== oid || object.type !== type || (await store.sizeOf(oid)) !== Number(size)) wrong++;
  }
  store.close();
  expect(wrong).toBe(0);
  return objects.length;
}

/** A repository with one file in many versions (deep delta chains once packed) and a few loose objects. */
function deltaRepo(dir: string): string {
  fs.mkdirSync(dir);
  gitIn(dir, 'init', '-q', '-b', 'main');
  let text = '';
  for (let i = 0; i < 60; i++) {
    text += `Line ${i}: ${'words '.repeat(i % 7)}\n`;
    fs.writeFileSync(path.join(dir, 'page.md'), text);
    fs.writeFileSync(path.join(dir, `other-${i % 5}.md`), `${text.slice(0, 200)}${i}\n`);
    gitIn(dir, 'add', '-A');
    gitIn(dir, 'commit', '-q', '-m', `Version ${i}`);
  }
  return dir;
}

describe('ObjectStore', () => {
  it('reads every object of packs with offset deltas, and loose objects, byte for byte', async () => {
    const dir = deltaRepo(path.join(tempDir('objects-'), 'repo'));
    gitIn(dir, 'repack', '-adq', '--depth=50', '--window=50');
    fs.writeFileSync(path.join(dir, 'loose.md'), 'not packed\n');
    gitIn(dir, 'add', 'loose.md');
    gitIn(dir, 'commit', '-q', '-m', 'Loose');
    expect(execFileSync('git', ['count-objects'], { cwd: dir }).toString()).toMatch(/^[1-9]/);
    expect(await expectAllReadable(path.join(dir, '.git'))).toBeGreaterThan(180);
  });

  it('reads packs whose deltas name their base by id (REF_DELTA)', async () => {
    const dir = deltaRepo(path.join(tempDir('objects-'), 'repo'));
    gitIn(dir, '-c', 'repack.useDeltaBaseOffset=false', 'repack', '-adq', '--depth=50');
    expect(await expectAllReadable(path.join(dir, '.git'))).toBeGreaterThan(180);
  });

  it('finds a pack added after its first read, and says when an object is missing', async () => {
    const dir = deltaRepo(path.join(tempDir('objects-'), 'repo'));
    gitIn(dir, 'repack', '-adq');
    const store = new ObjectStore(path.join(dir, '.git'));
    await store.read(gitIn(dir, 'rev-parse', 'HEAD'));
    fs.writeFileSync(path.join(dir, 'new.md'), 'new\n');
    gitIn(dir, 'add', 'new.md');
    gitIn(dir, 'commit', '-q', '-m', 'New');
    gitIn(dir, 'repack', '-dq');
    const head = gitIn(dir, 'rev-parse', 'HEAD');
    expect((await store.read(head)).type).toBe('commit');
    expect(store.idsWithPrefix(head.slice(0, 7))).toEqual([head]);
    await expect(store.read('0'.repeat(40))).rejects.toMatchObject({ code: 'NotFoundError' });
    store.close();
  });

  it.runIf(hasBundle())('reads every object of the corpus bundle byte for byte', async () => {
    const dir = path.join(tempDir('objects-'), 'bundle.git');
    execFileSync('git', ['clone', '-q', '--bare', corpusBundle, dir]);
    expect(await expectAllReadable(dir)).toBeGreaterThan(24_000);
  });
});
