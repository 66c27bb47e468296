// Which file a doc's edit link opens, as Docusaurus's getDocEditUrl picks it.
import { describe, expect, it } from 'vitest';
import { editPathOf } from './edit-url.js';

const instance = { path: 'docs', translations: 'i18n/zh/docusaurus-plugin-content-docs' };
const translated = { sourcePath: 'i18n/zh/docusaurus-plugin-content-docs/version-2.0/a/x.md', relativePath: 'a/x.md', translationOf: 'versioned_docs/version-2.0/a/x.md' };

describe('editPathOf', () => {
  it("opens a translation's original unless editLocalizedFiles, then the translation", () => {
    expect(editPathOf(instance, translated)).toBe('versioned_docs/version-2.0/a/x.md');
    expect(editPathOf({ ...instance, editLocalizedFiles: true }, translated)).toBe(translated.sourcePath);
  });

  it("opens the current version's file, or its translation, with editCurrentVersion", () => {
    expect(editPathOf({ ...instance, editCurrentVersion: true }, translated)).toBe('docs/a/x.md');
    expect(editPathOf({ ...instance, editCurrentVersion: true, editLocalizedFiles: true }, translated)).toBe('i18n/zh/docusaurus-plugin-content-docs/current/a/x.md');
  });

  it('opens a page with no translation, or of the default locale, at its own file', () => {
    expect(editPathOf({ ...instance, editLocalizedFiles: true }, { sourcePath: 'docs/a/x.md', relativePath: 'a/x.md' })).toBe('docs/a/x.md');
  });
});
