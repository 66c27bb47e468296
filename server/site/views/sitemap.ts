// What search engines read: a sitemap per indexable version (every listed page, with the day it
// last changed in git), an index of those sitemaps, and robots.txt. Previews, permalinks and
// versions marked `noIndex` are left out, as their pages carry `noindex`.
import { blogRoot, blogsOf } from '../blogs.js';
import { blogSitemapUrl, permalinkOnRef, sitemapUrl } from '../../urls.js';
import { notFound } from '../http-error.js';
import { openDocs, type RequestContext } from '../request.js';
import type { Snapshot } from '../site.js';

/** The origin absolute URLs are built on: `url` in docsite.yaml, else the request's own. */
export function siteOrigin(context: Pick<RequestContext, 'snapshot'>, requestOrigin: string): string {
  return context.snapshot.config.url ?? requestOrigin;
}

/** `/{base}[/{version}]/sitemap.xml`: every listed page and generated index of an indexable version. */
export async function sitemapView(context: RequestContext, requestOrigin: string): Promise<string> {
  const { docSet, located } = await openDocs(context, ['sitemap']);
  if (located.kind !== 'version' || located.version?.noIndex) throw notFound('Only versions open to search engines have a sitemap.');
  const origin = siteOrigin(context, requestOrigin);
  const [updates, sidebars] = await Promise.all([context.reads.lastUpdated(docSet), context.reads.sidebars(docSet)]);
  // A site whose pages end with a slash (`trailingSlash: true`) lists them so: the form that answers without a redirect.
  const slash = (path: string) => (docSet.config.trailingSlash && !path.endsWith('/') ? `${path}/` : path);
  const url = (permalink: string) => origin + slash(permalinkOnRef(permalink, docSet.location.base, located.prefix));
  const entries = docSet.docs
    .filter((doc) => !doc.unlisted && docSet.byPermalink.get(doc.permalink) === doc)
    .map((doc) => {
      const updated = updates.get(doc.sourcePath);
      return { loc: url(doc.permalink), lastmod: updated && new Date(updated.time).toISOString().slice(0, 10) };
    });
  for (const permalink of sidebars.generatedIndexes.keys()) if (!docSet.byPermalink.has(permalink)) entries.push({ loc: url(permalink), lastmod: undefined });
  const urls = entries.map(({ loc, lastmod }) => `<url><loc>${xml(loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** `/sitemap.xml`: the sitemap of every version open to search engines, in every locale. */
export function sitemapIndexView(context: RequestContext, requestOrigin: string): string {
  const origin = siteOrigin(context, requestOrigin);
  // Every locale's site (decision 043), the default one first: its docs versions', then each blog's own (views/blog-sitemap.ts).
  const sites = [context.snapshot, ...(context.snapshot.locales?.values() ?? [])];
  const urls = sites.flatMap((snapshot) => [
    ...indexedPrefixes(snapshot).map((prefix) => sitemapUrl(prefix)),
    ...blogsOf(snapshot.config).map((blog) => blogSitemapUrl(blogRoot(blog))),
  ]);
  const maps = [...new Set(urls)].map((url) => `<sitemap><loc>${xml(origin + url)}</loc></sitemap>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${maps.join('\n')}\n</sitemapindex>\n`;
}

/** `/robots.txt`: crawl the versions, not previews, permalinks, `noIndex` versions or the API. */
export function robotsView(context: RequestContext, requestOrigin: string): string {
  const { snapshot } = context;
  const lines = snapshot.instances.flatMap((instance) => {
    const base = instance.config.base;
    const hidden = instance.versions.filter((version) => version.noIndex && version.path).map((version) => `Disallow: ${instance.model.publishedPrefix(base, version)}/`);
    const root = base ? `/${base}` : '';
    return [`Disallow: ${root}/~`, `Disallow: ${root}/@`, ...hidden];
  });
  // A blog's previews and permalinks are not for search engines either.
  for (const blog of blogsOf(snapshot.config)) {
    const prefix = blogRoot(blog) ? `/${blogRoot(blog)}` : '';
    lines.push(`Disallow: ${prefix}/~`, `Disallow: ${prefix}/@`);
  }
  return ['User-agent: *', ...lines, 'Disallow: /api/', '', `Sitemap: ${siteOrigin(context, requestOrigin)}${sitemapUrl()}`, ''].join('\n');
}

/** The URL prefixes of the versions search engines may index, instance after instance. */
function indexedPrefixes(snapshot: Snapshot): string[] {
  return snapshot.instances.flatMap((instance) =>
    instance.versions.filter((version) => version.commit && !version.noIndex).map((version) => instance.model.publishedPrefix(instance.config.base, version)),
  );
}

/** Escapes text for XML. */
function xml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
