import fs from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { localesToTry, themeTranslations } from './theme-translations.js';

/** A file of the package, as Docusaurus's themes read it. */
const packageFile = (locale: string, name: string) =>
  JSON.parse(fs.readFileSync(createRequire(import.meta.url).resolve(`@docusaurus/theme-translations/locales/${locale}/${name}`), 'utf8')) as Record<string, string>;

describe('themeTranslations', () => {
  it('tries the locale, its region, its script, then its language, as Docusaurus does', () => {
    expect(localesToTry('zh-cn')).toEqual(['zh-cn', 'zh-CN', 'zh-Hans', 'zh']);
    expect(localesToTry('pt')).toEqual(['pt', 'pt-BR', 'pt-Latn']);
    expect(localesToTry('fr')).toEqual(['fr', 'fr-FR', 'fr-Latn']);
  });

  it("gives a locale Docusaurus's messages for the theme and the search bar, by the first folder that has them", () => {
    const fr = themeTranslations('fr');
    expect(fr.get('theme.common.editThisPage')).toBe(packageFile('fr', 'theme-common.json')['theme.common.editThisPage']);
    expect(fr.get('theme.SearchBar.label')).toBe(packageFile('fr', 'theme-search-algolia.json')['theme.SearchBar.label']);
    expect(themeTranslations('zh-cn').get('theme.docs.paginator.next')).toBe(packageFile('zh-Hans', 'theme-common.json')['theme.docs.paginator.next']);
    expect([...fr.keys()].some((id) => id.endsWith('___DESCRIPTION'))).toBe(false);
  });

  it('gives none for English, a locale it has no file for, or a locale that is not a plain tag', () => {
    expect(themeTranslations('en').size).toBe(0);
    expect(themeTranslations('xx-unknown').size).toBe(0);
    expect(themeTranslations('../../../../etc').size).toBe(0);
    expect(themeTranslations('fr/../de').size).toBe(0);
  });
});
