// Parses request paths into Routes (server/urls.ts), once per request.
import {
  CHANGES_SLUG,
  DIFF_PARAM,
  LINKS_SLUG,
  LIVE_PATH,
  MCP_PATH,
  MIN_COMMIT_PREFIX,
  OPENSEARCH_FILE,
  SEARCH_SLUG,
  type DocsAddress,
  type DocsRouteKind,
  type InstanceGrammar,
  type Route,
  type Selector,
  type UrlGrammar,
} from './route.js';
import {
  CONTROL,
  DATA_SUFFIX,
  HASHED_NAME,
  FEED_FILES,
  FEED_STYLESHEETS,
  LLMS_FILES,
  MARKDOWN_SUFFIX,
  OID,
  PUBLIC_FILES,
  ROOT_BLOG_SITEMAP,
  ROOT_MARKDOWN,
  SITEMAP,
} from './reserved.js';
import { docsPrefix, folderPrefix } from './build.js';

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

  if (pathname === '/' || pathname === '/_root.data') {
    // Docs at the site root (routeBasePath `/`, docs-only mode) have their root doc there; else a
    // blog at the root (blog-only mode) is the home page.
    const data = pathname !== '/';
    if (grammar.pages?.has('')) return { kind: 'page', path: '', data };
    const rootDocs = grammar.instances.find((candidate) => candidate.base === '');
    if (rootDocs) return parseDocs([], rootDocs, data, query?.has(DIFF_PARAM) ?? false);
    return grammar.blogs?.includes('') ? parseBlog('', [], data) : { kind: 'home', data };
  }
  if (parts.length === 1 && (first === 'healthz' || first === 'readyz' || first === 'metrics')) return { kind: first };
  if (parts.length === 1 && first === '_theme') return { kind: 'theme' };
  if (pathname === LIVE_PATH) return { kind: 'live' };
  if (pathname === MCP_PATH) return { kind: 'mcp' };
  if (pathname === '/robots.txt') return { kind: 'robots' };
  // The llms.txt convention's place: docs or a blog at the root have their own there.
  if (pathname === '/llms.txt' && !grammar.instances.some((instance) => instance.base === '') && !grammar.blogs?.includes('')) return { kind: 'site-llms' };
  if (pathname === `/${SITEMAP}`) return { kind: 'sitemap-index' };
  // A site below a base URL (each locale's: `/zh/`) has its sitemap there too, as its build writes it,
  // unless docs or a blog sit at that root and have their own.
  const atRoot = (route: string) => route === grammar.root;
  if (grammar.root && pathname === `/${grammar.root}/${SITEMAP}` && !grammar.instances.some((instance) => atRoot(instance.base)) && !grammar.blogs?.some(atRoot))
    return { kind: 'sitemap-index' };
  if (parts.length === 1 && first === OPENSEARCH_FILE) return { kind: 'opensearch' };
  if (first === 'assets' && parts[1] === 'files' && parts.length === 3) {
    // A file a page links, at the address a Docusaurus build gave it (build.ts hashedAssetUrl).
    const hashed = HASHED_NAME.exec(parts[2]);
    return hashed ? { kind: 'repo-asset', md4: hashed[2], name: `${hashed[1]}${hashed[3] ?? ''}` } : { kind: 'not-found' };
  }
  if (first === 'assets' || PUBLIC_FILES.has(pathname)) return { kind: 'build-asset' };
  if (first === '_assets' && parts[1] === 'css' && parts.length === 3) {
    const hash = /^([0-9a-f]{20})\.css$/.exec(parts[2])?.[1];
    return hash ? { kind: 'site-css', hash } : { kind: 'not-found' };
  }
  if (first === '_assets') {
    const [, oid = '', name = '', ...rest] = parts;
    return OID.test(oid) && name && !rest.length ? { kind: 'repo-asset', oid, name } : { kind: 'not-found' };
  }
  if (first === 'api') {
    // docsite's API answers its own endpoints; any other /api/... is a site's docs or blog at `api`
    // when it has them (an API reference is often there), else the API's 404.
    const api = parseApi(segments.slice(1), parts.slice(1), query?.get('instance') || undefined);
    const ownsApi = [...grammar.instances.map((instance) => instance.base), ...(grammar.blogs ?? [])].some((route) => route === 'api' || route.startsWith('api/'));
    if (api.kind !== 'api-unknown' || !ownsApi) return api;
  }

  const data = pathname.endsWith(DATA_SUFFIX);
  const docsPath = data ? pathname.slice(0, -DATA_SUFFIX.length) : pathname;
  const docsSegments = docsPath.slice(1).split('/');
  // A page's own path (Docusaurus routes `src/pages/help.md` at `/help`, with or without a trailing
  // slash) is found before a docs instance or a blog whose route it is under.
  const pagePath = parts.length && grammar.pages?.size ? pageRoute(docsSegments) : undefined;
  if (pagePath !== undefined && grammar.pages!.has(pagePath)) return { kind: 'page', path: pagePath, data };
  // The docs instance or blog whose route is the longest one the path starts with: `/docs/api/x` is
  // the instance at `docs/api` before the one at `docs`; one at the site root takes what none other does.
  const instance = longestRoute(grammar.instances, (candidate) => candidate.base, docsSegments);
  const blog = longestRoute(grammar.blogs ?? [], (root) => root, docsSegments);
  const depth = (route: string) => (route ? route.split('/').length : 0);
  if (blog !== undefined && (!instance || depth(blog) > depth(instance.base))) return parseBlog(blog, docsSegments.slice(depth(blog)), data);
  // Below a base URL (`/project/`), the site's landing page is at the base, as `/` is without one.
  if (!instance && grammar.root && docsSegments.filter(Boolean).join('/') === grammar.root) return { kind: 'home', data };
  if (!instance) return { kind: 'not-found' };
  return parseDocs(docsSegments.slice(depth(instance.base)), instance, data, query?.has(DIFF_PARAM) ?? false);
}

