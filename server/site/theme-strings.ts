// The strings of docsite's page chrome in the page's locale, by the classic theme's message ids: the
// view names the ids it shows with their English (Docusaurus's own), and gets back those a locale
// says otherwise, first from Docusaurus's translations (docs/theme-translations.ts), then from the
// site's `i18n/{locale}/code.json`, where a site translates (or rewords, in English too) the theme's
// strings, as its build reads them. Kept by commit and locale.
import { currentLocaleDir } from '../config/site-config.js';
import { currentLocaleOf } from '../config/locales.js';
import { readTreeFile } from '../content/doc-set.js';
import { themeTranslations } from '../docs/theme-translations.js';
import { codeTranslationsFile, readMessages } from '../docs/translations.js';
import type { RequestContext } from './request.js';
import { requestCommit } from './request-commit.js';

/** Of the strings `defaults` names (id → English), those the request's locale and its commit's code.json say otherwise. */
export async function requestThemeStrings(context: RequestContext, defaults: Readonly<Record<string, string>>): Promise<Record<string, string>> {
  const { site, snapshot } = context;
  const commit = await requestCommit(context);
  const locale = currentLocaleOf(snapshot.config);
  const messages = await site.caches
    .derive(
      commit,
      `theme-strings:${locale}`,
      async () => {
        const tree = await site.docs.treeAt(commit);
        const file = codeTranslationsFile(currentLocaleDir(snapshot.config));
        const own = readMessages(await readTreeFile((oid) => site.repository.readBlob(oid), tree, file).catch(() => undefined));
        return new Map([...themeTranslations(locale), ...own]);
      },
      (map) => 500 + [...map].reduce((sum, [id, message]) => sum + (id.length + message.length) * 2, 0),
    )
    .catch(() => new Map<string, string>());
  const strings: Record<string, string> = {};
  for (const [id, english] of Object.entries(defaults)) {
    const message = messages.get(id);
    if (message !== undefined && message !== english) strings[id] = message;
  }
  return strings;
}
