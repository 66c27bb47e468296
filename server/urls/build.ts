// Builds every URL the site emits (server/urls.ts).
import { CHANGES_SLUG, DIFF_PARAM, HISTORY_PARAM, LINKS_SLUG, OPENSEARCH_FILE, SEARCH_SLUG, type Selector } from './route.js';
import { HASHED_ASSETS, MARKDOWN_SUFFIX, ROOT_BLOG_SITEMAP, ROOT_MARKDOWN, SITEMAP } from './reserved.js';

/**
 * The URL prefix that selects a ref: `/general`, `/general/5.0`, `/general/~feature%2Fx`,
 * `/general/@abc1234`. A base is one URL segment or several (`docs/api`), or '' for the site root,
 * whose default prefix is `/` (and `/~feature`, `/5.0`... for the others).
 */
export function docsPrefix(base: string, selector: Selector): string {
  const root = base ? `/${base}` : '';
  switch (selector.kind) {
    case 'default':
      return root || '/';
    case 'version':
      return `${root}/${selector.path}`;
    case 'version-name':
      return `${root}/${encodeURIComponent(selector.name)}`;
    case 'branch':
      return `${root}/~${encodeURIComponent(selector.name)}`;
    case 'commit':
      return `${root}/@${selector.oid}`;
  }
}

/** A path below a prefix: `{prefix}/{rest}`, where the site root's prefix `/` gives `/{rest}`. */
export function underPrefix(prefix: string, rest: string): string {
  return `${prefix === '/' ? '' : prefix}/${rest}`;
}

/** True when `path` is `prefix` or below it (`/docs/x` is under `/docs`; everything is under `/`). */
export function isUnderPrefix(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(prefix === '/' ? '/' : `${prefix}/`);
}

/** True when a ref prefix names a branch (`/general/~x`, `/docs/~x/5.0`): a preview, where notices for authors may show. */
export function isPreviewPrefix(prefix: string): boolean {
  return prefix.includes('/~');
}

/** A page's URL under a ref prefix: each slug segment percent-encoded, no trailing slash. */
export function docsUrl(prefix: string, slug: string): string {
  const path = slug.split('/').filter(Boolean).map(encodeURIComponent).join('/');
  return path ? underPrefix(prefix, path) : prefix;
}

/**
 * A permalink of the default ref (`/general/x`, as stored: not encoded) as a URL under another
 * ref's prefix (`/general/~branch/x`). Anything outside the docs is returned as it is.
 */
export function permalinkOnRef(permalink: string, base: string, prefix: string): string {
  const root = base ? `/${base}` : '/';
  if (permalink === root) return prefix;
  return isUnderPrefix(permalink, root) ? docsUrl(prefix, permalink.slice(root === '/' ? 1 : root.length + 1)) : permalink;
}

/**
 * A URL an author wrote (`/general/x#y`, already URL-encoded) moved onto the reader's ref prefix,
 * keeping its query and fragment. URLs outside the docs pass as they are.
 */
export function urlOnRef(url: string, base: string, prefix: string): string {
  const root = base ? `/${base}` : '';
  if (url === (root || '/')) return prefix;
  if (!/^\/(?![/\\])/.test(url) || !(url.startsWith(`${root}/`) || (root && (url.startsWith(`${root}?`) || url.startsWith(`${root}#`))))) return url;
  return (prefix === '/' ? '' : prefix) + url.slice(root.length);
}

/** The content address of a repository file: `/_assets/{blobOid}/{name}`. */
export function repoAssetUrl(oid: string, name: string): string {
  return `/_assets/${oid}/${encodeURIComponent(name)}`;
}

/**
 * A repository file at the address a Docusaurus build gives a file a page links
 * (`/assets/files/{name}-{md4 of its content}.{ext}`), so links into a site keep working after it moves here.
 */
export function hashedAssetUrl(name: string, md4: string): string {
  const dot = name.lastIndexOf('.');
  const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  return `/${HASHED_ASSETS}/${encodeURIComponent(`${stem}-${md4}${ext}`)}`;
}

/** `/{base}/tags` or one tag's page, under a ref prefix. */
export function tagsUrl(prefix: string, tagSlug?: string): string {
  return docsUrl(prefix, tagSlug ? `tags/${tagSlug}` : 'tags');
}

