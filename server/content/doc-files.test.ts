// Docusaurus's include/exclude rules: partials, tests and anything an author's `exclude` names are
// not pages, and an `exclude` given replaces the defaults, as in Docusaurus.
import { describe, expect, it } from 'vitest';
import { docFileMatcher, globToRegExp } from './doc-files.js';

describe('docFileMatcher', () => {
  it("leaves out Docusaurus's default excludes and keeps Markdown and MDX pages", () => {
    const isDoc = docFileMatcher();
    for (const page of ['intro.md', 'guide/setup.mdx', 'a/b/c.MD', 'not_partial.md']) expect(isDoc(page), page).toBe(true);
    for (const other of ['_partial.md', 'guide/_notes.mdx', '_partials/x.md', 'a/_drafts/b/c.md', 'a/__tests__/x.md', 'image.png', 'x.test.js']) {
      expect(isDoc(other), other).toBe(false);
    }
  });

  it('applies an exclude given instead of the defaults, and an include', () => {
    const isDoc = docFileMatcher({ exclude: ['**/internal/**', 'CONTRIBUTING.md'] });
    expect(isDoc('internal/notes.md')).toBe(false);
    expect(isDoc('CONTRIBUTING.md')).toBe(false);
    expect(isDoc('team/CONTRIBUTING.md')).toBe(true);
    expect(isDoc('_partial.md')).toBe(true);
    expect(docFileMatcher({ include: ['guides/**/*.md'] })('intro.md')).toBe(false);
  });

  it('reads globs as globby does', () => {
    expect(globToRegExp('**/*.{md,mdx}').test('a.mdx')).toBe(true);
    expect(globToRegExp('*.md').test('a/b.md')).toBe(false);
    expect(globToRegExp('a?.md').test('ab.md')).toBe(true);
  });
});
