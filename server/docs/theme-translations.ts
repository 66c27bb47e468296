// The classic theme's own strings in a locale ("On this page", "Next", the version banners), as
// Docusaurus translates them: `@docusaurus/theme-translations`, the package its themes read their
// default messages from, by the locales Docusaurus tries for a site's locale (`zh-cn` → `zh-CN`,
// `zh-Hans`, `zh`). A site's `i18n/{locale}/code.json` comes after these (theme-strings.ts).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** The package's files docsite reads: the theme's common strings and the search bar's. */
const FILES = ['theme-common.json', 'theme-search-algolia.json'];

/** Each locale's messages, read once per process (about 10 KB a locale). */
const byLocale = new Map<string, ReadonlyMap<string, string>>();

/** The locales Docusaurus tries for a site's locale, in order (theme-translations' `codeTranslationLocalesToTry`). */
export function localesToTry(locale: string): string[] {
  try {
    const maximized = new Intl.Locale(locale).maximize();
    return [...new Set([locale, `${maximized.language}-${maximized.region}`, `${maximized.language}-${maximized.script}`, maximized.language])];
  } catch {
    // Not a BCP 47 tag: only the folder of that name.
    return [locale];
  }
}

/** The package's folder of locales; undefined when it is not installed. */
function localesFolder(): string | undefined {
  try {
    return path.join(path.dirname(createRequire(import.meta.url).resolve('@docusaurus/theme-translations/package.json')), 'locales');
  } catch {
    return undefined;
  }
}

/** Docusaurus's translation of the theme's strings for `locale`, by message id; none for English or a locale it has no file for. */
export function themeTranslations(locale: string): ReadonlyMap<string, string> {
  const known = byLocale.get(locale);
  if (known) return known;
  const folder = localesFolder();
  const messages = new Map<string, string>();
  for (const name of FILES) {
    // The first locale folder that has the file, as Docusaurus reads each theme's file.
    // A locale is a site's value: only a plain tag names a folder (no `..`, no slash).
    const tried = localesToTry(locale).filter((tag) => /^[A-Za-z0-9-]+$/.test(tag));
    const file = folder && tried.map((tag) => path.join(folder, tag, name)).find((candidate) => fs.existsSync(candidate));
    if (!file) continue;
    for (const [id, message] of Object.entries(JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>))
      if (typeof message === 'string' && !id.endsWith('___DESCRIPTION')) messages.set(id, message);
  }
  byLocale.set(locale, messages);
  return messages;
}
