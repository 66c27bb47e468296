// What a doc page shows around it, as Docusaurus computes it: its sidebar (displayed_sidebar, else
// the first that holds it) and previous/next named by pagination_label, else the sidebar label.
import { describe, expect, it } from 'vitest';
import { docNavigationOf } from './navigation.js';
import { buildSidebars } from './sidebars.js';
import { docSetOf, page } from './test-support.js';

const SIDEBARS = ['first:', '  - a', '  - b', '  - c', 'second:', '  - b', '  - { type: category, label: Group, link: { type: doc, id: d }, items: [e] }', ''].join('\n');

/** The navigation of each doc of a small site with two sidebars. */
async function navigation(files: Record<string, string>) {
  const { docSet, repository } = await docSetOf({ 'sidebars.yaml': SIDEBARS, ...files });
  const sidebars = await buildSidebars(repository, docSet, new Date('2026-11-22T12:00:00Z'));
  expect(sidebars.problems).toEqual([]);
  return (id: string) => {
    const { sidebar, previous, next } = docNavigationOf(sidebars, docSet.byId.get(id)!, docSet);
    return { sidebar, previous: previous?.label, next: next?.label };
  };
}

describe('docNavigationOf', () => {
  it('names neighbours by pagination_label, else sidebar_label, else the title; a category by its doc', async () => {
    const of = await navigation({
      'general/a.md': page({ title: 'A' }),
      'general/b.md': page({ title: 'B', pagination_label: 'B for paging', sidebar_label: 'B in sidebar' }),
      'general/c.md': page({ title: 'C', sidebar_label: 'C in sidebar' }),
      'general/d.md': page({ title: 'D' }),
      'general/e.md': page({ title: 'E' }),
    });
    expect(of('a')).toEqual({ sidebar: 'first', previous: undefined, next: 'B for paging' });
    expect(of('c')).toEqual({ sidebar: 'first', previous: 'B for paging', next: undefined });
    expect(of('e')).toEqual({ sidebar: 'second', previous: 'D', next: undefined });
  });

  it('shows the sidebar displayed_sidebar names, or none with null', async () => {
    const of = await navigation({
      'general/a.md': page({ title: 'A' }),
      'general/b.md': page({ title: 'B', displayed_sidebar: 'second' }),
      'general/c.md': page({ title: 'C', displayed_sidebar: 'null' }),
      'general/d.md': page({ title: 'D' }),
      'general/e.md': page({ title: 'E' }),
    });
    expect(of('b')).toEqual({ sidebar: 'second', previous: undefined, next: 'D' });
    expect(of('c')).toEqual({ sidebar: undefined, previous: undefined, next: undefined });
  });
});
