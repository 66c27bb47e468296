// What every view of one request shares: the site, the snapshot pinned for the request, and its
// URL, parsed once (server/urls.ts).
import type { DocSet } from '../content/doc-set.js';
import { permalinkOnRef, type Route } from '../urls.js';
import type { RequestBudget } from './admission.js';
import { HttpError, notFound } from './http-error.js';
import type { Located, Site, Snapshot } from './site.js';

/** One request as the façade sees it. */
export interface RequestContext {
  site: Site;
  /** Pinned once per request, so every view of a request reads the same commit. */
  snapshot: Snapshot;
  /** The request's URL, parsed once. */
  route: Route;
  /** The query string. */
  search: URLSearchParams;
  /** The client and when it leaves, for work it pays for (decision 030); absent outside a request. */
  budget?: RequestBudget;
}

/** The docs of the commit a docs URL selects, and how to link on that ref. */
export interface OpenedDocs {
  docSet: DocSet;
  located: Located;
  /** The page's slug, after the ref selector. */
  slug: string;
  /** Maps a default-ref permalink (`/general/x`) to the same page on the reader's ref. */
  href: (permalink: string) => string;
}

/** Opens the doc set a docs route selects; a 404 for anything else or an unknown ref. */
export async function openDocs(context: RequestContext, kinds: readonly Route['kind'][] = ['doc', 'category', 'tags', 'search', 'links', 'changes', 'diff']): Promise<OpenedDocs> {
  const { route, site, snapshot } = context;
  if (!('selector' in route) || !kinds.includes(route.kind)) throw notFound('There is no page at this address.');
  const located = await site.locate(snapshot, route.selector);
  const docSet = await openDocSet(site, located.commit);
  const base = docSet.location.base;
  return { docSet, located, slug: 'slug' in route ? route.slug : '', href: (permalink) => permalinkOnRef(permalink, base, located.prefix) };
}

/** A commit's doc set; a commit whose docsite.yaml is broken is a 422 that names the file and line. */
export async function openDocSet(site: Site, commit: string): Promise<DocSet> {
  try {
    return await site.docSet(commit);
  } catch (error) {
    if (error instanceof Error && error.name === 'SiteConfigError') throw new HttpError(422, 'Broken site configuration', error.message);
    throw error;
  }
}

/** A permalink's slug under any ref prefix, the inverse of permalinkOf: `/general/a/b` is `a/b`, `/general` is empty. */
export function slugOfPermalink(docSet: DocSet, permalink: string): string {
  const root = `/${docSet.location.base}`;
  return permalink === root ? '' : permalink.slice(root.length + 1);
}

/** The permalink a slug names in a doc set (`''` is the docs home). */
export function permalinkOf(docSet: DocSet, slug: string): string {
  return slug ? `/${docSet.location.base}/${slug}` : `/${docSet.location.base}`;
}
