// The locale rules of Docusaurus's i18n (loadI18n, getDefaultLocaleConfig, localizePath) as docsite applies them.
import { describe, expect, it } from 'vitest';
import { parseSiteConfig, instancesOf, type SiteConfig } from './site-config.js';
import { localeInfo, localeNames, localeOfPath, localizedConfig, pathInLocale, siteLocales } from './locales.js';

/** A configuration as docsite.yaml would give it, with `i18n` and what else the case needs. */
function config(extra: Record<string, unknown>): SiteConfig {
  return parseSiteConfig(JSON.stringify({ docs: { path: 'docs', base: 'docs' }, ...extra }));
}

const I18N = { defaultLocale: 'en', locales: ['en', 'zh-Hans', 'fa'], localeConfigs: { 'zh-Hans': { label: '简体中文', path: 'zh', htmlLang: 'zh-CN' } } };

describe('locales', () => {
  it('puts the default locale at the base URL and every other below it by its name, its files in its path', () => {
    const site = config({ i18n: I18N, baseUrl: '/project/', siteDir: 'website' });
    expect(siteLocales(site).map(({ locale, baseUrl, dir }) => [locale, baseUrl, dir])).toEqual([
      ['en', '/project/', 'website/i18n/en'],
      // The URL is the locale's name: `path` names its folder only (localizePath).
      ['zh-Hans', '/project/zh-Hans/', 'website/i18n/zh'],
      ['fa', '/project/fa/', 'website/i18n/fa'],
    ]);
  });

  it("gives Docusaurus's defaults: the language's own name, its direction, the locale as htmlLang", () => {
    const site = config({ i18n: I18N });
    expect(localeInfo(site, 'en')).toMatchObject({ label: 'English', direction: 'ltr', htmlLang: 'en', isDefault: true });
    expect(localeInfo(site, 'zh-Hans')).toMatchObject({ label: '简体中文', direction: 'ltr', htmlLang: 'zh-CN', isDefault: false });
    expect(localeInfo(site, 'fa')).toMatchObject({ label: 'فارسی', direction: 'rtl', htmlLang: 'fa' });
  });

  it("takes a locale's own baseUrl (Docusaurus 3.8) and adds the default locale a list lacks", () => {
    const site = config({ i18n: { defaultLocale: 'en', locales: ['fr'], localeConfigs: { fr: { baseUrl: '/fr-FR/' } } } });
    expect(localeNames(site)).toEqual(['en', 'fr']);
    expect(localeInfo(site, 'fr').baseUrl).toBe('/fr-FR/');
  });

  it('finds the locale of a path by the longest base URL it is under', () => {
    const site = config({ i18n: I18N });
    expect(localeOfPath(site, '/zh-Hans/docs/x').locale).toBe('zh-Hans');
    expect(localeOfPath(site, '/zh-Hans').locale).toBe('zh-Hans');
    expect(localeOfPath(site, '/zh-Hansel/x').locale).toBe('en');
    expect(localeOfPath(site, '/docs/x').locale).toBe('en');
  });

  it('names the same page in another locale by swapping base URLs, previews and versions kept', () => {
    const site = config({ i18n: I18N });
    expect(pathInLocale(site, '/docs/~feature%2Fx/5.2/intro', 'fa')).toBe('/fa/docs/~feature%2Fx/5.2/intro');
    expect(pathInLocale(site, '/fa/docs/intro', 'en')).toBe('/docs/intro');
    expect(pathInLocale(site, '/fa/', 'zh-Hans')).toBe('/zh-Hans/');
    expect(pathInLocale(site, '/fa', 'en')).toBe('/');
  });

  it("makes a locale's configuration the site at its base URL: its docs routed and its navbar links moved there", () => {
    const site = config({
      i18n: I18N,
      navbar: {
        items: [
          { to: '/docs/intro', label: 'Docs' },
          { href: 'https://example.org', label: 'Out' },
        ],
      },
    });
    const fa = localizedConfig(site, 'fa');
    expect(fa.baseUrl).toBe('/fa/');
    expect(fa.navbar.items).toEqual([expect.objectContaining({ to: '/fa/docs/intro' }), expect.objectContaining({ href: 'https://example.org' })]);
    const [instance] = instancesOf(fa);
    expect([instance.base, instance.locale, instance.translations]).toEqual(['fa/docs', 'fa', 'i18n/fa/docusaurus-plugin-content-docs']);
    // The same rules from the locale's own configuration: its locales are placed from the site's base URL.
    expect(localeInfo(fa, 'zh-Hans').baseUrl).toBe('/zh-Hans/');
    expect(pathInLocale(fa, '/fa/docs/intro', 'en')).toBe('/docs/intro');
    expect(localizedConfig(site, 'en')).toBe(site);
  });
});
