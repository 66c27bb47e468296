import { describe, expect, it } from 'vitest';
import { parseFrontMatter } from './front-matter.js';

describe('front matter', () => {
  it('reads YAML, with numbers as YAML 1.2 reads them', () => {
    const parsed = parseFrontMatter('---\ntitle: A page\nsidebar_position: -08\nmoodleVersion: "3.10"\n---\n\nBody\n', 'a.md');
    expect(parsed.data).toEqual({ title: 'A page', sidebar_position: -8, moodleVersion: '3.10' });
    expect(parsed.error).toBeUndefined();
  });

  it('is empty for a page without front matter', () => {
    expect(parseFrontMatter('Just text\n', 'a.md')).toEqual({ data: {} });
  });

  it.each([
    ['an unclosed list', '---\ntitle: Broken\ntags: [unclosed\n---\n', 3],
    ['an unclosed quote', '---\ntitle: ok\ndescription: "unclosed\n---\n', 3],
    ['a tab', '---\ntitle: ok\ndescription:\n\t- x\n---\n', 4],
  ])('names the line of %s in the file', (_, source, line) => {
    const { data, error } = parseFrontMatter(source, 'general/x.md');
    expect(data).toEqual({});
    expect(error).toMatchObject({ file: 'general/x.md', line, message: expect.stringMatching(/^Invalid front matter: /) });
  });

  it('rejects front matter that is not a map', () => {
    expect(parseFrontMatter('---\n- a\n- b\n---\n', 'x.md').error?.message).toMatch(/expected a map/);
  });
});

describe('front matter fields of the wrong type', async () => {
  const { docSetOf, page } = await import('./sidebars/test-support.js');
  it('are a problem naming the file, line and field, and the page keeps what it can read', async () => {
    const { docSet } = await docSetOf({
      'general/a.md': '---\ntitle: A\nsidebar_position: "-08"\ntags:\n  - label: Objects\n    permalink: /objects\ntoc_max_heading_level: nine\n---\n\nText.\n',
      'general/b.md': page({ title: 'B' }),
    });
    const a = docSet.byId.get('a')!;
    expect(a.error).toEqual({ code: 'front-matter', file: 'general/a.md', line: 7, message: expect.stringContaining('toc_max_heading_level') });
    expect(a.title).toBe('A');
    expect(a.sidebarPosition).toBe(-8);
    expect(a.tags).toEqual(['Objects']);
    expect(docSet.byId.get('b')!.error).toBeUndefined();
  });
});
