// The site's locales as Docusaurus's i18n has them (packages/docusaurus/src/server/i18n.ts: loadI18n,
// getDefaultLocaleConfig, localizePath): each locale is the whole site again at its own base URL,
// the default locale at the site's `baseUrl`, every other at `{baseUrl}{locale}/` (or its
// `localeConfigs[l].baseUrl`), its translation files in `{siteDir}/{i18n.path}/{localeConfigs[l].path ?? l}`.
// A locale's site is the configuration with its base URL localized (Docusaurus's loadContext sets
// `siteConfig.baseUrl` to the localized one), so every route and link of it lands under the prefix.
import type { SiteConfig } from './site-config.js';

/** What locales are worked out of. */
export type SiteLocales = Pick<SiteConfig, 'i18n' | 'baseUrl' | 'siteDir' | 'siteBaseUrl'>;

/** One locale as the theme shows it: Docusaurus's `I18nLocaleConfig` with its defaults. */
export interface LocaleInfo {
  locale: string;
  /** The locale menu's label: `localeConfigs[l].label`, else the language's own name (`Intl.DisplayNames`), as Docusaurus's getDefaultLocaleLabel. */
  label: string;
  direction: 'ltr' | 'rtl';
  /** `<html lang>` and `hreflang`. */
  htmlLang: string;
  /** The base URL of the locale's site, starting and ending with `/`. */
  baseUrl: string;
  /** The folder of its translation files in the repository (`website/i18n/zh`). */
  dir: string;
  isDefault: boolean;
}

/** Languages written right to left (the list of rtl-detect, which Docusaurus's getLangDir uses). */
const RTL_LANGUAGES = new Set(['ar', 'arc', 'ckb', 'dv', 'fa', 'ha', 'he', 'khw', 'ks', 'ku', 'ps', 'sd', 'ur', 'yi']);

/** The default locale (`en` when the config names none). */
export function defaultLocaleOf(config: Pick<SiteConfig, 'i18n'>): string {
  return config.i18n?.defaultLocale ?? 'en';
}

/** Every locale of the site in `i18n.locales` order, the default one added when the list lacks it (Docusaurus fails there; docsite serves on). */
export function localeNames(config: Pick<SiteConfig, 'i18n'>): string[] {
  const locales = config.i18n?.locales ?? [];
  const fallback = defaultLocaleOf(config);
  return [...new Set(locales.includes(fallback) ? locales : [fallback, ...locales])];
}

/** The language's name in itself, first letter capitalised (Docusaurus's getDefaultLocaleLabel); the code when Intl does not know it. */
function defaultLabel(locale: string): string {
  try {
    const name = new Intl.DisplayNames([locale], { type: 'language' }).of(locale) ?? locale;
    return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
  } catch {
    return locale;
  }
}

/** A path made to start and end with one `/` (`zh` and `/zh` are `/zh/`). */
function asBaseUrl(path: string): string {
  const trimmed = path.replace(/^\/+|\/+$/g, '');
  return trimmed ? `/${trimmed}/` : '/';
}

/** One locale with Docusaurus's defaults for what its `localeConfigs` entry leaves out. */
export function localeInfo(config: SiteLocales, locale: string): LocaleInfo {
  const own = config.i18n?.localeConfigs[locale] ?? {};
  const isDefault = locale === defaultLocaleOf(config);
  // A locale's configuration keeps the site's own base URL: locales are placed from that one.
  const siteBaseUrl = config.siteBaseUrl ?? config.baseUrl ?? '/';
  // localizePath: the default locale is not localized; any other goes below the site's base URL by its name.
  const baseUrl = typeof own.baseUrl === 'string' ? asBaseUrl(own.baseUrl) : isDefault ? siteBaseUrl : `${siteBaseUrl}${locale}/`;
  const language = locale.split(/[-_]/)[0].toLowerCase();
  return {
    locale,
    label: own.label ?? defaultLabel(locale),
    direction: own.direction ?? (RTL_LANGUAGES.has(language) ? 'rtl' : 'ltr'),
    htmlLang: own.htmlLang ?? locale,
    baseUrl,
    dir: [config.siteDir, config.i18n?.path ?? 'i18n', own.path ?? locale].filter(Boolean).join('/'),
    isDefault,
  };
}

/** Every locale of the site with its defaults, in `i18n.locales` order. */
export function siteLocales(config: SiteLocales): LocaleInfo[] {
  return localeNames(config).map((locale) => localeInfo(config, locale));
}

/** The locale a configuration serves: its `locale` (set by `localizedConfig`), else the default one. */
export function currentLocaleOf(config: Pick<SiteConfig, 'i18n' | 'locale'>): string {
  return config.locale ?? defaultLocaleOf(config);
}

/** A site path (`/project/docs/x`) moved from one base URL to another (`/project/zh/docs/x`); a path outside `from` is returned as it is. */
export function rebasePath(path: string, from: string, to: string): string {
  if (from === to) return path;
  if (path === from.replace(/\/$/, '') || path === from) return to;
  return path.startsWith(from) ? to + path.slice(from.length) : path;
}

/** A link of the navbar or footer (`to`, `activeBasePath`) on the locale's base URL, as the classic theme's Link puts baseUrl before it. */
function rebaseLink<T>(item: T, from: string, to: string): T {
  if (!item || typeof item !== 'object') return item;
  const out: Record<string, unknown> = { ...(item as Record<string, unknown>) };
  for (const key of ['to', 'activeBasePath'] as const) if (typeof out[key] === 'string') out[key] = rebasePath(out[key] as string, from, to);
  for (const key of ['items', 'dropdownItemsBefore', 'dropdownItemsAfter'] as const)
    if (Array.isArray(out[key])) out[key] = (out[key] as unknown[]).map((entry) => rebaseLink(entry, from, to));
  return out as T;
}

/**
 * The site configuration of one locale: its base URL localized (so its docs, blogs and pages are
 * routed below it) and the navbar's and footer's site links moved there. The default locale's is the
 * configuration itself.
 */
export function localizedConfig(config: SiteConfig, locale: string): SiteConfig {
  const info = localeInfo(config, locale);
  const from = config.siteBaseUrl ?? config.baseUrl ?? '/';
  if (info.isDefault && info.baseUrl === from) return config;
  const footer = config.footer && {
    ...config.footer,
    links: config.footer.links.map((column) => ({ ...column, items: column.items.map((item) => rebaseLink(item, from, info.baseUrl)) })),
  };
  return {
    ...config,
    locale,
    siteBaseUrl: from,
    baseUrl: info.baseUrl === '/' ? undefined : info.baseUrl,
    navbar: { ...config.navbar, items: config.navbar.items?.map((item) => rebaseLink(item, from, info.baseUrl)) },
    footer,
  };
}

/** The locale whose base URL a path is under: the longest that matches, else the default locale. */
export function localeOfPath(config: SiteLocales, pathname: string): LocaleInfo {
  const locales = siteLocales(config);
  const under = locales.filter((info) => pathname === info.baseUrl.replace(/\/$/, '') || pathname.startsWith(info.baseUrl));
  return under.sort((a, b) => b.baseUrl.length - a.baseUrl.length)[0] ?? locales.find((info) => info.isDefault)!;
}

/**
 * The same page in another locale: the path with the reading locale's base URL swapped for the
 * other's, as the classic theme's locale menu and hreflang links do (useAlternatePageUtils `createUrl`).
 */
export function pathInLocale(config: SiteLocales, pathname: string, locale: string): string {
  const from = localeOfPath(config, pathname);
  return rebasePath(pathname, from.baseUrl, localeInfo(config, locale).baseUrl);
}