/** The route a path's segments name as a page (decoded, without a trailing slash); undefined for a malformed one. */
function pageRoute(segments: readonly string[]): string | undefined {
  const decoded = segments.map(safeDecode);
  if (decoded.some((segment) => segment === undefined)) return undefined;
  const parts = decoded as string[];
  return (parts.at(-1) === '' ? parts.slice(0, -1) : parts).join('/');
}

/** Of `candidates`, the one whose route (`docs/api`, or '' for the site root) the path's segments start with, the longest first. */
function longestRoute<T>(candidates: readonly T[], routeOf: (candidate: T) => string, segments: readonly string[]): T | undefined {
  let found: T | undefined;
  let foundDepth = -1;
  for (const candidate of candidates) {
    const route = routeOf(candidate);
    const parts = route ? route.split('/') : [];
    if (parts.length > foundDepth && parts.every((part, index) => segments[index] === part)) {
      found = candidate;
      foundDepth = parts.length;
    }
  }
  return found;
}

/** A blog's address: a `~branch` or `@commit` first (the default ref without one), then the page's segments. */
function parseBlog(blog: string, segments: string[], data: boolean): Route {
  const [head = ''] = segments;
  const selector = head.startsWith('~') || head.startsWith('@') ? parseSelector(head) : { kind: 'default' as const };
  if (!selector) return { kind: 'not-found' };
  const rest = (selector.kind === 'default' ? segments : segments.slice(1)).map((segment) => safeDecode(segment) ?? segment).filter(Boolean);
  if (rest.length === 1 && !data) {
    const sitemap = blog ? SITEMAP : ROOT_BLOG_SITEMAP;
    const stylesheet = (Object.values(FEED_STYLESHEETS) as string[]).includes(rest[0]);
    const text = rest[0] === 'llms.txt' ? 'llms' : Object.hasOwn(FEED_FILES, rest[0]) ? 'feed' : stylesheet ? 'stylesheet' : rest[0] === sitemap ? 'sitemap' : undefined;
    if (text) return { kind: 'blog', blog, selector, path: text === 'feed' || text === 'stylesheet' ? rest : [], data, text };
  }
  const last = rest.at(-1);
  if (last?.endsWith(MARKDOWN_SUFFIX) && last.length > MARKDOWN_SUFFIX.length) {
    return { kind: 'blog', blog, selector, path: [...rest.slice(0, -1), last.slice(0, -MARKDOWN_SUFFIX.length)], data, text: 'markdown' };
  }
  return { kind: 'blog', blog, selector, path: rest, data };
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
  if (parts.length === 2 && first === 'schema' && ['docsite.json', 'search.json', 'links.json', 'changes.json', 'blog.json'].includes(selectorText)) return { kind: 'api-schema' };
  if (parts.length === 1 && first === 'search') return { kind: 'api-search' };
  if (parts.length === 1 && first === 'links') return { kind: 'api-links' };
  if (parts.length === 1 && first === 'changes') return { kind: 'api-changes' };
  if (parts.length === 1 && first === 'blog') return { kind: 'api-blog' };
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

/**
 * The page a request path is of: itself, or for a client navigation's data request (`/x.data`,
 * `/_root.data`) the page it loads, which ends with a slash on a site whose pages do (`trailingSlash`:
 * the data URL drops it).
 */
export function pagePathOf(pathname: string, trailingSlash?: boolean): string {
  if (pathname === '/_root.data') return '/';
  if (!pathname.endsWith(DATA_SUFFIX)) return pathname;
  return `${pathname.slice(0, -DATA_SUFFIX.length)}${trailingSlash ? '/' : ''}`;
}

/** Decodes one path segment; undefined for malformed percent-encoding. */
export function safeDecode(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}
