// What the site answers before any page (decision 028): the `_redirects` rules of the ref a URL
// reads (a forced rule always; the others only where no page or file exists, as Netlify applies
// them), and the files of the static folders, which win over a page at the same path.
import { forcedRulesEnd, isRuleTarget, matchRedirect, MAX_HOPS, type Redirects } from '../content/redirects.js';
import { parseUrl, type Route } from '../urls.js';
import { grammarOf } from './caches/http-cache.js';
import { locateRef } from './locate.js';
import { permalinkOf, type RequestContext } from './request.js';
import type { Site, Snapshot } from './site.js';
import { instanceAt } from './snapshot.js';
import { redirectsAt, staticFileAt, type StaticFile } from './static-files.js';
import { SWITCH_PARAM } from './views/shell.js';
import { clientRedirectOf, clientRedirectsAt } from './client-redirects.js';
import { siteBase } from '../config/site-config.js';

/** An answer at the root: a redirect, or a static file. */
export type RootAnswer = { kind: 'redirect'; location: string; status: number } | { kind: 'static'; file: StaticFile };

/** Route kinds a static file or a redirect may answer: addresses of pages, and addresses of nothing. */
const ROOT_KINDS = new Set<Route['kind']>(['not-found', 'doc', 'markdown', 'category', 'tags', 'page']);

/**
 * The redirect or static file that answers `pathname`, or undefined when the app should. A preview
 * or permalink URL (`/docs/~b/apis`) is matched without its ref (`/docs/apis`) against that ref's
 * rules, and a target in the docs gets the ref back (`/docs/~b/5.3/apis`): a branch's redirects are
 * previewed with it.
 */
export async function rootAnswer(context: RequestContext, pathname: string): Promise<RootAnswer | undefined> {
  const { site, snapshot, route, search } = context;
  // A site below a base URL (Docusaurus's `baseUrl`) is there: the host's root leads to it.
  const base = siteBase(snapshot.config);
  if (base && pathname === '/') return { kind: 'redirect', location: `/${base}/`, status: 302 };
  // A blog's pages answer for themselves, but an old address under the blog may be the client-redirects plugin's.
  if (route.kind === 'blog' && !route.text && !route.data) return clientRedirect(context, route, { commit: snapshot.defaultCommit, path: pathname, back: (to) => to });
  if (!ROOT_KINDS.has(route.kind)) return undefined;
  // A page's other form, as Docusaurus's `trailingSlash` says which is the page's (a page, not its data or a file).
  const slashed = trailingSlashOf(snapshot.config.trailingSlash, pathname, route);
  if (slashed) return { kind: 'redirect', location: slashed + (search.size ? `?${search}` : ''), status: 301 };
  const ref = await refOf(site, snapshot, route, pathname);
  const redirects = await redirectsAt(site.docs, site.caches, () => site.repository, ref.commit);
  const forced = matchRedirect(redirects, ref.path, true);
  // Forced rules that would send on forever (a problem in /readyz) are ignored rather than looped.
  if (forced && forcedRulesEnd(redirects, forced.location)) return { kind: 'redirect', location: ref.back(forced.location), status: forced.status };
  // Browsers ask for /favicon.ico whatever the page links: the configured icon answers it.
  const favicon = snapshot.config.favicon;
  const icon = pathname === '/favicon.ico' && favicon && !/^(https?:|data:)/i.test(favicon) ? `/${favicon}` : undefined;
  // The static folders are served below the base URL, as the site's build has them, and at the root,
  // where docsite's own pages name them (the logo, the favicon).
  const staticPath = base && pathname.startsWith(`/${base}/`) ? pathname.slice(base.length + 1) : pathname;
  const file =
    (await staticFileAt(site.docs, snapshot.defaultCommit, staticPath)) ??
    (staticPath !== pathname ? await staticFileAt(site.docs, snapshot.defaultCommit, pathname) : undefined) ??
    (icon && (await staticFileAt(site.docs, snapshot.defaultCommit, icon)));
  if (file) return { kind: 'static', file };
  // The version switcher's own link (`?switch`) is not an old address: the page view answers it.
  if (search.has(SWITCH_PARAM)) return undefined;
  // The plugin's redirect pages are files of the build: they come before the host's unforced rules.
  const client = await clientRedirect(context, route, ref);
  if (client) return client;
  if (!redirects.rules.length || (await pageExists(context, route))) return undefined;
  const rule = matchRedirect(redirects, ref.path, false);
  if (!rule) return undefined;
  // A chain of rules is answered with where it ends (tinymce -> tiny/legacy -> tiny -> 5.3/tiny: one redirect).
  const end = await whereRulesLead(context, redirects, ref.back, rule.location);
  // Netlify applies one rule per request: an address a rule sends to is redirected again only when
  // that leads to a page, else it answers its own 404 (with suggestions), so a rule never loops.
  if (!end && isRuleTarget(redirects, ref.path)) return undefined;
  return { kind: 'redirect', location: end ?? ref.back(rule.location), status: rule.status };
}

