import { describe, expect, it } from 'vitest';
import { sidebarHtml } from './sidebar-html.js';
import type { NavItem } from './sidebar.js';

describe('sidebarHtml', () => {
  const items: NavItem[] = [
    { label: 'Intro <b>', href: '/general/intro' },
    { label: '', html: '<hr>' },
    {
      label: 'Guide',
      href: '/general/guide',
      items: [
        { label: 'Deep', items: [{ label: 'With space', href: '/general/with%20space' }] },
        { label: 'Other', href: '/general/other' },
      ],
    },
    { label: 'Open', items: [{ label: 'X', href: 'https://example.org/x' }], expanded: true },
    { label: 'Fixed', items: [{ label: 'Y', href: '/general/y' }], fixed: true },
  ];

  it('marks the current page (decoded, and as Infima marks it: menu__link--active) and opens every category around it, and only those', () => {
    const html = sidebarHtml(items, '/general/with space');
    expect(html).toContain('<a class="menu__link menu__link--active" href="/general/with%20space" aria-current="page">With space</a>');
    expect(html.match(/aria-current/g)).toHaveLength(1);
    // Guide (linked: its toggle beside the link) and Deep (a summary label) open; Open is expanded by configuration.
    expect(html).toContain(
      '<div class="sidebar-category linked"><a class="menu__link" href="/general/guide">Guide</a><details open><summary aria-label="Guide: show pages"></summary>',
    );
    expect(html).toContain('<details class="sidebar-category" open><summary><span>Deep</span></summary>');
    expect(html).toContain('<details class="sidebar-category" open><summary><span>Open</span></summary>');
    expect(html).toContain(
      '<div class="sidebar-category"><div class="sidebar-category-label"><span>Fixed</span></div><ul class="menu__list"><li class="menu__list-item"><a class="menu__link" href="/general/y">Y</a>',
    );
  });

  it('keeps categories closed away from the current page, escapes labels, and passes sanitized html items', () => {
    const html = sidebarHtml(items, '/general/y');
    expect(html).toContain('<details><summary aria-label="Guide: show pages"></summary>');
    expect(html).toContain('Intro &#x3C;b>');
    expect(html).toContain('<div class="sidebar-html"><hr></div>');
    expect(html).toContain('<a class="menu__link" href="https://example.org/x">X</a>');
  });

  it("puts an item's className (Docusaurus's sidebar_class_name) on its entry, escaped", () => {
    const html = sidebarHtml([{ label: 'Styled', href: '/general/s', className: 'new-badge "><script>' }], '/general/x');
    // The quote is escaped, so the value cannot leave its attribute.
    expect(html).toContain('<li class="menu__list-item new-badge &#x22;><script>"><a class="menu__link" href="/general/s">Styled</a></li>');
  });
});
