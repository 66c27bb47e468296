// What a URL of the site can address (server/urls.ts): the routes, the grammar's inputs, and the
// names the grammar reserves.

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

/** The blog's documents that are not pages: a post's `.md`, `llms.txt`, a feed, a feed's XSLT stylesheet, `sitemap.xml`. */
export type BlogText = 'markdown' | 'llms' | 'feed' | 'stylesheet' | 'sitemap';

/** What a request path addresses. */
export type Route =
  | { kind: 'home'; data: boolean }
  | ({ kind: DocsRouteKind; data: boolean; slug: string } & DocsAddress)
  /** `{page}.md` (`/general/index.md` for a version's root): a doc as plain Markdown, for agents and tools. */
  | ({ kind: 'markdown'; slug: string } & DocsAddress)
  /** `/{base}[/{ref}]/llms.txt` (an index of the pages) and `llms-full.txt` (every page as Markdown). */
  | ({ kind: 'llms'; full: boolean } & DocsAddress)
  /**
   * `/{blog}[/{~branch|@commit}][/...]`: a page of a blog (`blog` is its URL root; `path` the segments
   * after it and its ref); `text`: a document answered beside Remix, a post as Markdown
   * (`{post}.md`), the blog's `llms.txt`, a feed (`rss.xml`, `atom.xml`, `feed.json`) and its
   * stylesheet (`rss.xsl`, `atom.xsl`), or its `sitemap.xml`.
   */
  | { kind: 'blog'; blog: string; selector: Selector; path: string[]; data: boolean; text?: BlogText }
  /** A page of the pages plugin (`src/pages/help.md` at `/help`): `path` is its route without slashes ('' for `/`). */
  | { kind: 'page'; path: string; data: boolean }
  /** A repository file by blob id (`/_assets/{oid}/{name}`), or by the MD4 of its content at Docusaurus's address (`/assets/files/{stem}-{md4}{ext}`). */
  | { kind: 'repo-asset'; oid: string; name: string }
  | { kind: 'repo-asset'; md4: string; name: string }
  | { kind: 'build-asset' }
  /** The site's own stylesheet by the hash of its content (`/_assets/css/{hash}.css`, decision 042). */
  | { kind: 'site-css'; hash: string }
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
  /** `GET /api/blog?blog=&ref=`: a blog's posts, tags and authors as JSON. */
  | { kind: 'api-blog' }
  | { kind: 'api-unknown' }
  /** `/opensearch.xml`: the OpenSearch description browsers add the site's search from. */
  | { kind: 'opensearch' }
  | { kind: 'webhook' }
  /** `/mcp`: the Model Context Protocol endpoint for agents (decision 037); POST only. */
  | { kind: 'mcp' }
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
  /** `/llms.txt` of a site with no docs or blog at its root: the index of every part's llms.txt. */
  | { kind: 'site-llms' }
  | { kind: 'not-found' }
  /** A path that cannot be a URL of this site (malformed encoding, control characters): a 400. */
  | { kind: 'bad-url'; reason: string };

/** Every kind of Route; a test checks each has a cache policy and a metric label. */
export const ROUTE_KINDS = [
  'home',
  'blog',
  'page',
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
  'site-css',
  'api-versions',
  'api-pages',
  'api-page',
  'api-sidebar',
  'api-schema',
  'api-search',
  'api-links',
  'api-changes',
  'api-blog',
  'api-unknown',
  'opensearch',
  'webhook',
  'mcp',
  'healthz',
  'readyz',
  'metrics',
  'theme',
  'live',
  'sitemap',
  'sitemap-index',
  'robots',
  'site-llms',
  'not-found',
  'bad-url',
] as const satisfies readonly Route['kind'][];

/** What the grammar needs from the site configuration: each docs instance's base and version paths. */
export interface UrlGrammar {
  instances: readonly InstanceGrammar[];
  /** The URL roots of the site's blogs (`blog`), when it has any. */
  blogs?: readonly string[];
  /** The routes of the pages plugin's pages (`help`, '' for `/`): a page's exact path is found before any docs instance or blog. */
  pages?: ReadonlySet<string>;
  /** The segments of the site's base URL (`project` for `/project/`), when it is not `/`: its landing page is there. */
  root?: string;
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
/** Where agents reach the site's MCP server (decision 037). */
export const MCP_PATH = '/mcp';

/** The OpenSearch description's file name, at the site's root. */
export const OPENSEARCH_FILE = 'opensearch.xml';
