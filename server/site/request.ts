// What every view of one request shares: the site, the snapshot pinned for the request, its URL,
// parsed once (server/urls.ts), and what it reads of the docs, read once (request-reads.ts).
import type { DocSet } from '../content/doc-set.js';
import { permalinkOf as docPermalink } from '../content/ids.js';
import { parseSelector, permalinkOnRef, type DocsAddress, type Route, type Selector } from '../urls.js';
import type { RequestBudget } from './work/admission.js';
import { HttpError, notFound } from './http-error.js';
import { RequestReads } from './request-reads.js';
import { addressOf, type DocsRoute } from './locate.js';
import type { Located, Site, Snapshot } from './site.js';
import { instanceAt } from './snapshot.js';

/** One request as the façade sees it. */
export interface RequestContext {
  site: Site;
  /** Pinned once per request, so every view of a request reads the same commit. */
  snapshot: Snapshot;
  /** The request's URL, parsed once. */
  route: Route;
  /** The query string. */
  search: URLSearchParams;
  /** The path requested, as sent (percent-encoded); absent for requests made inside the server (link reports, previews). */
  pathname?: string;
  /** The client and when it leaves, for work it pays for (decision 030); absent outside a request. */
  budget?: RequestBudget;
  /** What the request reads of the docs, each read once and shared by its views. */
  reads: RequestReads;
}

/** The context of one request: its snapshot pinned, its URL parsed, nothing read yet. */
export function requestContext(site: Site, fields: Omit<RequestContext, 'site' | 'reads' | 'snapshot'> & { snapshot?: Snapshot }): RequestContext {
  const snapshot = fields.snapshot ?? site.snapshot();
  return { ...fields, site, snapshot, reads: new RequestReads(site, snapshot) };
}

/** The docs of the commit a docs URL selects, and how to link on that ref. */
export interface OpenedDocs {
  docSet: DocSet;
  located: Located;
  /** The route, fitted to the version folders of the commit it reads. */
  route: DocsRoute;
  /** The page's slug, after the ref selector and the version. */
  slug: string;
  /** Maps a permalink of the doc set (`/docs/5.2/x`) to the same page on the reader's ref (`/docs/~b/5.2/x`). */
  href: (permalink: string) => string;
}

/** Opens the doc set a docs route selects; a 404 for anything else or an unknown ref. */
export async function openDocs(context: RequestContext, kinds: readonly Route['kind'][] = ['doc', 'category', 'tags', 'search', 'links', 'changes', 'diff']): Promise<OpenedDocs> {
  if (!('base' in context.route) || !kinds.includes(context.route.kind)) throw notFound('There is no page at this address.');
  const { located, route } = await context.reads.locate(context.route as DocsRoute);
  const docSet = await context.reads.docSet(located);
  return { docSet, located, route, slug: 'slug' in route ? route.slug : '', href: (permalink) => permalinkOnRef(permalink, docSet.location.base, located.prefix) };
}

/** A permalink's slug under any ref prefix, the inverse of permalinkOf: `/general/a/b` is `a/b`, `/general` is empty. */
export function slugOfPermalink(docSet: DocSet, permalink: string): string {
  const root = docPermalink(docSet.location.base, '');
  return permalink === root ? '' : permalink.slice(root === '/' ? 1 : root.length + 1);
}

/** The permalink a slug names in a doc set (`''` is the docs home). */
export function permalinkOf(docSet: DocSet, slug: string): string {
  return docPermalink(docSet.location.base, slug);
}

/**
 * The docs address a route reads: a docs URL's own, or an API route's (its version in the
 * instance named by `?instance=`, the first instance by default). Undefined for other routes, and
 * for an instance id the snapshot does not have.
 */
export function addressOfRoute(snapshot: Snapshot, route: Route): DocsAddress | undefined {
  if ('base' in route) return route;
  if (!('selector' in route)) return undefined;
  const instance = 'instance' in route && route.instance ? snapshot.instances.find((candidate) => candidate.config.id === route.instance) : snapshot.instances[0];
  return instance && addressOf(instance.config.base, route.selector);
}

/**
 * The ref a query parameter names (`?ref=`, `?base=`, `?diff=`: a version name, `~branch` or
 * `@commit`; none: the latest version), located and opened. It reads the instance of `near` (else
 * the route's, else the one `?instance=` names, else the first) and, unless it names a version, the version folder of `near` (else
 * the latest version's). A value that cannot name a ref is a 400.
 */
export async function openParam(context: RequestContext, text: string | null, near?: Located): Promise<{ located: Located; docSet: DocSet }> {
  const selector: Selector | undefined = text ? parseSelector(encodeURIComponent(text)) : { kind: 'default' };
  if (!selector) throw new HttpError(400, 'Bad ref', `"${text?.slice(0, 100)}" is not a version name, ~branch or @commit.`);
  const named = context.search.get('instance');
  const instance = near
    ? instanceAt(context.snapshot, near.instance.base)
    : 'base' in context.route
      ? instanceAt(context.snapshot, context.route.base)
      : named
        ? context.snapshot.instances.find((candidate) => candidate.config.id === named)
        : context.snapshot.instances[0];
  if (!instance) throw notFound('This site has no docs here.');
  const latest = instance.versions.find((version) => version.isLast);
  const reading = near?.version ?? latest;
  const folder = selector.kind !== 'version-name' && reading ? instance.model.folderOf(reading) : '';
  const { located } = await context.reads.locate(addressOf(instance.config.base, selector, folder));
  return { located, docSet: await context.reads.docSet(located) };
}
