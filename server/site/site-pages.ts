// The pages of the pages plugin at a commit, for the views (decision 041): each instance's pages
// read once per commit into the derived cache, as a doc set, so a page is rendered by the same page
// renderer, components, sandbox and caches as a doc. A Markdown page is its file; a React page is
// a source docsite writes, `<Page />` of the file's default export, which the renderer has rendered
// in the sandbox as an island (decision 036) with docsite's own React.
import { posix } from 'node:path';
import { contentTitleOf } from '../content/content-title.js';
import { docSetOfDocs, type Doc, type DocSet } from '../content/doc-set.js';
import { bodyOf, parseFrontMatter } from '../content/front-matter.js';
import { readFileContent } from '../git/file-content.js';
import { pagesFolder, pagesInstancesOf, pagesRoot, type PagesOptions } from '../pages/pages-options.js';
import { pagePermalink, sitePagesOf, type SitePage } from '../pages/site-pages.js';
import { currentLocaleDir, underBase, type SiteConfig } from '../config/site-config.js';
import type { Site } from './site.js';

/** The site's pages instances, each routed below the site's base URL (`/project/help` for a baseUrl `/project/`), as Docusaurus serves them. */
export function pagesInstancesOfSite(config: Pick<SiteConfig, 'pages' | 'baseUrl'>): PagesOptions[] {
  return pagesInstancesOf(config.pages).map((options) => ({ ...options, routeBasePath: underBase(config, pagesRoot(options)) }));
}

/** The folder of a pages instance's translations in a locale's folder: `{localeDir}/docusaurus-plugin-content-pages[-{id}]` (Docusaurus's getPluginI18nPath). */
export function localizedPagesFolder(localeDir: string, id: string): string {
  return `${localeDir}/docusaurus-plugin-content-pages${id === 'default' ? '' : `-${id}`}`;
}

/** The pages of one instance at a commit, as a doc set, with the instance's options. */
export interface OpenedPages {
  options: PagesOptions;
  docSet: DocSet;
}

/** The source docsite renders for a React page: the file's default export as one element, an island. */
export function reactPageSource(relativePath: string): string {
  return `import Page from ${JSON.stringify(`./${posix.basename(relativePath)}`)};\n\n<Page />\n`;
}

/** The doc the renderer takes for a page: a Markdown page's front matter and title read from its file. */
async function docOf(site: Pick<Site, 'repository'>, page: SitePage, oid: string): Promise<Doc> {
  const base = {
    id: `${page.instance}/${page.relativePath.replace(/\.[^./]+$/, '')}`,
    permalink: pagePermalink(page.route),
    sourcePath: page.sourcePath,
    relativePath: page.relativePath,
    sourceDirName: posix.dirname(page.relativePath),
    blobOid: oid,
    tags: [],
    unlisted: false,
  };
  if (page.format === 'react') return { ...base, title: '', frontMatter: {}, source: reactPageSource(page.relativePath) };
  const text = new TextDecoder().decode(await readFileContent(site.repository, oid).catch(() => new Uint8Array()));
  const parsed = parseFrontMatter(text, page.sourcePath);
  const { title, description } = parsed.data;
  const contentTitle = contentTitleOf(bodyOf(text));
  // Docusaurus's MDX page: its front matter's title, else the h1 it starts with.
  return {
    ...base,
    title: typeof title === 'string' ? title : (contentTitle ?? ''),
    contentTitle,
    description: typeof description === 'string' ? description : undefined,
    frontMatter: structuredClone(parsed.data),
    error: parsed.error,
  };
}

/** The pages of an instance of a commit's configuration, as a doc set, read once per commit. */
export function openPages(site: Pick<Site, 'caches' | 'docs' | 'repository'>, commit: string, instance: string, locale?: string): Promise<OpenedPages | undefined> {
  return site.caches.derive(
    `${commit}:${instance}${locale ? `:${locale}` : ''}`,
    'site-pages',
    async () => {
      const [tree, config] = await Promise.all([site.docs.treeAt(commit), site.docs.configAt(commit, locale)]);
      const options = pagesInstancesOfSite(config).find((candidate) => candidate.id === instance);
      if (!options) return undefined;
      // A locale's page is read from its translation when it has one (`i18n/{locale}/docusaurus-plugin-content-pages[-{id}]/`), as the docs are.
      const localized = locale ? localizedPagesFolder(currentLocaleDir(config), options.id) : undefined;
      const pages = sitePagesOf(tree.keys(), [options]).map((page) => {
        const translation = localized && `${localized}/${page.relativePath}`;
        return translation && tree.has(translation) ? { ...page, sourcePath: translation } : page;
      });
      const docs = await Promise.all(pages.map((page) => docOf(site, page, tree.get(page.sourcePath)!.oid)));
      const docSet = docSetOfDocs(
        { instance: `pages:${options.id}`, location: { path: pagesFolder(options), base: pagesRoot(options) }, files: { include: options.include, exclude: options.exclude } },
        { commit, config, tree },
        docs,
      );
      return { options, docSet };
    },
    (opened) => 2000 + (opened?.docSet.docs.length ?? 0) * 600,
  );
}
