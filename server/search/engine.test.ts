import { describe, expect, it } from 'vitest';
import { type PageInput, SearchIndex } from './engine.js';

function page(docId: string, title: string, sections: [string, string][], extra: Partial<PageInput> = {}): PageInput {
  return {
    docId,
    key: `${docId}:1`,
    title,
    path: docId.replace(/\//g, ' '),
    meta: '',
    sections: sections.map(([heading, body]) => ({ anchor: heading.toLowerCase().replace(/\s+/g, '-'), heading, parents: [], body })),
    ...extra,
  };
}

function sample(): SearchIndex {
  const index = new SearchIndex();
  index.addPage(page('policies/deprecation', 'Deprecation', [['', 'How functions are deprecated and removed.']]));
  index.addPage(page('policies/accessibility', 'Accessibility', [['', 'Make every page usable with a keyboard.']]));
  index.addPage(
    page('apis/strings', 'String API', [
      ['', 'Strings of a component.'],
      ['Fetching strings', 'Call get_string() with the identifier; $CFG->lang chooses the language.'],
    ]),
  );
  index.addPage(page('releases/4.1.2', 'Moodle 4.1.2', [['', 'Fixed MDL-12345 and MDL-67890.']]));
  index.addPage(page('apis/camel', 'JavaScript', [['', 'Use getString from core/str.']]));
  return index;
}

const top = (index: SearchIndex, query: string) => index.search(query)[0]?.docId;

describe('SearchIndex', () => {
  it('finds identifiers as developers type them', () => {
    const index = sample();
    expect(top(index, 'get_string()')).toBe('apis/strings');
    expect(top(index, '$CFG')).toBe('apis/strings');
    expect(top(index, 'MDL-12345')).toBe('releases/4.1.2');
    expect(top(index, '4.1.2')).toBe('releases/4.1.2');
    expect(top(index, 'getString')).toBeDefined();
    expect(index.search('getString').map((match) => match.docId)).toContain('apis/camel');
  });

  it('finds a path by its parts, the page that holds them all first', () => {
    const index = sample();
    index.addPage(page('apis/forum', 'Forum', [['', 'Edit mod/forum/view.php to change the page.']]));
    index.addPage(page('apis/view', 'Views', [['', 'A view of the forum module.']]));
    expect(top(index, 'mod/forum/view.php')).toBe('apis/forum');
    expect(index.search('mod/forum/view.php')[0].hit().snippet.text).toContain('mod/forum/view.php');
  });

  it('forgives typos and finds words from their beginning', () => {
    const index = sample();
    expect(top(index, 'deprication')).toBe('policies/deprecation');
    expect(top(index, 'acessibility')).toBe('policies/accessibility');
    expect(top(index, 'accessib')).toBe('policies/accessibility');
  });

  it('finds the singular of a plural and the plural of a singular', () => {
    const index = sample();
    expect(top(index, 'function deprecated')).toBe('policies/deprecation');
    expect(top(index, 'pages keyboard')).toBe('policies/accessibility');
  });

  it('answers each page once, at its best section, with a highlighted snippet and the anchor', () => {
    const [match, ...rest] = sample().search('fetching strings get_string');
    expect(rest.map((other) => other.docId)).not.toContain('apis/strings');
    const hit = match.hit();
    expect(hit).toMatchObject({ docId: 'apis/strings', anchor: 'fetching-strings', heading: 'Fetching strings' });
    expect(hit.snippet.highlights.map(([start, end]) => hit.snippet.text.slice(start, end))).toContain('get_string');
  });

  it('updates a page in place and forgets removed pages', () => {
    const index = sample();
    index.addPage(page('policies/deprecation', 'Deprecation', [['', 'Now about sunsetting.']], { key: 'policies/deprecation:2' }));
    expect(index.keyOf('policies/deprecation')).toBe('policies/deprecation:2');
    expect(top(index, 'sunsetting')).toBe('policies/deprecation');
    expect(index.search('removed')).toEqual([]);
    index.removePage('policies/accessibility');
    expect(index.search('keyboard')).toEqual([]);
    expect(index.pageCount).toBe(4);
  });

  it('finds what pages hold after many updates (removed sections wait in their segments), and once merged', async () => {
    const index = new SearchIndex();
    for (let i = 0; i < 300; i++) index.addPage(page(`p${i}`, `Page ${i}`, [['', `alpha word${i} word${i}`]]));
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 300; i++) index.addPage(page(`p${i}`, `Page ${i}`, [['', `bravo${round} word${i}`]], { key: `p${i}:${round}` }));
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(index.search('alpha')).toEqual([]);
    expect(index.search('bravo2')).toHaveLength(300);
    expect(top(index, 'word123')).toBe('p123');
    expect(index.fragmented()).toBe(true);
    const merged = await index.merged();
    expect(merged.fragmented()).toBe(false);
    expect(merged.search('bravo2').map((match) => match.hit())).toEqual(index.search('bravo2').map((match) => match.hit()));
  });

  it('copies: a change to the copy leaves the original as it was', async () => {
    const index = sample();
    const copy = await index.copy();
    expect(copy.search('get_string').map((match) => match.hit())).toEqual(index.search('get_string').map((match) => match.hit()));
    copy.removePage('policies/accessibility');
    copy.addPage(page('new/page', 'Brand new', [['', 'zeppelin']]));
    expect(top(index, 'keyboard')).toBe('policies/accessibility');
    expect(index.search('zeppelin')).toEqual([]);
    expect(top(copy, 'zeppelin')).toBe('new/page');
    expect(copy.search('keyboard')).toEqual([]);
  });

  it('finds an issue key exactly, ranked with the other words, after updates and in copies', async () => {
    const index = sample();
    index.addPage(page('releases/4.1.3', 'Moodle 4.1.3', [['', 'Fixed MDL-67891 in the quiz.']]));
    // Only the page that holds the key: not every page with an issue key (`mdl`), nor a key that starts alike.
    expect(index.search('MDL-12345').map((match) => match.docId)).toEqual(['releases/4.1.2']);
    expect(index.search('mdl-67891 quiz')[0].docId).toBe('releases/4.1.3');
    expect(index.search('MDL-12345')[0].hit().snippet.text).toContain('MDL-12345');
    const copy = await index.copy();
    index.removePage('releases/4.1.2');
    expect(index.search('MDL-12345')).toEqual([]);
    expect(copy.search('MDL-12345').map((match) => match.docId)).toEqual(['releases/4.1.2']);
  });

  it('leaves out of a query the words most sections contain, unless they are all it has', () => {
    const index = new SearchIndex();
    for (let i = 0; i < 10; i++) index.addPage(page(`p${i}`, `Page ${i}`, [['', `moodle text ${i === 3 ? 'zebra' : ''}`]]));
    expect(index.search('moodle zebra').map((match) => match.docId)).toEqual(['p3']);
    expect(index.search('moodle')).toHaveLength(10);
  });

  it('leaves stop words out of the index and of queries', () => {
    const index = sample();
    expect(index.search('should have')).toEqual([]);
    expect(top(index, 'you should make every page usable')).toBe('policies/accessibility');
  });

  it('never throws on odd queries', () => {
    const index = sample();
    for (const query of ['', '   ', '.*+?^${}()|[]\\', '"unterminated', 'עברית', '🙂', 'x'.repeat(10_000)]) expect(() => index.search(query)).not.toThrow();
  });

  it('counts its bytes, growing with what it holds', () => {
    const small = new SearchIndex();
    const big = sample();
    expect(big.bytes()).toBeGreaterThan(small.bytes());
  });
});
