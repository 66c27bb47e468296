import { describe, expect, it } from 'vitest';
import type { PageInput, SearchIndex } from './engine.js';
import { type IndexCache, type IndexSource, SearchIndexes } from './indexes.js';

/** A plain map as the cache (the site's is byte-bounded). */
function mapCache(): IndexCache & { map: Map<string, SearchIndex> } {
  const map = new Map<string, SearchIndex>();
  return { map, get: (key) => map.get(key), set: (key, index) => void map.set(key, index), delete: (key) => void map.delete(key), count: () => {} };
}

/** A commit's pages (docId -> words), with a log of which pages were read. */
function source(commit: string, pages: Record<string, string>, loads: string[], gate?: Promise<void>): IndexSource {
  return {
    commit,
    pages: Object.entries(pages).map(([docId, words]) => ({ docId, key: `${docId}:${words}` })),
    load: async (docId): Promise<PageInput> => {
      await gate;
      loads.push(docId);
      return { docId, key: `${docId}:${pages[docId]}`, title: docId, path: docId, meta: '', sections: [{ anchor: '', heading: '', parents: [], body: pages[docId] }] };
    },
  };
}

const found = (answer: Awaited<ReturnType<SearchIndexes['lookup']>>, query: string) =>
  answer.status === 'ready' ? answer.index.search(query).map((match) => match.docId) : undefined;

