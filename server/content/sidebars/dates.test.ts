import { describe, expect, it } from 'vitest';
import { parseLenientDate } from './dates.js';

describe('release dates written as free text', () => {
  const cases: [string, string | undefined][] = [
    ['5 October 2026', '2026-10-05'],
    ['30 JUne 2014', '2014-06-30'],
    ['11th May 2020', '2020-05-11'],
    ['1st Dec 2019', '2019-12-01'],
    ['2026-10-05', '2026-10-05'],
    ['31 February 2020', undefined],
    ['soon', undefined],
  ];
  for (const [text, iso] of cases) {
    it(`reads "${text}"`, () => {
      expect(parseLenientDate(text)?.toISOString().slice(0, 10)).toBe(iso);
    });
  }
});
