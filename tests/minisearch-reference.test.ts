// Today's scorer before issue 34 (tests/support/minisearch-engine/), checked against MiniSearch's own search: the reference
// the packed index is compared with (tests/search-parity.test.ts).
import MiniSearch from 'minisearch';
import { describe, expect, it } from 'vitest';
import { type MiniSearchInternals, type QueryWord, Scorer } from './support/minisearch-engine/score.js';

const BOOST = { title: 3, body: 1 };
const WEIGHTS = { fuzzy: 0.35, prefix: 0.3 };

const SECTIONS = [
  { id: 1, title: 'Deprecation policy', body: 'Functions are deprecated, then removed. Deprecation takes two releases.' },
  { id: 2, title: 'Release notes', body: 'What changed in this release: deprecated functions and new features.' },
  { id: 3, title: 'Releases', body: 'Every release of the project, with its notes.' },
  { id: 4, title: 'Testing', body: 'Tests run on every release; deprecation warnings fail them.' },
];

/** A MiniSearch index of a few sections that share some words. */
function sample(sections = SECTIONS): MiniSearch {
  const engine = new MiniSearch({ fields: ['title', 'body'] });
  engine.addAll(sections);
  return engine;
}

/** MiniSearch's own answer for the same words: ids and scores, best first. */
function miniSearchAnswer(engine: MiniSearch, words: QueryWord[]) {
  const spec = new Map(words.map((word) => [word.term, word]));
  return engine
    .search(words.map((word) => word.term).join(' '), {
      boost: BOOST,
      weights: WEIGHTS,
      fuzzy: (term) => spec.get(term)!.fuzzy,
      prefix: (term) => spec.get(term)!.prefix,
      boostTerm: (term) => spec.get(term)!.boost,
    })
    .map((result) => ({ id: result.id as number, score: result.score, terms: result.terms.sort() }));
}

/** The scorer's answer in the same shape (it answers short ids: they are mapped back to ids). */
function scorerAnswer(engine: MiniSearch, words: QueryWord[]) {
  const internals = engine as unknown as MiniSearchInternals;
  const scored = new Scorer(internals, BOOST, WEIGHTS).score(words, []);
  return [...scored.sections].map((section, i) => ({ id: internals._documentIds.get(section)!, score: scored.scores[i], terms: scored.termsOf(section).sort() }));
}

const word = (term: string, extra: Partial<QueryWord> = {}): QueryWord => ({ term, boost: 1, fuzzy: 0, prefix: false, ...extra });

describe('Scorer', () => {
  it.each([
    ['one word', [word('deprecation')]],
    ['several words, each counted once per section', [word('release'), word('notes'), word('deprecated')]],
    ['a typo within one edit', [word('deprecatd', { fuzzy: 1 })]],
    ['a prefix, which wins over a near spelling', [word('releas', { prefix: true, fuzzy: 1 })]],
    ['a word at half weight', [word('release'), word('releases', { boost: 0.5 })]],
    ['a word typed twice', [word('release'), word('release')]],
    ['a word no section holds', [word('zeppelin')]],
  ])('scores %s as MiniSearch does', (_name, words) => {
    const engine = sample();
    const expected = miniSearchAnswer(engine, words);
    const actual = scorerAnswer(engine, words);
    expect(actual.map((result) => result.id)).toEqual(expected.map((result) => result.id));
    expect(actual.map((result) => result.terms)).toEqual(expected.map((result) => result.terms));
    for (const [i, result] of actual.entries()) expect(result.score).toBeCloseTo(expected[i].score, 9);
  });

  it('counts a discarded section as if it had never been indexed, before MiniSearch vacuums it', () => {
    const engine = sample([...SECTIONS, { id: 5, title: 'Removed page', body: 'Release deprecation policy notes.' }]);
    engine.discard(5);
    expect(engine.dirtCount).toBe(1);
    const words = [word('release'), word('deprecation'), word('polcy', { fuzzy: 1 })];
    const expected = scorerAnswer(sample(), words);
    const actual = scorerAnswer(engine, words);
    expect(actual.map((result) => result.id)).toEqual(expected.map((result) => result.id));
    for (const [i, result] of actual.entries()) expect(result.score).toBeCloseTo(expected[i].score, 9);
  });

  it('gives the same answer to the same query twice (its arrays are reused)', () => {
    const engine = sample();
    const scorer = new Scorer(engine as unknown as MiniSearchInternals, BOOST, WEIGHTS);
    const first = scorer.score([word('release'), word('deprecated')], []);
    const second = scorer.score([word('release'), word('deprecated')], []);
    expect([...second.sections]).toEqual([...first.sections]);
    expect([...second.scores]).toEqual([...first.scores]);
  });

  it('answers the next query right after one failed midway (its arrays are cleared whatever happens)', () => {
    const engine = sample();
    const internals = engine as unknown as MiniSearchInternals;
    const scorer = new Scorer(internals, BOOST, WEIGHTS);
    const words = [word('release'), word('deprecated')];
    const lengths = internals._fieldLength;
    let calls = 0;
    // The third section looked up fails, after two have been summed.
    internals._fieldLength = { get: (section: number) => (++calls === 3 ? undefined : lengths.get(section)) } as Map<number, number[]>;
    expect(() => scorer.score(words, [])).toThrow(TypeError);
    internals._fieldLength = lengths;
    const after = scorer.score(words, []);
    const fresh = new Scorer(internals, BOOST, WEIGHTS).score(words, []);
    expect([...after.sections]).toEqual([...fresh.sections]);
    expect([...after.scores]).toEqual([...fresh.scores]);
  });

  it('adds an extra word to the sections that hold it, as a rare word of its own', () => {
    const engine = sample();
    const scorer = new Scorer(engine as unknown as MiniSearchInternals, BOOST, WEIGHTS);
    const plain = scorer.score([word('release')], []);
    const last = plain.sections.at(-1)!;
    const withKey = scorer.score([word('release')], [{ term: 'mdl-12345', sections: [last] }]);
    // BM25's weight of a word in 1 of the 4 sections, added to the section's sum; the section now matches two words.
    const rare = Math.log(1 + (4 - 1 + 0.5) / (1 + 0.5));
    const at = withKey.sections.indexOf(last);
    expect(withKey.scores[at]).toBeCloseTo((plain.scores.at(-1)! + rare) * 2, 9);
    expect(withKey.termsOf(last)).toEqual(['release', 'mdl-12345']);
    expect(withKey.termsOf(withKey.sections[at === 0 ? 1 : 0])).toEqual(['release']);
  });
});
