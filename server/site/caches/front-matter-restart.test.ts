// Front matter kept between runs (content/front-matter-file.ts): a restart of the same build reads
// no page again, and a new build reads every page afresh.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestRepo } from '../../../tests/support/repos.js';
import { frontMatterKey } from '../../content/doc-set.js';
import { frontMatterFile, readFrontMatterFile, writeFrontMatterFile } from '../../content/front-matter-file.js';
import { readServerConfig } from '../env.js';
import { Site } from '../site.js';

describe('Site.open with a code version', () => {
  let dir: string;
  beforeAll(() => void (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsite-restart-'))));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('reads pages from the front matter file of the same build, and a new build reads them itself', async () => {
    const repo = await TestRepo.create(path.join(dir, 'repo'));
    await repo.commit({ 'general/intro.md': '---\ntitle: Introduction\n---\n\nHello.\n' });
    const config = readServerConfig({ CONTENT_REPO: path.join(dir, 'repo'), DATA_DIR: path.join(dir, 'data'), RENDER_THREADS: '0' });
    const first = await Site.open(config, undefined, { codeVersion: 'build1' });
    const file = frontMatterFile(path.join(dir, 'data', 'cache'), 'build1');
    await expect.poll(() => readFrontMatterFile(file).size, { timeout: 10_000 }).toBe(1);
    const doc = (await first.docs.docSet(first.snapshot().defaultCommit, 'default')).docs[0];

    // What the file says for this blob is what the same build shows after a restart: the page is not read again.
    await writeFrontMatterFile(file, [[frontMatterKey(doc.blobOid, doc.sourcePath), { data: { title: 'From the file' } }]]);
    const restarted = await Site.open(config, undefined, { codeVersion: 'build1' });
    expect((await restarted.docs.docSet(restarted.snapshot().defaultCommit, 'default')).docs[0].title).toBe('From the file');

    // Another build reads the page itself.
    const rebuilt = await Site.open(config, undefined, { codeVersion: 'build2' });
    expect((await rebuilt.docs.docSet(rebuilt.snapshot().defaultCommit, 'default')).docs[0].title).toBe('Introduction');
    // ...and keeps its own file, in place of the old build's (beside it, the search indexes' folder).
    await expect.poll(() => fs.readdirSync(path.dirname(file)).filter((name) => name.startsWith('front-matter-')), { timeout: 10_000 }).toEqual(['front-matter-build2.v8']);
  });

  it('saves the file at once when flushed, without waiting for the save that was due', async () => {
    const repo = await TestRepo.create(path.join(dir, 'flushed'));
    await repo.commit({ 'general/intro.md': '---\ntitle: Introduction\n---\n\nHello.\n' });
    const dataDir = path.join(dir, 'flushed-data');
    const site = await Site.open(readServerConfig({ CONTENT_REPO: path.join(dir, 'flushed'), DATA_DIR: dataDir, RENDER_THREADS: '0' }), undefined, { codeVersion: 'build3' });
    await site.flush();
    expect(readFrontMatterFile(frontMatterFile(path.join(dataDir, 'cache'), 'build3')).size).toBe(1);
  });
});
