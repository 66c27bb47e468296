// The one URL grammar of the site (docs/decisions/007-url-module.md): every request path is parsed
// here, once, into what it addresses, and every URL the site emits is built here. Cache policy,
// metric labels, the load context and the loaders all read the parsed Route. A leaf module: it
// imports nothing from the rest of server/, so every layer may use it.

/** Which commit a docs URL asks for, before it is resolved against a snapshot. */
export type Selector =
  /** The last version, served at `/{base}/...`. */
  | { kind: 'default' }
  /** `/{base}/{path}/...`: a named version, by its URL path. */
  | { kind: 'version'; path: string }
  /** `/api/versions/{name}/...`: a named version, by its name. */
  | { kind: 'version-name'; name: string }
  /** `~{branch}`: a branch or tag, `/` in its name percent-encoded. */
  | { kind: 'branch'; name: string }
  /** `@{commit}`: an immutable permalink (full or abbreviated id). */
  | { kind: 'commit'; oid: string };

/**
 * The pages of the docs: a doc, a generated category index, the tag index or a tag, the search
 * page, the link report (`/{ref}/links`), the changes of a ref (`/{ref}/changes`) and a page's
 * rendered diff (`/{ref}/{slug}?diff`).
 */
export type DocsRouteKind = 'doc' | 'category' | 'tags' | 'search' | 'links' | 'changes' | 'diff';

/**
 * Where a docs URL points before it is resolved (decision 028): the instance (its URL base), the
 * ref (`selector`), the version folder when the instance keeps versions in folders (its URL path,
 * '' for the version at the base), and `prefix`, the URL prefix of all three
 * (`/docs/~feature%2Fx/5.2`).
 */
export interface DocsAddress {
  base: string;
  selector: Selector;
  folder: string;
  prefix: string;
}

/** What a request path addresses. */
export type Route =
  | { kind: 'home'; data: boolean }
  | ({ kind: DocsRouteKind; data: boolean; slug: string } & DocsAddress)
  /** `{page}.md` (`/general/index.md` for a version's root): a doc as plain Markdown, for agents and tools. */
  | ({ kind: 'markdown'; slug: string } & DocsAddress)
  /** `/{base}[/{ref}]/llms.txt` (an index of the pages) and `llms-full.txt` (every page as Markdown). */
  | ({ kind: 'llms'; full: boolean } & DocsAddress)
  | { kind: 'repo-asset'; oid: string; name: string }
  | { kind: 'build-asset' }
  | { kind: 'api-versions' }
  /** The content API of a version: `instance` is the docs instance's id (`?instance=`, default: the first instance). */
  | { kind: 'api-pages'; selector: Selector; instance?: string }
  | { kind: 'api-page'; selector: Selector; slug: string; instance?: string }
  | { kind: 'api-sidebar'; selector: Selector; name: string; instance?: string }
  | { kind: 'api-schema' }
  /** `/api/search?q=&ref=&section=&limit=`: the ref is a query parameter. */
  | { kind: 'api-search' }
  /** `/api/links?ref=`: the link report of a ref as JSON; the ref is a query parameter. */
  | { kind: 'api-links' }
  /** `/api/changes?ref=&base=`: the pages a ref changed; both refs are query parameters. */
  | { kind: 'api-changes' }
  | { kind: 'api-unknown' }
  /** `/opensearch.xml`: the OpenSearch description browsers add the site's search from. */
  | { kind: 'opensearch' }
  | { kind: 'webhook' }
  | { kind: 'healthz' }
  | { kind: 'readyz' }
  | { kind: 'metrics' }
  | { kind: 'theme' }
  /** `/_live`: the event stream `docsite preview` tells open pages about saves on. */
  | { kind: 'live' }
  /** `/{base}[/{version}]/sitemap.xml`: the pages of one version. */
  | ({ kind: 'sitemap' } & DocsAddress)
  /** `/sitemap.xml`: the sitemaps of the versions search engines may index. */
  | { kind: 'sitemap-index' }
  /** `/robots.txt`. */
  | { kind: 'robots' }
  | { kind: 'not-found' }
  /** A path that cannot be a URL of this site (malformed encoding, control characters): a 400. */
  | { kind: 'bad-url'; reason: string };

/** Every kind of Route; a test checks each has a cache policy and a metric label. */
export const ROUTE_KINDS = [
  'home',
  'doc',
  'category',
  'tags',
  'search',
  'links',
  'changes',
  'diff',
  'markdown',
  'llms',
  'repo-asset',
  'build-asset',
  'api-versions',
  'api-pages',
  'api-page',
  'api-sidebar',
  'api-schema',
  'api-search',
  'api-links',
  'api-changes',
  'api-unknown',
  'opensearch',
  'webhook',
  'healthz',
  'readyz',
  'metrics',
  'theme',
  'live',
  'sitemap',
  'sitemap-index',
  'robots',
  'not-found',
  'bad-url',
] as const satisfies readonly Route['kind'][];

