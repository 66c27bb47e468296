import { describe, expect, it } from 'vitest';
import { slice, sliceText } from './paging.js';

describe('answers in parts', () => {
  it('slices a list with where the next part starts, and none at the end', () => {
    expect(slice([1, 2, 3, 4, 5], 0, 2)).toEqual({ total: 5, offset: 0, nextOffset: 2, items: [1, 2] });
    expect(slice([1, 2, 3, 4, 5], 4, 2)).toEqual({ total: 5, offset: 4, nextOffset: null, items: [5] });
    expect(slice([1, 2], 9, 2)).toEqual({ total: 2, offset: 2, nextOffset: null, items: [] });
  });

  it('cuts text after a line when one ends in the second half, and the parts join into the whole', () => {
    const text = Array.from({ length: 50 }, (_, i) => `line ${i} ${'x'.repeat(i)}`).join('\n');
    let joined = '';
    for (let offset: number | null = 0; offset !== null; ) {
      const part = sliceText(text, offset, 200);
      expect(part.text.length).toBeLessThanOrEqual(200);
      if (part.nextOffset !== null) expect(part.text.endsWith('\n')).toBe(true);
      joined += part.text;
      offset = part.nextOffset;
    }
    expect(joined).toBe(text);
    // One long line: cut where the cap falls.
    expect(sliceText('y'.repeat(500), 0, 200)).toMatchObject({ nextOffset: 200, total: 500 });
  });
});
