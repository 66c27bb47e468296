// The packed index (server/search/engine.ts) answers as the MiniSearch index it replaced
// (tests/support/minisearch-engine/, issue 34): the same pages, in the same order, with the same
// scores, best sections and snippets, on the corpus (or the embedded content without it), after a
// push, in a copy, read back from plain data and once merged. Every expected answer is the
// reference engine's.
import fs from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type IndexData, type Match, type PageInput, SearchIndex } from '../server/search/engine.js';
import { buildSegment } from '../server/search/segment.js';
import { readServerConfig } from '../server/site/env.js';
import { addressOf } from '../server/site/locate.js';
import { createLogger } from '../server/site/log.js';
import { Site } from '../server/site/site.js';
import { exampleConfig } from './support/example.js';
import { MiniSearchIndex } from './support/minisearch-engine/engine.js';
import { removeTempDirs, repoFromFolder, tempDir } from './support/repos.js';
import { corpusContent } from './support/requirements.js';
import { RELEVANCE_QUERIES } from './support/search-queries.js';

/** Queries beyond the relevance set: prefixes, typos, identifiers, issue keys, non-Latin words, stop words and words no page holds. */
const MORE_QUERIES = [
  ...['deprec', 'behat runn', 'accessib', 'frankenst', 'xmld', 'upgradenot', 'plug'],
  ...['phpunti', 'upgarde notes', 'javscript modules', 'accesibility guidlines', 'deprecaton', 'integraton reviw'],
  ...['$CFG', 'get_string()', 'core_component', 'mod/forum/view.php', 'currentUser', 'querySelector', 'require_login', '4.1.2', 'moodle_url', 'db/upgrade.php'],
  ...['MDL-12345', 'MDL-85816', 'MDLQA-5249', 'MOBILE-959', 'mdl-12345 behat', 'MDL-99999999', 'MDL'],
  ...['how to write a new plugin', 'the moodle app', 'moodle', 'moodle moodle', 'release release notes', 'security policies sql injection xss csrf'],
  ...['開発', 'தமிழ்', 'Mudrák', 'Séverin', 'Référentiel', 'ខ្មែរ', 'Iñaki Dageförde'],
  ...['zeppelinxyzzy', 'qwertyuiopasdf', 'the of and', 'a', '', '!!!', '"quoted phrase"'],
];
const QUERIES = [...RELEVANCE_QUERIES.map(({ q }) => q), ...MORE_QUERIES];

/** What a search answers, as the API shows it: every page, and the first pages' best sections and snippets (scores apart). */
function answer(index: { search(query: string): Match[] }, query: string) {
  const matches = index.search(query);
  const hits = matches.slice(0, 20).map((match) => ({ ...match.hit(), score: 0 }));
  return { pages: matches.map((match) => match.docId), scores: matches.map((match) => match.score), hits };
}

/**
 * Checks that `index` answers every query as `reference` does. Scores may differ in their last
 * bit: a prefix's longer words are summed in code-unit order, MiniSearch's in its tree's order.
 */
function expectParity(reference: MiniSearchIndex, index: SearchIndex, queries = QUERIES): void {
  for (const query of queries) {
    const expected = answer(reference, query);
    const actual = answer(index, query);
    expect(actual.pages, query).toEqual(expected.pages);
    expect(actual.hits, query).toEqual(expected.hits);
    const off = actual.scores.filter((score, i) => Math.abs(score - expected.scores[i]) > expected.scores[i] * 1e-12);
    expect(off, query).toEqual([]);
  }
}

/** Both engines given the same pages, in the same order. */
function both(pages: readonly PageInput[]): [MiniSearchIndex, SearchIndex] {
  const reference = new MiniSearchIndex();
  const index = new SearchIndex();
  for (const page of pages) {
    reference.addPage(page);
    index.addPage(page);
  }
  return [reference, index];
}

/** A page with a paragraph of new words added to its last section. */
const edited = (page: PageInput, words: string): PageInput => ({
  ...page,
  key: `${page.key}:edited`,
  sections: page.sections.map((section, i) => (i === page.sections.length - 1 ? { ...section, body: `${section.body} ${words}` } : section)),
});

describe('search parity with the MiniSearch index', () => {
  let pages: PageInput[] = [];

  beforeAll(async () => {
    // The corpus when it is here (more pages, issue keys and non-Latin names), else the embedded content.
    const corpus = fs.existsSync(path.join(corpusContent, 'general'));
    const root = tempDir('search-parity-');
    const dir = corpus ? repoFromFolder(corpusContent, path.join(root, 'repo'), exampleConfig()) : repoFromFolder(path.resolve('content'), path.join(root, 'repo'));
    const config = readServerConfig({ CONTENT_REPO: dir, DATA_DIR: path.join(root, 'data'), RENDER_THREADS: '0', SYNC_INTERVAL: '0', DOCSITE_NOW: '2026-11-22' });
    const site = await Site.open(config, createLogger('error'));
    const snapshot = site.snapshot();
    const { located } = await site.locate(snapshot, addressOf('general', { kind: 'default' }));
    const source = site.search.source(await site.docs.docSet(located.commit, located.instance.id, located.versionName));
    for (const { docId } of source.pages) pages.push(await source.load(docId));
  }, 600_000);
  afterAll(() => {
    pages = [];
    removeTempDirs();
  });

  it(`answers ${QUERIES.length} queries with the same pages, order, scores and snippets`, () => {
    expect(QUERIES.length).toBeGreaterThanOrEqual(60);
    expect(pages.length).toBeGreaterThan(500);
    const [reference, index] = both(pages);
    expectParity(reference, index);
    // Not a vacuous parity: most queries find pages, and some find none.
    const found = QUERIES.filter((query) => reference.search(query).length > 0);
    expect(found.length).toBeGreaterThan(QUERIES.length * 0.8);
    expect(found.length).toBeLessThan(QUERIES.length);
  });

  it('answers the same after a push (pages changed, removed and added), from segments built apart, in a copy and read back from plain data', async () => {
    const [reference, index] = both(pages);
    const changed = [pages[3], pages[40], pages[41]].map((page) => edited(page, 'zeppelin paragraph fixes MDL-424242 with accessibility'));
    const removed = [pages[7], pages[100]];
    const added = { ...pages[5], docId: 'new/page', key: 'new', sections: [{ anchor: '', heading: '', parents: [], body: 'A zeppelin page about deprecation.' }] };
    for (const engine of [reference, index]) {
      for (const page of changed) engine.addPage(page);
      for (const page of removed) engine.removePage(page.docId);
      engine.addPage(added);
    }
    // The same pages and changes given as segments built apart (as a render thread builds them).
    const viaSegments = new SearchIndex();
    viaSegments.addSegment(buildSegment(pages));
    viaSegments.addSegment(buildSegment(changed));
    for (const page of removed) viaSegments.removePage(page.docId);
    viaSegments.addSegment(buildSegment([added]));
    const queries = [...QUERIES, 'zeppelin', 'zeppelin paragraph', 'MDL-424242', 'zepelin paragraf'];
    expectParity(reference, index, queries);
    expectParity(reference, viaSegments, queries);
    expectParity(reference, await index.copy(), queries);
    const data = v8.deserialize(v8.serialize(index.data())) as IndexData;
    expectParity(reference, SearchIndex.from(data), queries);
    // Merged, the index is the one a fresh build of the same pages makes (in the order it keeps them).
    const gone = new Set([...changed, ...removed].map((page) => page.docId));
    const [fresh] = both([...pages.filter((page) => !gone.has(page.docId)), ...changed, added]);
    expectParity(fresh, await index.merged(), queries);
  });
});