/** What the grammar needs from the site configuration: each docs instance's base and version paths. */
export interface UrlGrammar {
  instances: readonly InstanceGrammar[];
}

/** One docs instance in the grammar. */
export interface InstanceGrammar {
  base: string;
  /** The URL paths of versions that read refs (`/general/5.0/...`). */
  versionPaths: ReadonlySet<string>;
  /** The URL paths of versions kept in folders, as the default commit has them (`/docs/5.2/...`, also after `~branch` or `@commit`). */
  folderPaths: ReadonlySet<string>;
}

/** The minimum length of an abbreviated commit id in `@{commit}` (git's own default is 7). */
export const MIN_COMMIT_PREFIX = 7;

/** The search page's slug under a ref prefix (`/general/search`, `/general/~x/search`): no doc can take it. */
export const SEARCH_SLUG = 'search';
/** The link report's slug under a ref prefix (`/general/~x/links`): no doc can take it either. */
export const LINKS_SLUG = 'links';
/** The query parameter that turns a page's URL into its history (`/general/x?history`, `?history&page=2`). */
export const HISTORY_PARAM = 'history';
/** The changes page's slug under a ref prefix (`/general/~x/changes`): no doc can take it. */
export const CHANGES_SLUG = 'changes';
/** The query parameter that turns a page into its rendered diff (`?diff`, `?diff=4.4`). */
export const DIFF_PARAM = 'diff';
/** Where `docsite preview` streams the commit of the working tree to open pages. */
export const LIVE_PATH = '/_live';

/** The files of the llms.txt convention, under each ref's prefix. */
const LLMS_FILES = { 'llms.txt': false, 'llms-full.txt': true } as const;
/** The suffix of a page's Markdown URL, and the file name of a version root's. */
const MARKDOWN_SUFFIX = '.md';
const ROOT_MARKDOWN = 'index.md';

/** The OpenSearch description's file name, at the site's root. */
export const OPENSEARCH_FILE = 'opensearch.xml';

const OID = /^[0-9a-f]{40}$/;
const CONTROL = /[\0-\x1f\x7f]/;
/** Files of the app's `public/` folder, served as they are. */
const PUBLIC_FILES = new Set(['/favicon.svg', '/manifest.webmanifest']);

/** The file name of a sitemap, at the root (the index) and under each version's prefix. */
const SITEMAP = 'sitemap.xml';

/** The suffix Remix's single fetch adds for a client navigation's data request. */
const DATA_SUFFIX = '.data';

/**
 * Parses a request pathname (as sent: still percent-encoded) into the Route it addresses, and its
 * query where it changes what a docs URL addresses (`?diff`). Never throws: a malformed path is a
 * `bad-url`, an unknown one `not-found`.
 */
export function parseUrl(pathname: string, grammar: UrlGrammar, query?: URLSearchParams): Route {
  if (!pathname.startsWith('/')) return { kind: 'bad-url', reason: 'the path does not start with /' };
  const segments = pathname.slice(1).split('/');
  const decoded = segments.map(safeDecode);
  const bad = decoded.findIndex((segment) => segment === undefined || CONTROL.test(segment));
  if (bad >= 0) return { kind: 'bad-url', reason: `malformed segment "${segments[bad].slice(0, 40)}"` };
  const parts = decoded as string[];
  const [first = ''] = parts;

  if (pathname === '/' || pathname === '/_root.data') return { kind: 'home', data: pathname !== '/' };
  if (parts.length === 1 && (first === 'healthz' || first === 'readyz' || first === 'metrics')) return { kind: first };
  if (parts.length === 1 && first === '_theme') return { kind: 'theme' };
  if (pathname === LIVE_PATH) return { kind: 'live' };
  if (pathname === '/robots.txt') return { kind: 'robots' };
  if (pathname === `/${SITEMAP}`) return { kind: 'sitemap-index' };
  if (parts.length === 1 && first === OPENSEARCH_FILE) return { kind: 'opensearch' };
  if (first === 'assets' || PUBLIC_FILES.has(pathname)) return { kind: 'build-asset' };
  if (first === '_assets') {
    const [, oid = '', name = '', ...rest] = parts;
    return OID.test(oid) && name && !rest.length ? { kind: 'repo-asset', oid, name } : { kind: 'not-found' };
  }
  if (first === 'api') return parseApi(segments.slice(1), parts.slice(1), query?.get('instance') || undefined);

  const data = pathname.endsWith(DATA_SUFFIX);
  const docsPath = data ? pathname.slice(0, -DATA_SUFFIX.length) : pathname;
  const docsSegments = docsPath.slice(1).split('/');
  const instance = grammar.instances.find((candidate) => candidate.base === docsSegments[0]);
  if (!instance) return { kind: 'not-found' };
  return parseDocs(docsSegments.slice(1), instance, data, query?.has(DIFF_PARAM) ?? false);
}

