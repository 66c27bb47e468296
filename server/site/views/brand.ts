// The site's brand as every page shows it (issue 36), from the default commit's configuration (or
// the operator's): the navbar's logo and title, the palette and fonts as CSS, the fonts the first
// screen needs preloaded, the footer's columns and copyright. Made once per configuration.
import type { FontConfig } from '../../config/brand-config.js';
import { paletteOf } from '../../config/brand-palette.js';
import type { SiteConfig } from '../../config/site-config.js';
import { safeHref, sanitizeHtml } from '../../markdown/sanitize.js';
import { brandCss, FONT_MEDIA, fontFormat, staticUrl } from './brand-css.js';

/** A font file to preload, on every page or on the landing page only. */
export interface FontPreload {
  href: string;
  type: string;
  media: string;
  /** Only the landing page shows it (the `title` font). */
  homeOnly: boolean;
}

/** A link of a footer column, or HTML of its own. */
export interface FooterLink {
  label: string;
  href: string;
  /** A link to another site (a plain `<a>`, not the app's router). */
  external: boolean;
  /** Sanitized HTML in place of the link (the classic theme's `{html}` item). */
  html?: string;
}

/** What the pages show of the brand. */
export interface BrandView {
  /** The site title: the landing page's heading and the home link's name when the navbar shows none. */
  siteTitle: string;
  /** The navbar's text beside the logo ('' when the logo says it). */
  navbarTitle: string;
  /** Sizes are pixels, or a CSS length as the config wrote it (`'100%'`, `'2rem'`). */
  logo: { src: string; srcDark: string | null; alt: string; width: number | string | null; height: number | string; href: string | null } | null;
  tagline: string | null;
  /** The palette and fonts, for a `<style>` after site.css ('' when the brand sets neither). */
  css: string;
  preloads: FontPreload[];
  /** The browser's UI colour (`<meta name="theme-color">`). */
  themeColor: string;
  /** A brand text font sets the navbar's labels: its width estimate stays on the safe side (app/lib/navbar-fit.ts). */
  brandFont: boolean;
  footer: {
    style: 'light' | 'dark';
    columns: { title: string | null; links: FooterLink[] }[];
    copyright: string | null;
    logo: { src: string; srcDark: string | null; alt: string; href: string | null; width: number | string | null; height: number | string | null } | null;
  };
}

/** A size in pixels from a number or Docusaurus's `'35px'`; another CSS length as it is (`'100%'`). */
const pixels = (value: number | string | undefined) => (value === undefined ? null : /^[\d.]+(px)?$/.test(String(value)) ? Number.parseFloat(String(value)) : String(value));

/** The first file of a family's normal style (what the first screen draws), as a preload. */
function preloadOf(font: FontConfig | undefined, homeOnly: boolean): FontPreload[] {
  const file = font?.files.find((candidate) => candidate.style === 'normal');
  return file ? [{ href: staticUrl(file.src), type: fontFormat(file.src).type, media: FONT_MEDIA, homeOnly }] : [];
}

/** The footer's columns with their links made safe: site paths get their leading `/`, other links pass safeHref or are dropped. */
function footerOf(config: SiteConfig): BrandView['footer'] {
  const footer = config.footer;
  const columns = (footer?.links ?? []).map((column) => ({
    title: column.title ?? null,
    links: column.items.flatMap((item): FooterLink[] => {
      if ('html' in item) return [{ label: '', href: '', external: false, html: sanitizeHtml(item.html) }];
      if (item.to) return [{ label: item.label, href: `/${item.to.replace(/^\//, '')}`, external: false }];
      const href = safeHref(item.href ?? '');
      return href ? [{ label: item.label, href, external: true }] : [];
    }),
  }));
  const logo = footer?.logo;
  return {
    style: footer?.style ?? 'light',
    columns,
    copyright: footer?.copyright ? sanitizeHtml(footer.copyright) : null,
    logo: logo
      ? {
          src: staticUrl(logo.src),
          srcDark: logo.srcDark ? staticUrl(logo.srcDark) : null,
          alt: logo.alt ?? '',
          href: logo.href ? (safeHref(logo.href) ?? null) : null,
          width: pixels(logo.width),
          height: pixels(logo.height),
        }
      : null,
  };
}

/** The brand of a configuration, with fonts or without (lite mode: system fonts, no font request). */
function makeBrand(config: SiteConfig, withFonts: boolean): BrandView {
  const palette = paletteOf(config.colors);
  const fonts = withFonts ? (config.fonts ?? []) : [];
  const navbarTitle = config.navbar.title ?? config.title;
  const logo = config.navbar.logo;
  const text = fonts.find((font) => font.use === 'text');
  return {
    siteTitle: config.title,
    navbarTitle,
    logo: logo
      ? {
          src: staticUrl(logo.src),
          srcDark: logo.srcDark ? staticUrl(logo.srcDark) : null,
          // As Docusaurus: a logo beside a title is decoration; alone, it names the site.
          alt: logo.alt ?? (navbarTitle ? '' : config.title),
          width: pixels(logo.width),
          height: pixels(logo.height) ?? 32,
          // Where the logo links when the config says (another site's home, say); safeHref drops what could run script.
          href: logo.href ? (safeHref(logo.href) ?? null) : null,
        }
      : null,
    tagline: config.tagline ?? null,
    css: brandCss(palette, fonts, withFonts),
    preloads: [
      ...preloadOf(text, false),
      ...preloadOf(fonts.find((font) => font.use === 'headings') ?? text, false),
      ...preloadOf(
        fonts.find((font) => font.use === 'title'),
        true,
      ),
    ].filter((preload, index, all) => all.findIndex((other) => other.href === preload.href) === index),
    themeColor: palette?.light.primary ?? '#0b5cb8',
    brandFont: Boolean(text),
    footer: footerOf(config),
  };
}

const made = new WeakMap<SiteConfig, { full: BrandView; lite: BrandView }>();

/** The brand of a configuration (configurations are cached objects: each is worked out once). */
export function brandOf(config: SiteConfig, lite: boolean): BrandView {
  let brand = made.get(config);
  if (!brand) made.set(config, (brand = { full: makeBrand(config, true), lite: makeBrand(config, false) }));
  return lite ? brand.lite : brand.full;
}