/**
 * The client-redirects plugin's redirect of a path (client-redirects.ts), where no page answers it: a
 * real 301, which readers without JavaScript follow too. The query goes along when the target has
 * none, as the plugin's page forwards it (a fragment the browser keeps itself).
 */
async function clientRedirect(context: RequestContext, route: Route, ref: Pick<Awaited<ReturnType<typeof refOf>>, 'commit' | 'path' | 'back'>): Promise<RootAnswer | undefined> {
  const location = clientRedirectOf(await clientRedirectsAt(context.site, ref.commit), ref.path);
  if (!location || (await pageExists(context, route))) return undefined;
  const query = context.search.size && !/[?#]/.test(location) ? `?${context.search}` : '';
  return { kind: 'redirect', location: ref.back(location) + query, status: 301 };
}

/** The page's own form of `pathname` when the site's `trailingSlash` makes it another (`/x` to `/x/`, or back), else undefined. */
function trailingSlashOf(trailingSlash: boolean | undefined, pathname: string, route: Route): string | undefined {
  if (trailingSlash === undefined || pathname === '/' || !PAGE_KINDS.has(route.kind) || ('data' in route && route.data)) return undefined;
  if (trailingSlash && !pathname.endsWith('/')) return `${pathname}/`;
  if (!trailingSlash && pathname.endsWith('/')) return pathname.replace(/\/+$/, '');
  return undefined;
}

/** Route kinds that are pages a reader's browser loads, whose URL `trailingSlash` applies to. */
const PAGE_KINDS = new Set<Route['kind']>(['doc', 'category', 'tags']);

/** Where a rule's target ends within MAX_HOPS rules (back with its ref): a page, a static file or another site; undefined: nowhere. */
async function whereRulesLead(context: RequestContext, redirects: Redirects, back: (location: string) => string, location: string): Promise<string | undefined> {
  const { site, snapshot } = context;
  const seen = new Set<string>();
  let next: string | undefined = location;
  while (next?.startsWith('/') && seen.size < MAX_HOPS) {
    const path: string = next.replace(/[?#].*$/, '');
    if (seen.has(path)) return undefined;
    seen.add(path);
    const forced = matchRedirect(redirects, path, true);
    if (forced) {
      next = forced.location;
      continue;
    }
    const pathname = back(path);
    const route = parseUrl(pathname, grammarOf(snapshot));
    if (route.kind === 'bad-url') return undefined;
    // Any other page of the app (the landing page, search) is a page.
    if (!ROOT_KINDS.has(route.kind) || (await staticFileAt(site.docs, snapshot.defaultCommit, pathname)) || (await pageExists(context, route))) return back(next);
    next = matchRedirect(redirects, path, false)?.location;
  }
  return next && !next.startsWith('/') ? next : undefined;
}

/** The commit whose rules apply, the path they are matched against, and how a target gets the ref back. */
async function refOf(site: Site, snapshot: Snapshot, route: Route, pathname: string) {
  const plain = { commit: snapshot.defaultCommit, path: pathname, back: (location: string) => location };
  if (!('base' in route) || (route.selector.kind !== 'branch' && route.selector.kind !== 'commit')) return plain;
  const instance = instanceAt(snapshot, route.base);
  const reachable = (of: Snapshot) => site.reachable(of);
  const ref =
    instance && (await locateRef(snapshot, instance, route.selector, { reachable, instanceAt: () => Promise.reject(), versionsAt: () => Promise.reject() }).catch(() => undefined));
  if (!ref) return plain;
  // The ref's segment is the first after the instance's route (`/docs/api/~b/x`: `~b`).
  const depth = route.base ? route.base.split('/').length : 0;
  const parts = pathname.split('/');
  const segment = parts[depth + 1];
  const bases = snapshot.instances.map((candidate) => (candidate.config.base ? `/${candidate.config.base}` : '')).sort((a, b) => b.length - a.length);
  return {
    commit: ref.commit,
    path: [...parts.slice(0, depth + 1), ...parts.slice(depth + 2)].join('/') || '/',
    back: (location: string) => {
      const base = bases.find((candidate) => location === (candidate || '/') || location.startsWith(`${candidate}/`));
      if (base === undefined) return location;
      return `${base}/${segment}${location === '/' ? '' : location.slice(base.length)}`;
    },
  };
}

/** True when the app has a page at a route: a page of the pages plugin, a doc of a version that exists, or a version's root. */
async function pageExists({ reads }: RequestContext, route: Route): Promise<boolean> {
  // A page of the pages plugin is in the grammar only when the default commit has it.
  if (route.kind === 'page') return true;
  if (!('base' in route)) return false;
  const found = await reads.locate(route).catch(() => undefined);
  if (!found) return false;
  if (found.route.kind !== 'doc' && found.route.kind !== 'markdown') return true;
  const slug = 'slug' in found.route ? (found.route.slug as string) : '';
  if (!slug) return true;
  const docSet = await reads.docSet(found.located).catch(() => undefined);
  return Boolean(docSet?.byPermalink.has(permalinkOf(docSet, slug)));
}