function parseDocs(segments: string[], instance: InstanceGrammar, data: boolean, diff: boolean): Route {
  const { base } = instance;
  const rest = segments.filter(Boolean);
  const head = rest[0] ?? '';
  let selector: Selector = { kind: 'default' };
  let slugSegments = rest;
  if (head.startsWith('~') || head.startsWith('@') || instance.versionPaths.has(head)) {
    const parsed = parseSelector(head);
    if (!parsed) return { kind: 'not-found' };
    selector = parsed.kind === 'version-name' ? { kind: 'version', path: head } : parsed;
    slugSegments = rest.slice(1);
  }
  const folder = slugSegments[0] !== undefined && instance.folderPaths.has(slugSegments[0]) ? slugSegments[0] : '';
  if (folder) slugSegments = slugSegments.slice(1);
  return docsRoute(
    { base, selector, folder, prefix: folderPrefix(docsPrefix(base, selector), folder) },
    slugSegments.map((segment) => safeDecode(segment)!),
    data,
    diff,
  );
}

/** A ref prefix with a version folder's path after it (none: as it is). */
export function folderPrefix(refPrefix: string, folder: string): string {
  return folder ? `${refPrefix}/${encodeURIComponent(folder)}` : refPrefix;
}

/**
 * A docs route moved to the version folders of the commit it turned out to read: a branch or commit
 * may have versions the default commit has not (or lack some), so its first slug segment may be a
 * version after all, or its version segment a page. Routes that already fit are returned as they are.
 */
export function refineFolder<T extends Route>(route: T, folderPaths: ReadonlySet<string>): T {
  if (!('slug' in route) || !('folder' in route)) return route;
  const parts = route.slug ? route.slug.split('/') : [];
  const refPrefix = docsPrefix(route.base, route.selector);
  const address = (folder: string) => ({ base: route.base, selector: route.selector, folder, prefix: folderPrefix(refPrefix, folder) });
  const again = (folder: string, slugParts: string[]) =>
    route.kind === 'markdown'
      ? { ...route, ...address(folder), slug: slugParts.join('/') }
      : docsRoute(address(folder), slugParts, 'data' in route && route.data, route.kind === 'diff');
  if (route.folder && !folderPaths.has(route.folder)) return again('', [route.folder, ...parts]) as T;
  if (!route.folder && parts[0] !== undefined && folderPaths.has(parts[0])) return again(parts[0], parts.slice(1)) as T;
  return route;
}

/** The route of a docs address and the slug after it: which page kind the slug names. */
function docsRoute(address: DocsAddress, slugParts: string[], data: boolean, diff: boolean): Route {
  const slug = slugParts.join('/');
  if (slug === SITEMAP && !data) return { kind: 'sitemap', ...address };
  if (Object.hasOwn(LLMS_FILES, slug) && !data) return { kind: 'llms', ...address, full: LLMS_FILES[slug as keyof typeof LLMS_FILES] };
  if (slug.endsWith(MARKDOWN_SUFFIX) && !data) return { kind: 'markdown', ...address, slug: slug === ROOT_MARKDOWN ? '' : slug.slice(0, -MARKDOWN_SUFFIX.length) };
  const kind: DocsRouteKind =
    slugParts[0] === 'category' && slugParts.length === 2
      ? 'category'
      : slugParts[0] === 'tags' && slugParts.length <= 2
        ? 'tags'
        : slug === SEARCH_SLUG
          ? 'search'
          : slug === LINKS_SLUG
            ? 'links'
            : slug === CHANGES_SLUG
              ? 'changes'
              : diff
                ? 'diff'
                : 'doc';
  return { kind, data, ...address, slug };
}

function parseApi(raw: string[], parts: string[], instance: string | undefined): Route {
  const [first, selectorText, what, ...rest] = parts;
  if (parts.length === 1 && first === 'webhook') return { kind: 'webhook' };
  if (parts.length === 2 && first === 'schema' && ['docsite.json', 'search.json', 'links.json', 'changes.json'].includes(selectorText)) return { kind: 'api-schema' };
  if (parts.length === 1 && first === 'search') return { kind: 'api-search' };
  if (parts.length === 1 && first === 'links') return { kind: 'api-links' };
  if (parts.length === 1 && first === 'changes') return { kind: 'api-changes' };
  if (first !== 'versions') return { kind: 'api-unknown' };
  if (parts.length === 1) return { kind: 'api-versions' };
  // The selector stays one segment even with `%2F` in a branch name, so read it from the raw path.
  const selector = parseSelector(raw[1]);
  if (!selector) return { kind: 'api-unknown' };
  const of = instance ? { instance } : {};
  if (what === 'pages' && rest.length === 0) return { kind: 'api-pages', selector, ...of };
  if (what === 'pages') return { kind: 'api-page', selector, slug: rest.filter(Boolean).join('/'), ...of };
  if (what === 'sidebars' && rest.length === 1 && rest[0]) return { kind: 'api-sidebar', selector, name: rest[0], ...of };
  return { kind: 'api-unknown' };
}

