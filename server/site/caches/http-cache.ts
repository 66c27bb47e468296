// HTTP caching by what a URL names (docs/decisions/002-versions-and-refresh.md): Cache-Control from
// how fast the ref can move, and an ETag from everything the answer depends on.
import { postAt } from '../../blog/blog.js';
import { blogAt, blogRoot, blogsOf, openBlog } from '../blogs.js';
import { siteBase } from '../../config/site-config.js';
import { lastVersionOf } from '../../docs/docs-instance.js';
import crypto from 'node:crypto';
import { RENDERER_VERSION } from '../../markdown/render.js';
import type { Route, UrlGrammar } from '../../urls.js';
import type { Snapshot } from '../site.js';
import { allVersions } from '../snapshot.js';
import { addressOfRoute, type RequestContext } from '../request.js';
import { blogResponseKeys, responseKeys, SITE_KEY, SNAPSHOT_KEY } from './surrogate-keys.js';

/** The caching headers of a successful response. */
export interface CachePolicy {
  etag?: string;
  cacheControl: string;
  /** The commits of moving refs the answer was read from: when none is served any more, the answer is stale. */
  dependsOn: string[];
  /** Its cache tags (`Surrogate-Key`, `Cache-Tag`): what a purge after a refresh names (surrogate-keys.ts). */
  keys: string[];
}

/** Cache-Control by what a URL names. */
export const CACHE_CONTROL = {
  /** A commit permalink or a content-addressed asset: never changes. */
  immutable: 'public, max-age=31536000, immutable',
  /** A released version: moves rarely (a tag, a maintenance branch). A cache may serve it through an outage for a day. */
  version: 'public, max-age=3600, stale-while-revalidate=86400, stale-if-error=86400',
  /** The current version (the default branch): moves with every push. */
  branch: 'public, max-age=60, stale-while-revalidate=600, stale-if-error=86400',
  /** A branch preview: an author reloads it right after a push, so caches revalidate every time (the ETag names the commit, so a 304 is cheap). */
  preview: 'public, no-cache',
  /** Everything derived from the whole snapshot (the version list). */
  snapshot: 'public, max-age=60, stale-while-revalidate=600, stale-if-error=86400',
  /** A description of the server itself (the configuration schema): changes with a deployment. */
  server: 'public, max-age=3600',
  /** Search results: a shared cache may keep them briefly, a reader's browser revalidates. */
  search: 'public, max-age=0, s-maxage=30',
  /** A comparison of two refs (changes, rendered diffs): either may move, so caches revalidate; the ETag names every served tip. */
  review: 'public, no-cache',
  /** Errors and operator endpoints are never cached. */
  noStore: 'no-store',
} as const;

/** How each kind of URL is cached: by the ref it reads, by the whole snapshot, forever, or never. */
type PolicyKind = 'content' | 'home' | 'blog' | 'snapshot' | 'immutable' | 'server' | 'search' | 'review' | 'no-store';

