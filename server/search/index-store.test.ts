import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SearchIndex } from './engine.js';
import { IndexStore } from './index-store.js';

/** A small index with one page. */
function sample(word: string): SearchIndex {
  const index = new SearchIndex();
  index.addPage({ docId: 'guide/page', key: 'k1', title: 'A page', path: 'guide page', meta: '', sections: [{ anchor: '', heading: '', parents: [], body: `About ${word}.` }] });
  return index;
}

describe('IndexStore', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'index-store-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  /** The index files kept. */
  const files = () => fs.readdirSync(dir).flatMap((folder) => fs.readdirSync(path.join(dir, folder)).filter((name) => name.endsWith('.v8')));

  it('reads back what it wrote, and nothing for another key', async () => {
    const store = new IndexStore(dir, 'build1');
    await store.write('c1:general:current', IndexStore.encode('c1:general:current', sample('zeppelins')));
    const read = await store.read('c1:general:current');
    expect(read?.search('zeppelins').map((match) => match.hit().snippet.text)).toEqual(['About zeppelins.']);
    expect(await store.read('c2:general:current')).toBeUndefined();
  });

  it('removes a damaged file and answers nothing, so the index is built again', async () => {
    const store = new IndexStore(dir, 'build1');
    await store.write('c1', IndexStore.encode('c1', sample('zeppelins')));
    const [folder] = fs.readdirSync(dir);
    const file = path.join(dir, folder, files()[0]);
    fs.truncateSync(file, fs.statSync(file).size - 10);
    expect(await store.read('c1')).toBeUndefined();
    expect(files()).toEqual([]);
  });

  it('keeps only the indexes asked for, and the refs; another build starts empty', async () => {
    const store = new IndexStore(dir, 'build1');
    for (const key of ['c1', 'c2', 'c3']) await store.write(key, IndexStore.encode(key, sample(key)));
    await store.retain(['c2']);
    expect(await store.read('c1')).toBeUndefined();
    expect(await store.read('c2')).toBeDefined();
    await store.writeRefs(new Map([['general:current:version:current', 'c2']]));
    expect([...new IndexStore(dir, 'build1').readRefs()]).toEqual([['general:current:version:current', 'c2']]);
    const next = new IndexStore(dir, 'build2');
    expect(await next.read('c2')).toBeUndefined();
    expect(next.readRefs().size).toBe(0);
    expect(fs.readdirSync(dir)).toEqual(['search-1-build2']);
  });
});