/**
 * Reads a ref segment as written in a URL (still percent-encoded): `~{branch}`, `@{commit}`, or a
 * version name. Undefined when it cannot name anything (an empty or unsafe branch name, a commit
 * id that is not hex or is shorter than MIN_COMMIT_PREFIX).
 */
export function parseSelector(segment: string | undefined): Selector | undefined {
  const text = segment === undefined ? undefined : safeDecode(segment);
  if (!text || CONTROL.test(text)) return undefined;
  if (text.startsWith('~')) {
    const name = text.slice(1);
    return name && !name.includes('..') ? { kind: 'branch', name } : undefined;
  }
  if (text.startsWith('@')) {
    const oid = text.slice(1).toLowerCase();
    return oid.length >= MIN_COMMIT_PREFIX && /^[0-9a-f]{1,40}$/.test(oid) ? { kind: 'commit', oid } : undefined;
  }
  return { kind: 'version-name', name: text };
}

/** The URL prefix that selects a ref: `/general`, `/general/5.0`, `/general/~feature%2Fx`, `/general/@abc1234`. */
export function docsPrefix(base: string, selector: Selector): string {
  switch (selector.kind) {
    case 'default':
      return `/${base}`;
    case 'version':
      return `/${base}/${selector.path}`;
    case 'version-name':
      return `/${base}/${encodeURIComponent(selector.name)}`;
    case 'branch':
      return `/${base}/~${encodeURIComponent(selector.name)}`;
    case 'commit':
      return `/${base}/@${selector.oid}`;
  }
}

/** A page's URL under a ref prefix: each slug segment percent-encoded, no trailing slash. */
export function docsUrl(prefix: string, slug: string): string {
  const path = slug.split('/').filter(Boolean).map(encodeURIComponent).join('/');
  return path ? `${prefix}/${path}` : prefix;
}

/**
 * A permalink of the default ref (`/general/x`, as stored: not encoded) as a URL under another
 * ref's prefix (`/general/~branch/x`). Anything outside the docs is returned as it is.
 */
export function permalinkOnRef(permalink: string, base: string, prefix: string): string {
  const root = `/${base}`;
  if (permalink === root) return prefix;
  return permalink.startsWith(`${root}/`) ? docsUrl(prefix, permalink.slice(root.length + 1)) : permalink;
}

/**
 * A URL an author wrote (`/general/x#y`, already URL-encoded) moved onto the reader's ref prefix,
 * keeping its query and fragment. URLs outside the docs pass as they are.
 */
export function urlOnRef(url: string, base: string, prefix: string): string {
  const root = `/${base}`;
  if (url === root) return prefix;
  return /^\/[^/?#]+(?:[/?#]|$)/.test(url) && (url.startsWith(`${root}/`) || url.startsWith(`${root}?`) || url.startsWith(`${root}#`)) ? prefix + url.slice(root.length) : url;
}

/** The content address of a repository file: `/_assets/{blobOid}/{name}`. */
export function repoAssetUrl(oid: string, name: string): string {
  return `/_assets/${oid}/${encodeURIComponent(name)}`;
}

/** `/{base}/tags` or one tag's page, under a ref prefix. */
export function tagsUrl(prefix: string, tagSlug?: string): string {
  return docsUrl(prefix, tagSlug ? `tags/${tagSlug}` : 'tags');
}

/** A version's sitemap, `/{base}[/{version}]/sitemap.xml`, or the site's index of them (no prefix). */
export function sitemapUrl(prefix?: string): string {
  return `${prefix ?? ''}/${SITEMAP}`;
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
  return slug ? `${docsUrl(prefix, slug)}${MARKDOWN_SUFFIX}` : `${prefix}/${ROOT_MARKDOWN}`;
}

/** A ref's llms.txt, or llms-full.txt with `full`. */
export function llmsUrl(prefix: string, full = false): string {
  return `${prefix}/${full ? 'llms-full.txt' : 'llms.txt'}`;
}

/** The OpenSearch description's URL. */
export function openSearchUrl(): string {
  return `/${OPENSEARCH_FILE}`;
}

/** Decodes one path segment; undefined for malformed percent-encoding. */
export function safeDecode(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}