/** A version's sitemap, `/{base}[/{version}]/sitemap.xml`, or the site's index of them (no prefix). */
export function sitemapUrl(prefix?: string): string {
  return underPrefix(prefix ?? '', SITEMAP);
}

/** A blog's sitemap, `/{root}/sitemap.xml` (`/blog-sitemap.xml` for a blog at the site root). */
export function blogSitemapUrl(root: string): string {
  return root ? `/${root}/${SITEMAP}` : `/${ROOT_BLOG_SITEMAP}`;
}

/** The search page of a ref (`/general/5.0/search?q=…`), with the query, section filter and page number when given. */
export function searchUrl(prefix: string, params: { q?: string; section?: string; page?: number } = {}): string {
  const query = new URLSearchParams();
  if (params.q !== undefined) query.set('q', params.q);
  if (params.section) query.set('section', params.section);
  if (params.page && params.page > 1) query.set('page', String(params.page));
  const text = query.toString();
  return `${docsUrl(prefix, SEARCH_SLUG)}${text ? `?${text}` : ''}`;
}

/** The search API's URL for a query on a ref (`~branch`, `@commit` or a version name; none: the last version). */
export function apiSearchUrl(params: { q: string; ref?: string; instance?: string; section?: string; limit?: number }): string {
  const query = new URLSearchParams({ q: params.q });
  if (params.ref) query.set('ref', params.ref);
  if (params.instance && params.instance !== 'default') query.set('instance', params.instance);
  if (params.section) query.set('section', params.section);
  if (params.limit) query.set('limit', String(params.limit));
  return `/api/search?${query}`;
}

/** The link report of a ref (`/general/~feature%2Fx/links`). */
export function linksUrl(prefix: string): string {
  return docsUrl(prefix, LINKS_SLUG);
}

/** The link report API's URL for a ref (`~branch`, `@commit` or a version name; none: the last version). */
export function apiLinksUrl(ref?: string): string {
  return ref ? `/api/links?${new URLSearchParams({ ref })}` : '/api/links';
}

/** A page's history (`/general/x?history`), at a page of it when past the first. */
export function historyUrl(pageUrl: string, page = 1): string {
  return page > 1 ? `${pageUrl}?${HISTORY_PARAM}&page=${page}` : `${pageUrl}?${HISTORY_PARAM}`;
}

/** The changes page of a ref (`/general/~x/changes`), against another ref when given (`?base=4.4`). */
export function changesUrl(prefix: string, base?: string): string {
  return `${docsUrl(prefix, CHANGES_SLUG)}${base ? `?base=${encodeURIComponent(base)}` : ''}`;
}

/**
 * The rendered diff of a page on a ref (`/general/~x/page?diff`), against another ref when given
 * (`?diff=4.4`, `?diff=~main`, `?diff=@abc1234`); with none, against the ref's default base.
 */
export function diffUrl(prefix: string, slug: string, against?: string): string {
  // `@` may stand in a query as it is, so a commit reads as written (`?diff=@abc1234`).
  return `${docsUrl(prefix, slug)}?${DIFF_PARAM}${against ? `=${encodeURIComponent(against).replace(/^%40/, '@')}` : ''}`;
}

/** The changes API's URL for a ref and, when given, the ref it is compared with. */
export function apiChangesUrl(params: { ref?: string; base?: string }): string {
  const query = new URLSearchParams();
  if (params.ref) query.set('ref', params.ref);
  if (params.base) query.set('base', params.base);
  const text = query.toString();
  return `/api/changes${text ? `?${text}` : ''}`;
}

/** A page's Markdown (`/general/5.0/x.md`); a version root's is `{prefix}/index.md`. */
export function markdownUrl(prefix: string, slug: string): string {
  return slug ? `${docsUrl(prefix, slug)}${MARKDOWN_SUFFIX}` : underPrefix(prefix, ROOT_MARKDOWN);
}

/** A ref's llms.txt, or llms-full.txt with `full`. */
export function llmsUrl(prefix: string, full = false): string {
  return underPrefix(prefix, full ? 'llms-full.txt' : 'llms.txt');
}

/** The OpenSearch description's URL. */
export function openSearchUrl(): string {
  return `/${OPENSEARCH_FILE}`;
}

/** A ref prefix with a version folder's path after it (none: as it is). */
export function folderPrefix(refPrefix: string, folder: string): string {
  return folder ? underPrefix(refPrefix, encodeURIComponent(folder)) : refPrefix;
}