/** Every route kind's policy; the type makes a new kind without one a compile error, and a test checks it too. */
export const ROUTE_POLICIES: Readonly<Record<Route['kind'], PolicyKind>> = {
  home: 'home',
  // A blog's pages: of the default commit, or of a branch or commit (see cachePolicy).
  blog: 'blog',
  // A page of the pages plugin: of the default commit, and it may show the navbar and the versions (a React page's useVersions).
  page: 'snapshot',
  doc: 'content',
  category: 'content',
  tags: 'content',
  markdown: 'content',
  llms: 'content',
  // Results change as a ref's index is built (an answer may come from its previous commit): revalidated every time.
  search: 'search',
  'api-search': 'search',
  // The ref is a query parameter (as for search); the report itself is cached by commit (link-report.ts).
  'api-links': 'search',
  // A commit's report: immutable per commit, so it is cached as the ref it reads.
  links: 'content',
  // Two refs compared: the ETag covers every served tip, since the base can be any of them.
  changes: 'review',
  diff: 'review',
  'api-changes': 'review',
  // Any ref by `?ref=`: the ETag covers every ref's name.
  'api-blog': 'review',
  opensearch: 'server',
  'api-pages': 'content',
  'api-page': 'content',
  'api-sidebar': 'content',
  'repo-asset': 'immutable',
  'build-asset': 'immutable',
  'site-css': 'immutable',
  'api-versions': 'snapshot',
  'api-schema': 'server',
  'api-unknown': 'no-store',
  webhook: 'no-store',
  mcp: 'no-store',
  healthz: 'no-store',
  readyz: 'no-store',
  metrics: 'no-store',
  theme: 'no-store',
  live: 'no-store',
  sitemap: 'content',
  'sitemap-index': 'snapshot',
  robots: 'snapshot',
  'site-llms': 'snapshot',
  'not-found': 'no-store',
  'bad-url': 'no-store',
};

/** The cache tags of a blog's response at the default ref: its post's, or the list pages' (a blog this snapshot does not have: the snapshot's). */
async function blogKeysOf({ site, snapshot, route }: RequestContext): Promise<string[]> {
  const options = route.kind === 'blog' ? blogAt(snapshot.config, route.blog) : undefined;
  if (route.kind !== 'blog' || !options) return [SITE_KEY, SNAPSHOT_KEY];
  const { blog } = await openBlog(site, snapshot.defaultCommit, options);
  // Feeds, the sitemap and llms.txt show posts or the list of them; only a post's page and its `.md` are the post's own.
  const post = route.text === undefined || route.text === 'markdown' ? postAt(blog, route.path) : undefined;
  return blogResponseKeys(options.id, snapshot.defaultCommit, post?.permalink);
}

/** The metrics label of a request: its route kind, a bounded set, never the URL itself. */
export function routeLabel(route: Route): string {
  return route.kind;
}

/** The URL grammar of a snapshot: each instance's base, and its versions' paths (refs, or folders of the default commit). */
export function grammarOf(snapshot: Snapshot): UrlGrammar {
  return {
    instances: snapshot.instances.map((instance) => {
      const paths = new Set(instance.versions.filter((version) => version.path).map((version) => version.path));
      const refs = instance.model.kind === 'refs';
      return { base: instance.config.base, versionPaths: refs ? paths : new Set(), folderPaths: refs ? new Set() : paths };
    }),
    blogs: blogsOf(snapshot.config).map(blogRoot),
    pages: new Set(snapshot.pages?.keys() ?? []),
    root: siteBase(snapshot.config) || undefined,
  };
}

/**
 * The caching headers of a successful GET of `route`. The ETag covers the commit, the URL, the
 * renderer version, the app build, the day (banners and the release archive change with the date)
 * and `variant` (what else of the request changes the answer: the reader's theme); pages of
 * versions and branches also show the version list and which versions hold the page, so it covers
 * the default commit and every version's commit too. Commit permalinks do not show it, which keeps them immutable. Undefined when
 * the URL names nothing that exists (the error answer sets its own headers). The ETag is also the
 * page cache's key, so it must name everything a response depends on.
 */
