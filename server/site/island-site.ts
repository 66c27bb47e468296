// What a site's own code reads of the site when it renders (decision 041): Docusaurus's `siteConfig`
// with the values docsite has (title, tagline, url, customFields), the default locale's code
// translations for `<Translate>`, and each docs instance's versions for the docs plugin's client API,
// as the default commit has them. Read once per commit; a part of every island's key.
import { currentLocaleDir } from '../config/site-config.js';
import { currentLocaleOf, defaultLocaleOf, localeNames } from '../config/locales.js';
import { readTreeFile, type DocSet } from '../content/doc-set.js';
import { codeTranslationsFile, readMessages } from '../docs/translations.js';
import type { IslandSite } from '../sandbox/islands.js';
import type { Site } from './site.js';

/** The site data of a doc set's commit that its islands render with (all but the page's own permalink). */
export type IslandSiteData = Omit<IslandSite, 'permalink'>;

/** The site as a commit's code sees it, from its configuration, its code translations and the snapshot's versions. */
export function islandSiteOf(site: Pick<Site, 'caches' | 'repository' | 'snapshot'>, docSet: DocSet): Promise<IslandSiteData> {
  const snapshot = site.snapshot();
  return site.caches.derive(
    // A locale's pages read its own code.json (Docusaurus's codeTranslations of that locale).
    `${docSet.commit}:${snapshot.defaultCommit}:${currentLocaleOf(docSet.config)}`,
    'island-site',
    async () => {
      const { config } = docSet;
      const file = codeTranslationsFile(currentLocaleDir(config));
      const translations = Object.fromEntries(readMessages(await readTreeFile((oid) => site.repository.readBlob(oid), docSet.tree, file).catch(() => undefined)));
      const locale = currentLocaleOf(config);
      const docs = snapshot.instances.map((instance) => ({
        id: instance.config.id,
        path: instance.config.base ? `/${instance.config.base}` : '/',
        versions: instance.versions.map((version) => ({
          name: version.name,
          label: version.label,
          path: instance.model.publishedPrefix(instance.config.base, version),
          isLast: version.isLast,
        })),
      }));
      return {
        baseUrl: '/',
        title: config.title,
        url: config.url ?? '',
        siteDir: config.siteDir,
        roots: config.staticDirectories,
        locale,
        translations,
        docs,
        siteConfig: {
          title: config.title,
          tagline: config.tagline ?? '',
          url: config.url ?? '',
          baseUrl: '/',
          customFields: config.customFields ?? {},
          i18n: { defaultLocale: defaultLocaleOf(config), locales: localeNames(config) },
          // What useColorMode answers on the server: as Docusaurus's build, the page's HTML is in defaultMode.
          themeConfig: { colorMode: config.colorMode },
        },
      };
    },
    (data) => 1000 + JSON.stringify(data).length * 2,
  );
}
