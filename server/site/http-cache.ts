import crypto from 'node:crypto';
import { RENDERER_VERSION } from '../markdown/render.js';
import type { Located, Site, Snapshot } from './site.js';

/** The caching headers of a successful response. */
export interface CachePolicy {
  etag?: string;
  cacheControl: string;
}

/** Cache-Control by what a URL names (docs/decisions/002-versions-and-refresh.md). */
export const CACHE_CONTROL = {
  /** A commit permalink or a content-addressed asset: never changes. */
  immutable: 'public, max-age=31536000, immutable',
  /** A released version: moves rarely (a tag, a maintenance branch). */
  version: 'public, max-age=3600, stale-while-revalidate=86400',
  /** The default branch and branch previews: move with every push. */
  branch: 'public, max-age=60, stale-while-revalidate=600',
  /** Everything derived from the whole snapshot (the version list). */
  snapshot: 'public, max-age=60, stale-while-revalidate=600',
  /** Errors are never cached: the next push or sync may fix them. */
  error: 'no-store',
} as const;

/**
 * The caching headers of a GET to `pathname` (still percent-encoded) in a snapshot, or undefined
 * when the path is not one this knows (the response keeps its own headers). The ETag covers the
 * commit, the page URL, the renderer version and the app build; pages of versions and branches
 * also show the version list, so it covers the default commit too. Commit permalinks do not show
 * it, which keeps them immutable. `variant` is what else of the request changes the answer (the
 * reader's theme cookie), so a reader who switches theme never gets a 304 for the old one.
 */
export async function cachePolicy(site: Site, snapshot: Snapshot, pathname: string, search: string, buildVersion: string, variant = ''): Promise<CachePolicy | undefined> {
  if (/^\/_assets\/[0-9a-f]{40}\//.test(pathname)) return { cacheControl: CACHE_CONTROL.immutable };
  const etagOf = (...parts: string[]) => `W/"${crypto.createHash('sha256').update([...parts, pathname, search, RENDERER_VERSION, buildVersion, variant].join('\n')).digest('base64url').slice(0, 27)}"`;
  if (pathname === '/api/versions') {
    return { etag: etagOf(snapshot.defaultCommit, ...snapshot.versions.map((version) => version.commit ?? '-')), cacheControl: CACHE_CONTROL.snapshot };
  }
  const located = await locatePath(site, snapshot, pathname);
  if (!located) return undefined;
  const cacheControl = located.kind === 'commit' ? CACHE_CONTROL.immutable : located.kind === 'version' && !located.version?.isCurrent ? CACHE_CONTROL.version : CACHE_CONTROL.branch;
  return { etag: located.kind === 'commit' ? etagOf(located.commit) : etagOf(located.commit, snapshot.defaultCommit), cacheControl };
}

/** Locates a docs page URL (or its Remix `.data` twin) or a content API URL of one version. */
async function locatePath(site: Site, snapshot: Snapshot, pathname: string): Promise<Located | undefined> {
  const base = snapshot.config.docs.base;
  const api = /^\/api\/versions\/([^/]+)\/(.*)$/.exec(pathname);
  const splat = api ? versionSplat(snapshot, api[1]) : pathname === `/${base}` || pathname === `/${base}.data` ? '' : pathname.startsWith(`/${base}/`) ? pathname.slice(base.length + 2).replace(/\.data$/, '') : undefined;
  if (splat === undefined) return undefined;
  const located = await site.locate(snapshot, splat);
  return 'notFound' in located ? undefined : located;
}

/**
 * The docs URL segment that selects what the API calls a version: a version name, `~{branch}` or
 * `@{commit}` (already percent-encoded). Undefined for an unknown version name.
 */
export function versionSplat(snapshot: Snapshot, selector: string): string | undefined {
  if (selector.startsWith('~') || selector.startsWith('@')) return selector;
  const version = snapshot.versions.find((candidate) => candidate.name === decodeURIComponentSafe(selector));
  return version ? version.path : undefined;
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** True when an If-None-Match header names the ETag (a list, or `*`). */
export function matchesETag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const weak = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || weak(tag) === weak(etag));
}
