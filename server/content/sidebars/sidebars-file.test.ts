// A sidebars file as Docusaurus normalises it: every shorthand accepted wherever Docusaurus accepts
// it, and a bad item is a problem at its own line that leaves the rest of the file serving.
import { describe, expect, it } from 'vitest';
import { parseSidebarsFile, SidebarsError } from './sidebars-file.js';

describe('parseSidebarsFile', () => {
  it('expands the categories shorthand in a sidebar, in a list and in a category, nested', () => {
    const source = JSON.stringify({
      sidebar: { Category: ['doc1', 'doc2'], 'Category 2': { 'Subcategory 1': ['doc3'], 'Subcategory 2': ['doc4'] } },
      other: [
        { type: 'link', label: 'Google', href: 'https://google.com' },
        { 'Category 1': ['doc1'], 'Category 2': ['doc2'] },
      ],
    });
    const { sidebars, problems } = parseSidebarsFile(source, 'sidebars.json');
    expect(problems).toEqual([]);
    expect(sidebars[0].items).toEqual([
      {
        type: 'category',
        label: 'Category',
        items: [
          { type: 'doc', id: 'doc1' },
          { type: 'doc', id: 'doc2' },
        ],
      },
      {
        type: 'category',
        label: 'Category 2',
        items: [
          { type: 'category', label: 'Subcategory 1', items: [{ type: 'doc', id: 'doc3' }] },
          { type: 'category', label: 'Subcategory 2', items: [{ type: 'doc', id: 'doc4' }] },
        ],
      },
    ]);
    expect(sidebars[1].items.map((item) => (item.type === 'category' ? item.label : item.type))).toEqual(['link', 'Category 1', 'Category 2']);
  });

  it('flattens an array among items in place, as Docusaurus normalises a slice of items', () => {
    const source = JSON.stringify({ sidebar: [['intro'], 'setup', { type: 'category', label: 'Guide', items: [['a', ['b']], 'c'] }] });
    const { sidebars, problems } = parseSidebarsFile(source, 'sidebars.json');
    expect(problems).toEqual([]);
    expect(sidebars[0].items).toEqual([
      { type: 'doc', id: 'intro' },
      { type: 'doc', id: 'setup' },
      { type: 'category', label: 'Guide', items: ['a', 'b', 'c'].map((id) => ({ type: 'doc', id })) },
    ]);
  });

  it('reports a bad item at its line and keeps the others', () => {
    const source = ['docs:', '  - intro', '  - { type: doc }', '  - { type: category, label: Guide, items: { type: doc, id: x } }', '  - { type: nope }', '  - outro', ''].join(
      '\n',
    );
    const { sidebars, problems } = parseSidebarsFile(source, 'sidebars.yaml');
    // The category stays, with no items: post-processing drops it as Docusaurus drops empty categories.
    expect(sidebars[0].items).toEqual([
      { type: 'doc', id: 'intro' },
      { type: 'category', label: 'Guide', items: [] },
      { type: 'doc', id: 'outro' },
    ]);
    expect(problems.map((problem) => [problem.line, problem.file])).toEqual([
      [3, 'sidebars.yaml'],
      [4, 'sidebars.yaml'],
      [5, 'sidebars.yaml'],
    ]);
    expect(problems[1].message).toContain('the items of the category "Guide"');
  });

  it('gives each item its line, shorthand or not', () => {
    const file = parseSidebarsFile('{\n  "docs": {\n    "Test": [\n      "nonExistent"\n    ]\n  }\n}\n', 'sidebars.json');
    const category = file.sidebars[0].items[0];
    expect(category.type === 'category' && file.lineOfItem(category.items[0])).toBe(4);
  });

  it('refuses a file that is not a map of sidebars, at its line', () => {
    expect(() => parseSidebarsFile('- a\n- b\n', 'sidebars.yaml')).toThrow(SidebarsError);
  });
});
