// The route paths of a commit's site as Docusaurus's build has them (the `routesPaths` its plugins'
// postBuild gets): every doc of every version with its slug's trailing slash (`/docs/` for a
// version's root doc), the generated category indexes and docs tag pages, every page of every blog
// (unlisted posts too: they are built), and the pages plugin's pages (`/downloads/` for an
// `index` file). Not docsite's own pages (search, changes), nor the 404 page. Read once per commit.
import { blogPermalinks } from './views/blog-sitemap.js';
import { blogsOf, openBlog } from './blogs.js';
import { openPages, pagesInstancesOfSite } from './site-pages.js';
import type { Site } from './site.js';
import { siteBase } from '../config/site-config.js';
import { applyTrailingSlash } from '../content/client-redirects.js';
import { docIdentity } from '../content/ids.js';

/** What the routes are read with. */
type RoutesHost = Pick<Site, 'caches' | 'docs' | 'repository' | 'history'>;

/** A doc's route: its permalink, with the trailing slash of a slug that has one (an index doc). */
function docRoute(permalink: string, slug: string): string {
  return permalink !== '/' && slug.endsWith('/') ? `${permalink}/` : permalink;
}

/** Every route path of a commit's site (with its base URL), in Docusaurus's forms, `trailingSlash` applied as its routes have it. */
export function routesAt(site: RoutesHost, commit: string): Promise<string[]> {
  return site.caches.derive(
    commit,
    'site-routes',
    async () => {
      const [config, docSets] = await Promise.all([site.docs.configAt(commit), site.docs.docSetsAt(commit)]);
      const docs = await Promise.all(
        docSets.map(async (docSet) => {
          const [sidebars, tags] = await Promise.all([site.docs.sidebars(docSet), site.docs.tags(docSet)]);
          const base = `/${docSet.location.base}`.replace(/\/$/, '');
          return [
            ...docSet.docs.map((doc) => docRoute(doc.permalink, docIdentity(doc.relativePath, doc.frontMatter).slug)),
            ...[...sidebars.generatedIndexes.keys()].filter((permalink) => !docSet.byPermalink.has(permalink)),
            ...(tags.size ? [`${base}/tags`, ...[...tags.values()].map((tag) => tag.permalink)] : []),
          ];
        }),
      );
      const blogs = await Promise.all(
        blogsOf(config).map(async (options) => {
          const { blog } = await openBlog(site, commit, options);
          return [...blogPermalinks(blog), ...blog.posts.filter((post) => post.unlisted).map((post) => post.permalink)];
        }),
      );
      const pages = await Promise.all(
        pagesInstancesOfSite(config).map(async (options) => {
          const opened = await openPages(site, commit, options.id);
          // An `index` file is its folder's route, which Docusaurus writes with a slash (`/downloads/`).
          return (opened?.docSet.docs ?? []).map((page) => (/(^|\/)index\.[^./]+$/.test(page.relativePath) ? docRoute(page.permalink, '/') : page.permalink));
        }),
      );
      const baseUrl = siteBase(config) ? `/${siteBase(config)}/` : '/';
      const all = [...docs.flat(), ...blogs.flat(), ...pages.flat()].map((path) => applyTrailingSlash(path, config.trailingSlash, baseUrl));
      return [...new Set(all)];
    },
    (routes) => 500 + routes.reduce((sum, route) => sum + 80 + route.length * 2, 0),
  );
}
