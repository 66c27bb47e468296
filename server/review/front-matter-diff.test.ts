import { describe, expect, it } from 'vitest';
import { diffFrontMatter } from './front-matter-diff.js';

describe('diffFrontMatter', () => {
  it('lists changed, added and removed fields, title first', () => {
    expect(diffFrontMatter({ tags: ['a'], title: 'Old', sidebar_position: 2, keep: 1 }, { tags: ['a', 'b'], title: 'New', keep: 1, custom: { x: 1 } })).toEqual([
      { field: 'title', before: 'Old', after: 'New' },
      { field: 'sidebar_position', before: '2', after: null },
      { field: 'tags', before: '[ a ]', after: '[ a, b ]' },
      { field: 'custom', before: null, after: '{ x: 1 }' },
    ]);
  });

  it('is empty for equal front matter', () => {
    expect(diffFrontMatter({ title: 'A', tags: ['x'] }, { tags: ['x'], title: 'A' })).toEqual([]);
  });
});
