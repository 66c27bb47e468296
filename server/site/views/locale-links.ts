// The page being read in every locale of the site (issue 57): the `<html lang dir>` of its locale,
// the `hreflang` alternates of its head and the classic theme's locale menu. The same page in
// another locale is the path with its locale's base URL swapped for the other's, as the classic
// theme's useAlternatePageUtils `createUrl` makes it (theme-common), fully qualified in the head
// as its SiteMetadata's AlternateLangHeaders write them (each locale's htmlLang, then `x-default`).
import type { SiteConfig } from '../../config/site-config.js';
import { currentLocaleOf, localeInfo, pathInLocale, siteLocales } from '../../config/locales.js';

/** One locale's version of the page being read. */
export interface LocaleLink {
  locale: string;
  label: string;
  /** Its `htmlLang`, for `hreflang`. */
  lang: string;
  href: string;
  current: boolean;
}

/** What the document's head and root element say of the page's locale. */
export interface LocaleHead {
  lang: string;
  dir: 'ltr' | 'rtl';
  /** `<link rel="alternate" hreflang>` of every locale and `x-default` (none for a site of one locale). */
  alternates: { hreflang: string; href: string }[];
}

/** The page at `pathname` (as requested, percent-encoded) in each locale of the site, in `i18n.locales` order. */
export function localeLinks(config: SiteConfig, pathname: string): LocaleLink[] {
  const current = currentLocaleOf(config);
  return siteLocales(config).map((info) => ({
    locale: info.locale,
    label: info.label,
    lang: info.htmlLang,
    href: pathInLocale(config, pathname, info.locale),
    current: info.locale === current,
  }));
}

/** The head's locale facts for the page at `pathname`: the locale's lang and direction, and the alternates at `origin`. */
export function localeHead(config: SiteConfig, pathname: string, origin: string): LocaleHead {
  const info = localeInfo(config, currentLocaleOf(config));
  const links = localeLinks(config, pathname);
  const fallback = links.find((link) => link.locale === (config.i18n?.defaultLocale ?? 'en'));
  const alternates =
    links.length > 1
      ? [...links.map((link) => ({ hreflang: link.lang, href: origin + link.href })), ...(fallback ? [{ hreflang: 'x-default', href: origin + fallback.href }] : [])]
      : [];
  return { lang: info.htmlLang, dir: info.direction, alternates };
}
