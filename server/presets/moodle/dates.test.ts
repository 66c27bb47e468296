import { describe, expect, it } from 'vitest';
import { endedBy, parseLenientDate } from './dates.js';

describe('release dates written as free text', () => {
  const cases: [string, string | undefined][] = [
    ['5 October 2026', '2026-10-05'],
    ['30 JUne 2014', '2014-06-30'],
    ['11th May 2020', '2020-05-11'],
    ['1st Dec 2019', '2019-12-01'],
    ['2026-10-05', '2026-10-05'],
    ['31 February 2020', undefined],
    ['soon', undefined],
    ['TBC 2027', undefined],
    ['2027', undefined],
  ];
  for (const [text, iso] of cases) {
    it(`reads "${text}"`, () => {
      expect(parseLenientDate(text)?.toISOString().slice(0, 10)).toBe(iso);
    });
  }
});

describe('whether a support period has ended', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  it('reads a missing end as ended, an unknown one as not yet, and a real day as it is', () => {
    expect(endedBy(undefined, now)).toBe(true);
    expect(endedBy('TBC 2027', now)).toBe(false);
    expect(endedBy('21 November 2026', now)).toBe(true);
    expect(endedBy('23 November 2026', now)).toBe(false);
  });
});
