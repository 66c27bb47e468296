// Relevance on the real corpus: realistic searches (typos, several words, identifiers) find the
// right page in the top three for at least 90% of them (tests/support/search-queries.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppServer, startApp } from './support/app-server.js';
import { exampleCorpusRepo } from './support/example.js';
import { removeTempDirs } from './support/repos.js';
import { hasCorpus } from './support/requirements.js';
import { RELEVANCE_QUERIES } from './support/search-queries.js';
import { untilIndexed } from './support/indexed.js';

interface Answer {
  total: number;
  results: { url: string; snippet: { text: string } }[];
}

describe.runIf(hasCorpus())('search relevance on the corpus', () => {
  let app: AppServer;
  const search = async (q: string, limit = 5): Promise<Answer> => {
    const res = await fetch(`${app.url}/api/search?limit=${limit}&q=${encodeURIComponent(q)}`);
    expect(res.status, q).toBe(200);
    return res.json();
  };

  beforeAll(async () => {
    // At the default MEMORY_MB: the corpus's index (about 24 MiB) fits its share of the cache budget (README, "Memory").
    app = await startApp({ CONTENT_REPO: exampleCorpusRepo(), DOCSITE_NOW: '2026-11-22' });
    // The index is built at start (742 pages rendered in the background), answering as far as it has gone meanwhile: wait until it is whole.
    await untilIndexed(app.url, '?q=moodle');
  }, 600_000);
  afterAll(async () => {
    await app?.stop();
    removeTempDirs();
  });

  it(`finds the right page in the top three for at least 90% of ${RELEVANCE_QUERIES.length} queries`, async () => {
    const misses: string[] = [];
    for (const { q, expect: wanted } of RELEVANCE_QUERIES) {
      const top = (await search(q)).results.slice(0, 3).map((result) => result.url.split('#')[0]);
      if (!top.some((url) => wanted.includes(url))) misses.push(`${q} -> ${top.join(', ')}`);
    }
    const score = (RELEVANCE_QUERIES.length - misses.length) / RELEVANCE_QUERIES.length;
    console.log(`relevance: ${RELEVANCE_QUERIES.length - misses.length}/${RELEVANCE_QUERIES.length} in the top 3${misses.length ? `; missed: ${misses.join(' | ')}` : ''}`);
    expect(RELEVANCE_QUERIES.length).toBeGreaterThanOrEqual(30);
    expect(score).toBeGreaterThanOrEqual(0.9);
  });

  it('finds the identifiers developers type, as they type them', async () => {
    for (const [q, shown] of [
      ['core_component', 'core_component'],
      ['$CFG', '$CFG'],
      ['get_string()', 'get_string'],
      ['MDL-12345', 'MDL-12345'],
      ['4.1.2', '4.1.2'],
      ['currentUser', 'currentUser'],
      ['querySelector', 'querySelector'],
    ]) {
      const answer = await search(q, 10);
      expect(answer.total, q).toBeGreaterThan(0);
      expect(
        answer.results.some((result) => result.snippet.text.toLowerCase().includes(shown.toLowerCase())),
        q,
      ).toBe(true);
    }
  });
});