describe('SearchIndexes', () => {
  it('builds a commit once, then updates only the pages a push changed', async () => {
    const cache = mapCache();
    const indexes = new SearchIndexes(cache);
    const loads: string[] = [];
    const first = await indexes.lookup('~main', source('c1', { a: 'alpha', b: 'bravo', c: 'charlie' }, loads), new Set(['c1']));
    expect(first).toMatchObject({ status: 'ready', commit: 'c1', stale: false });
    expect(loads.sort()).toEqual(['a', 'b', 'c']);

    loads.length = 0;
    const second = await indexes.lookup('~main', source('c2', { a: 'alpha', b: 'zulu', d: 'delta' }, loads), new Set(['c2']));
    expect(loads.sort()).toEqual(['b', 'd']);
    expect(indexes.lastBuild).toMatchObject({ commit: 'c2', changed: 2, incremental: true });
    expect(found(second, 'zulu')).toEqual(['b']);
    expect(found(second, 'bravo')).toEqual([]);
    expect(found(second, 'charlie')).toEqual([]);
    // c1 was no served ref's any more: its index moved on to c2 rather than being copied.
    expect([...cache.map.keys()]).toEqual(['c2']);
  });

  it('copies the index of a commit another ref still serves (a branch forked from main)', async () => {
    const cache = mapCache();
    const indexes = new SearchIndexes(cache);
    const loads: string[] = [];
    await indexes.lookup('version:current', source('m1', { a: 'alpha', b: 'bravo' }, loads), new Set(['m1']));
    loads.length = 0;
    const branch = await indexes.lookup('~feature', source('f1', { a: 'alpha', b: 'bravo', n: 'novel' }, loads), new Set(['m1', 'f1']), 'm1');
    expect(loads).toEqual(['n']);
    expect(found(branch, 'novel')).toEqual(['n']);
    const main = await indexes.lookup('version:current', source('m1', { a: 'alpha', b: 'bravo' }, loads), new Set(['m1', 'f1']));
    expect(found(main, 'novel')).toEqual([]);
  });

  it('says when an index is bigger than the cache can keep, instead of rebuilding it for every search', async () => {
    const cache = mapCache();
    cache.set = () => {};
    const indexes = new SearchIndexes(cache);
    const loads: string[] = [];
    const first = await indexes.lookup('~main', source('c1', { a: 'alpha' }, loads), new Set(['c1']));
    expect(found(first, 'alpha')).toEqual(['a']);
    expect(await indexes.lookup('~main', source('c1', { a: 'alpha' }, loads), new Set(['c1']))).toMatchObject({ status: 'too-big', commit: 'c1' });
    expect(loads).toEqual(['a']);
  });

  it('answers a first build as far as it has gone, saying how many pages, then the whole index once built', async () => {
    const indexes = new SearchIndexes(mapCache(), { withFallback: 10, withoutFallback: 5000, withPartial: 10 });
    let open!: () => void;
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    // One word of its own per page, letters only (digits would be parts of a word); near ones are found as typos too.
    const wordOf = (i: number) => `quill${String.fromCharCode(97 + Math.floor(i / 26))}${String.fromCharCode(97 + (i % 26))}`;
    const words = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`p${i}`, wordOf(i)]));
    const base = source('c1', words, []);
    // Only the first part's pages (the first 40) can be read until the gate opens.
    const partly: IndexSource = {
      ...base,
      load: async (docId) => {
        if (Number(docId.slice(1)) >= 40) await gate;
        return base.load(docId);
      },
    };
    const early = await indexes.lookup('~main', partly, new Set(['c1']));
    expect(early).toMatchObject({ status: 'ready', commit: 'c1', stale: false, partial: { pages: 40, of: 100 } });
    expect(found(early, wordOf(3))?.[0]).toBe('p3');
    expect(found(early, wordOf(90))).not.toContain('p90');
    open();
    for (;;) {
      const answer = await indexes.lookup('~main', partly, new Set(['c1']));
      if (answer.status === 'ready' && !answer.partial) {
        expect(found(answer, wordOf(90))?.[0]).toBe('p90');
        expect(answer.index.pageCount).toBe(100);
        break;
      }
    }
  });

  it('finds every page by its title from the start of a first build, before any page is read, and by its text once read', async () => {
    const indexes = new SearchIndexes(mapCache(), { withFallback: 10, withoutFallback: 5000, withPartial: 10 });
    let open!: () => void;
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const loads: string[] = [];
    const pages = Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`p${i}`, i === 59 ? 'zeppelins' : 'plain words']));
    const base = source('c1', pages, loads, gate);
    // The last page's title is "Coding style"; nothing can be read until the gate opens.
    const title = (docId: string) => (docId === 'p59' ? 'Coding style' : docId);
    const titled: IndexSource = {
      ...base,
      load: async (docId) => ({ ...(await base.load(docId)), title: title(docId) }),
      outline: (docId) => ({
        docId,
        key: `outline:${docId}`,
        title: title(docId),
        path: docId,
        meta: '',
        sections: [{ anchor: '', heading: '', parents: [], body: '' }],
      }),
    };
    const early = await indexes.lookup('~main', titled, new Set(['c1']));
    expect(loads).toEqual([]);
    expect(early).toMatchObject({ status: 'ready', partial: { pages: 0, of: 60, outlines: true } });
    expect(found(early, 'coding style')?.[0]).toBe('p59');
    expect(found(early, 'zeppelins')).toEqual([]);
    open();
    for (;;) {
      const answer = await indexes.lookup('~main', titled, new Set(['c1']));
      if (answer.status === 'ready' && !answer.partial) {
        expect(found(answer, 'zeppelins')).toEqual(['p59']);
        expect(found(answer, 'coding style')?.[0]).toBe('p59');
        expect(answer.index.pageCount).toBe(60);
        break;
      }
    }
  });

  it('answers from the ref’s last index while a new commit builds, says so, and never waits past its bound', async () => {
    const indexes = new SearchIndexes(mapCache(), { withFallback: 10, withoutFallback: 10 });
    const loads: string[] = [];
    await indexes.lookup('~main', source('c1', { a: 'alpha' }, loads), new Set(['c1']));
    let open!: () => void;
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const slow = source('c2', { a: 'omega' }, loads, gate);
    const meanwhile = await indexes.lookup('~main', slow, new Set(['c2']));
    expect(meanwhile).toMatchObject({ status: 'ready', commit: 'c1', stale: true });
    expect(found(meanwhile, 'alpha')).toEqual(['a']);

    // A ref with nothing indexed yet says it is building.
    const fresh = await indexes.lookup('~other', source('o1', { x: 'x-ray' }, loads, gate), new Set(['o1']));
    expect(fresh).toEqual({ status: 'building', commit: 'o1' });

    open();
    await expect.poll(async () => indexes.lookup('~main', slow, new Set(['c2']))).toMatchObject({ status: 'ready', commit: 'c2', stale: false });
    expect(found(await indexes.lookup('~main', slow, new Set(['c2'])), 'omega')).toEqual(['a']);
  });
});
