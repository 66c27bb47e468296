// A folder's `_category_` file as Docusaurus reads it: `.json` or `.yml`, and never two of them.
import { describe, expect, it } from 'vitest';
import { readCategoryMetadata } from './category-metadata.js';
import { docSetOf } from './test-support.js';

describe('readCategoryMetadata', () => {
  it('reads a folder’s label, position, className and customProps, and names a second category file', async () => {
    const { docSet, repository } = await docSetOf({
      'general/foo/_category_.json': '{"label": "Foo", "position": 2, "className": "red", "customProps": {"x": 1}}',
      'general/foo/_category_.yml': 'label: Other\n',
      'general/foo/a.md': '# A\n',
    });
    const { metadata, problems } = await readCategoryMetadata(repository, docSet.tree, 'general');
    expect(metadata.get('foo')).toEqual({ label: 'Foo', position: 2, className: 'red', customProps: { x: 1 } });
    expect(problems).toEqual([expect.objectContaining({ code: 'category', file: 'general/foo/_category_.yml' })]);
  });
});
