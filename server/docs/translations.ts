// Docusaurus's translation files of a docs instance (`i18n/{locale}/docusaurus-plugin-content-docs[-{id}]/`):
// per version, `current.json` or `version-{name}.json`, messages by key: `version.label`, and the
// sidebar labels `sidebar.{sidebar}.category.{key, else label}`, `.link.{…}`, `.doc.{…}`. The default
// locale's files apply to the site as Docusaurus builds it (a site writes its English labels there).
import type { SidebarItem } from '../content/sidebars/types.js';
import type { Problem } from '../problem.js';

/** A translation file's messages by key. */
export type Messages = ReadonlyMap<string, string>;

/** The folder of an instance's translation files in a locale's folder (`{siteDir}/i18n/{locale}`): `…/docusaurus-plugin-content-docs[-{id}]`. */
export function translationsFolder(instanceId: string, localeDir: string): string {
  return `${localeDir}/docusaurus-plugin-content-docs${instanceId === 'default' ? '' : `-${instanceId}`}`;
}

/** A locale's code translations (`<Translate>` and the theme's own strings): `{localeDir}/code.json`. */
export function codeTranslationsFile(localeDir: string): string {
  return `${localeDir}/code.json`;
}

/** The translation file of one version in that folder: `current.json`, `version-5.2.json`. */
export function versionTranslationsFile(folder: string, version: string): string {
  return `${folder}/${version === 'current' ? 'current' : `version-${version}`}.json`;
}

/**
 * The folder of one version's translated docs in a locale's instance folder: `current/`,
 * `version-5.2/` (Docusaurus's getDocsDirPathLocalized), whose files override the doc of the same relative path.
 */
export function localizedDocsFolder(folder: string, version: string): string {
  return `${folder}/${version === 'current' ? 'current' : `version-${version}`}`;
}

/** A translation file's text as messages by key; a file that is not such JSON gives none. */
export function readMessages(text: string | undefined): Messages {
  return messagesOf(text, '', []);
}

/**
 * A translation file's messages, as `readMessages`; a file that is not an object of messages gives
 * none and a problem naming it, so its labels alone fall back to the untranslated ones.
 */
export function messagesOf(text: string | undefined, file: string, problems: Problem[]): Messages {
  if (text === undefined) return new Map();
  const refuse = (why: string) => {
    problems.push({ code: 'translations', file, message: `${why}: its messages are left out, the untranslated labels stand in` });
    return new Map<string, string>();
  };
  try {
    const parsed = JSON.parse(text) as unknown;
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return refuse('not a JSON object of messages');
    return new Map(
      Object.entries(parsed).flatMap(([key, entry]) => {
        const message = entry && typeof entry === 'object' ? (entry as { message?: unknown }).message : undefined;
        return typeof message === 'string' ? [[key, message]] : [];
      }),
    );
  } catch (error) {
    return refuse(`not JSON (${error instanceof Error ? error.message : String(error)})`);
  }
}

/**
 * A sidebar's items with their labels translated as Docusaurus's `translateSidebars` does:
 * categories (and a generated index's title and description), links, and docs whose label the
 * sidebars file gave.
 */
export function translateSidebarItems(items: readonly SidebarItem[], sidebar: string, messages: Messages): SidebarItem[] {
  if (!messages.size) return [...items];
  return items.map((item): SidebarItem => {
    if (item.type === 'category') {
      const key = `sidebar.${sidebar}.category.${item.key ?? item.label}`;
      const link =
        item.link?.type === 'generated-index'
          ? {
              ...item.link,
              title: messages.get(`${key}.link.generated-index.title`) ?? item.link.title,
              description: messages.get(`${key}.link.generated-index.description`) ?? item.link.description,
            }
          : item.link;
      return { ...item, label: messages.get(key) ?? item.label, link, items: translateSidebarItems(item.items, sidebar, messages) };
    }
    if (item.type === 'link') return { ...item, label: messages.get(`sidebar.${sidebar}.link.${item.key ?? item.label}`) ?? item.label };
    if ((item.type === 'doc' || item.type === 'ref') && item.label !== undefined)
      return { ...item, label: messages.get(`sidebar.${sidebar}.doc.${item.key ?? item.label}`) ?? item.label };
    return item;
  });
}
