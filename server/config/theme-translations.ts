// The classic theme's translation files of the site's default locale
// (`i18n/{locale}/docusaurus-theme-classic/navbar.json` and `footer.json`), laid over the navbar and
// footer as Docusaurus's build does: a site may write its English labels there (`item.label.blog`:
// "Blog"). Keys are the theme's: `title`, `logo.alt`, `item.label.{label}`; `link.title.{title}`,
// `link.item.label.{label}`, `copyright`.
import type { Messages } from '../docs/translations.js';
import type { SiteConfig } from './site-config.js';

/** The translation files of the classic theme, in the default locale's folder (`{siteDir}/i18n/en`). */
export function themeTranslationFiles(localeDir: string): { navbar: string; footer: string } {
  return { navbar: `${localeDir}/docusaurus-theme-classic/navbar.json`, footer: `${localeDir}/docusaurus-theme-classic/footer.json` };
}

/** A label translated by `key`'s message, else as it is. */
function translated<T extends string | undefined>(messages: Messages, key: string, label: T): T {
  return (label === undefined ? label : (messages.get(key) ?? label)) as T;
}

/** A navbar item (and a dropdown's items) with its label translated. */
function navbarItem<T extends { label?: string; items?: unknown[] }>(item: T, messages: Messages): T {
  const label = translated(messages, `item.label.${item.label}`, item.label);
  const items = Array.isArray(item.items) ? item.items.map((entry) => navbarItem(entry as T, messages)) : item.items;
  return { ...item, label, items };
}

/** The site configuration's navbar and footer with the default locale's labels. */
export function translateTheme(config: SiteConfig, navbar: Messages, footer: Messages): SiteConfig {
  if (!navbar.size && !footer.size) return config;
  const logo = config.navbar.logo && { ...config.navbar.logo, alt: translated(navbar, 'logo.alt', config.navbar.logo.alt) };
  const items = config.navbar.items?.map((item) => navbarItem(item as { label?: string; items?: unknown[] }, navbar) as typeof item);
  const siteFooter = config.footer && {
    ...config.footer,
    copyright: translated(footer, 'copyright', config.footer.copyright),
    logo: config.footer.logo && { ...config.footer.logo, alt: translated(footer, 'logo.alt', config.footer.logo.alt) },
    links: config.footer.links.map((column) => ({
      ...column,
      title: translated(footer, `link.title.${column.title}`, column.title),
      items: column.items.map((item) => ('label' in item ? { ...item, label: translated(footer, `link.item.label.${item.label}`, item.label) } : item)),
    })),
  };
  return { ...config, navbar: { ...config.navbar, title: translated(navbar, 'title', config.navbar.title), logo, items }, footer: siteFooter };
}
