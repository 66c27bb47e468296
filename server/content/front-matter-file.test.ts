// The front matter file: what is written is read back whole, and a bad file reads as nothing.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { frontMatterFile, readFrontMatterFile, writeFrontMatterFile } from './front-matter-file.js';

describe('the front matter file', () => {
  let dir: string;
  beforeAll(() => void (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsite-front-matter-'))));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('gives back what was written, dates and problems included, and removes other builds’ files', async () => {
    const cache = path.join(dir, 'cache');
    fs.mkdirSync(cache);
    fs.writeFileSync(frontMatterFile(cache, 'oldbuild'), 'old');
    const entries: [string, { data: Record<string, unknown>; error?: { code: 'front-matter'; file: string; message: string } }][] = [
      ['a\0docs/a.md', { data: { title: 'A', date: new Date('2026-01-02T00:00:00Z'), tags: ['x'] } }],
      ['b\0docs/b.md', { data: {}, error: { code: 'front-matter', file: 'docs/b.md', message: 'Invalid front matter' } }],
    ];
    await writeFrontMatterFile(frontMatterFile(cache, 'newbuild'), entries);
    expect(readFrontMatterFile(frontMatterFile(cache, 'newbuild'))).toEqual(new Map(entries));
    expect(fs.readdirSync(cache)).toEqual(['front-matter-newbuild.v8']);
  });

  it('reads a missing, empty or foreign file as nothing stored', () => {
    expect(readFrontMatterFile(path.join(dir, 'none.v8')).size).toBe(0);
    fs.writeFileSync(path.join(dir, 'garbage.v8'), 'not a serialized map');
    expect(readFrontMatterFile(path.join(dir, 'garbage.v8')).size).toBe(0);
  });
});
