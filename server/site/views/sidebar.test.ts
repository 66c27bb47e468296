import { describe, expect, it } from 'vitest';
import { docSetOf, page } from '../../content/sidebars/test-support.js';
import type { SidebarItem } from '../../content/sidebars/types.js';
import { navItems, sidebarNodes } from './sidebar.js';

describe('sidebar views', async () => {
  const { docSet } = await docSetOf({ 'general/intro.md': page({ title: 'Introduction', sidebar_label: 'Intro' }), 'general/guide/index.md': page({ title: 'Guide' }) });
  const items: SidebarItem[] = [
    { type: 'doc', id: 'intro' },
    { type: 'html', value: '<hr><img src=x onerror=alert(1)' },
    { type: 'link', href: ' javascript:alert(1)', label: 'Bad' },
    { type: 'link', href: '/general/intro#top', label: 'Authored' },
    { type: 'category', label: 'Guide', collapsed: false, collapsible: true, link: { type: 'doc', id: 'guide/index' }, items: [{ type: 'doc', id: 'intro', label: 'Again' }] },
  ];

  it('links on the reader ref, sanitizes html, and drops script links', () => {
    expect(sidebarNodes(items, docSet, '/general/~feature%2Fx')).toEqual([
      { type: 'link', label: 'Intro', href: '/general/~feature%2Fx/intro', docId: 'intro', unlisted: false },
      { type: 'html', label: '', value: '<hr>' },
      { type: 'link', label: 'Bad', href: undefined, unlisted: false },
      { type: 'link', label: 'Authored', href: '/general/~feature%2Fx/intro#top', unlisted: false },
      {
        type: 'category',
        label: 'Guide',
        href: '/general/~feature%2Fx/guide',
        docId: 'guide/index',
        unlisted: false,
        collapsible: true,
        collapsed: false,
        // Front matter sidebar_label wins over the item's label, as in Docusaurus.
        items: [{ type: 'link', label: 'Intro', href: '/general/~feature%2Fx/intro', docId: 'intro', unlisted: false }],
      },
    ]);
  });

  it('compacts nodes for the page shell', () => {
    const compact = navItems(sidebarNodes(items, docSet, '/general'));
    expect(compact[1]).toEqual({ label: '', html: '<hr>' });
    expect(compact[2]).toEqual({ label: 'Bad' });
    expect(compact[4]).toEqual({ label: 'Guide', href: '/general/guide', items: [{ label: 'Intro', href: '/general/intro' }], expanded: true });
  });
});
