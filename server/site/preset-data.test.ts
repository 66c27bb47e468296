// The presets' data (release and project lists) is read once for every commit that has the same
// data files: a push that changes pages only reuses it, and a push that changes a data file shows it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestRepo } from '../../tests/support/repos.js';
import { readServerConfig } from './env.js';
import { Site } from './site.js';

const versions = (name: string) => JSON.stringify({ versions: [{ name, releaseDate: '7 October 2024' }] });

describe('Site.presetData across pushes', () => {
  let dir: string;
  beforeAll(() => void (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsite-preset-data-'))));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('reuses the data while its files are unchanged, and reads them again when one changes', async () => {
    const repo = await TestRepo.create(path.join(dir, 'repo'));
    await repo.commit({ 'general/intro.md': '# Intro\n', 'data/versions.json': versions('4.5') });
    const site = await Site.open(readServerConfig({ CONTENT_REPO: path.join(dir, 'repo'), DATA_DIR: path.join(dir, 'data'), RENDER_THREADS: '0' }));
    const dataAt = async () => site.docs.presetData(await site.docs.docSet((await site.refresh()).defaultCommit, 'default'));
    const first = await dataAt();
    expect(first.data.moodle).toMatchObject({ versions: [{ name: '4.5' }] });

    await repo.commit({ 'general/intro.md': '# Intro, edited\n' });
    expect(await dataAt()).toBe(first);

    await repo.commit({ 'data/versions.json': versions('5.0') });
    const changed = await dataAt();
    expect(changed).not.toBe(first);
    expect(changed.data.moodle).toMatchObject({ versions: [{ name: '5.0' }] });
  });
});