export async function cachePolicy(context: RequestContext, url: string, buildVersion: string, variant = ''): Promise<CachePolicy | undefined> {
  const { site, snapshot, route } = context;
  const day = site.day();
  const etagOf = (...parts: string[]) =>
    `W/"${crypto
      .createHash('sha256')
      .update([...parts, url, RENDERER_VERSION, buildVersion, day, variant].join('\n'))
      .digest('base64url')
      .slice(0, 27)}"`;
  // Pages say which versions hold them ("Available in", the switcher): every version's commit counts.
  const versionList = allVersions(snapshot)
    .map((version) => version.commit ?? '-')
    .join(',');
  // `docsite preview` commits on every save: the author's browser must revalidate every time.
  const current = site.workingTree ? CACHE_CONTROL.preview : CACHE_CONTROL.branch;
  /** What depends on the default commit and every version's. */
  const snapshotPolicy = (): CachePolicy => {
    const commits = [snapshot.defaultCommit, ...allVersions(snapshot).map((version) => version.commit ?? '-')];
    return { etag: etagOf(...commits), cacheControl: CACHE_CONTROL.snapshot, dependsOn: commits.filter((commit) => commit !== '-'), keys: [SITE_KEY, SNAPSHOT_KEY] };
  };
  switch (ROUTE_POLICIES[route.kind]) {
    case 'immutable':
      return { cacheControl: CACHE_CONTROL.immutable, dependsOn: [], keys: [] };
    case 'server':
      return { cacheControl: CACHE_CONTROL.server, etag: etagOf(), dependsOn: [], keys: [SITE_KEY] };
    case 'no-store':
      return { cacheControl: CACHE_CONTROL.noStore, dependsOn: [], keys: [] };
    case 'search':
      // No ETag: the answer depends on which index is ready, not only on the commit.
      return { cacheControl: CACHE_CONTROL.search, dependsOn: [], keys: [] };
    case 'review': {
      // The URL (with its query) names both refs: the ETag covers what every name it can hold points at.
      const names = JSON.stringify([[...snapshot.branches], [...snapshot.tags], versionList]);
      // Revalidated every time (no-cache), so a cache in front needs no finer purge than the site's.
      return { etag: etagOf(names, snapshot.defaultCommit), cacheControl: CACHE_CONTROL.review, dependsOn: [...snapshot.servedTips], keys: [SITE_KEY] };
    }
    case 'blog':
      // A preview or a permalink: the ETag covers every ref the name can point at, as for the review pages.
      if (route.kind === 'blog' && route.selector.kind !== 'default') {
        const names = JSON.stringify([[...snapshot.branches], [...snapshot.tags]]);
        return { etag: etagOf(names, snapshot.defaultCommit), cacheControl: CACHE_CONTROL.preview, dependsOn: [...snapshot.servedTips], keys: [SITE_KEY] };
      }
      // Purged by post (surrogate-keys.ts): a push that edits a post's body purges it and the pages that show posts, not the site.
      return { ...snapshotPolicy(), keys: await blogKeysOf(context) };
    case 'snapshot':
      return snapshotPolicy();
    case 'home': {
      const last = snapshot.instances[0] && lastVersionOf(snapshot.instances[0]);
      if (!last?.commit) return undefined;
      return {
        etag: etagOf(last.commit, snapshot.defaultCommit, versionList),
        cacheControl: last.isCurrent ? current : CACHE_CONTROL.version,
        dependsOn: [last.commit, snapshot.defaultCommit],
        keys: [SITE_KEY, SNAPSHOT_KEY],
      };
    }
    case 'content': {
      const address = addressOfRoute(snapshot, route);
      if (!address) return undefined;
      const found = await context.reads.locate(address).catch(() => undefined);
      if (!found) return undefined;
      const { located } = found;
      const keys = responseKeys(located, 'slug' in found.route ? (found.route.slug as string) : 'slug' in route ? route.slug : undefined, route.kind === 'links');
      if (located.kind === 'commit') return { etag: etagOf(located.commit), cacheControl: CACHE_CONTROL.immutable, dependsOn: [], keys };
      // A released version moves rarely when it is a ref of its own; versions kept in folders move with the default branch.
      const released = located.kind === 'version' && located.version?.ref !== undefined && !located.version.isCurrent;
      const cacheControl = located.kind === 'branch' ? CACHE_CONTROL.preview : released ? CACHE_CONTROL.version : current;
      return { etag: etagOf(located.commit, snapshot.defaultCommit, versionList), cacheControl, dependsOn: [located.commit, snapshot.defaultCommit], keys };
    }
  }
}
