// The redirect table of `@docusaurus/plugin-client-redirects` (3.10, collectRedirects.ts and
// extensionRedirects.ts), worked out as its postBuild works it out from the site's route paths:
// `fromExtensions` (`/a.html` to `/a`), `toExtensions` (`/a` to `/a.html`), `redirects`, then what
// `createRedirects` returned for each route; each `to` given the site's `trailingSlash`. Where the
// plugin stops the build (a `from` that is no pathname, a `to` that is no page), docsite leaves that
// redirect out alone and says so; a `from` taken twice keeps its first, one that is a page is never
// redirected (both warnings of Docusaurus). Served as real redirects, so readers without JavaScript
// and crawlers follow them as well as browsers do the plugin's pages.
import { isPathname, type ClientRedirectsOptions } from '../config/docusaurus/client-redirects.js';
import type { Problem } from '../problem.js';

/** Where each redirected path leads, and what was left out. */
export interface ClientRedirectTable {
  /** The target (with the base URL, a `#fragment` kept) by the path a reader asks for, decoded and without a trailing slash. */
  byPath: ReadonlyMap<string, string>;
  problems: Problem[];
}

/** What the table is worked out of. */
export interface ClientRedirectInput {
  options: readonly ClientRedirectsOptions[];
  /** The site's route paths with its base URL, as Docusaurus's postBuild gets them (`/docs/`, `/docs/intro`). */
  routes: readonly string[];
  /** Per instance, what its createRedirects returned for each route (in `routes`' order); undefined: no function. */
  created: readonly (readonly unknown[] | undefined)[];
  /** `/` or `/base/`. */
  baseUrl: string;
  trailingSlash: boolean | undefined;
  /** The config file, for problems. */
  file: string;
}

/** One redirect before it is checked: its key path in the config says where it came from. */
interface Candidate {
  from: string;
  to: string;
  at: string;
}

/** `/a/` as `/a`, decoded, as requests are looked up. */
export function redirectKey(path: string): string {
  let decoded = path;
  try {
    decoded = decodeURI(path);
  } catch {}
  return decoded.length > 1 ? decoded.replace(/\/+$/, '') || '/' : decoded;
}

/** A value as a problem quotes it: short, one line. */
function quoted(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

/** Docusaurus's `applyTrailingSlash`: the pathname of `to` (before `?`/`#`) with or without its slash; never `/` nor the base URL. */
export function applyTrailingSlash(to: string, trailingSlash: boolean | undefined, baseUrl: string): string {
  if (to.startsWith('#') || trailingSlash === undefined) return to;
  const [pathname] = to.split(/[#?]/);
  if (pathname === '/' || pathname === baseUrl) return to;
  const changed = trailingSlash ? (pathname.endsWith('/') ? pathname : `${pathname}/`) : pathname.replace(/\/$/, '');
  return to.replace(pathname, changed);
}

/** The redirects `fromExtensions` and `toExtensions` make of the routes (extensionRedirects.ts). */
function extensionRedirects(routes: readonly string[], options: ClientRedirectsOptions): Candidate[] {
  const from = options.fromExtensions.map((ext) => `.${ext}`);
  const fromExtensions = routes.flatMap((path) => {
    if (path === '' || path === '/' || from.some((ext) => path.endsWith(ext))) return [];
    // `/a` from `/a.html`; `/a/` from `/a.html/`.
    const plain = path.replace(/\/$/, '');
    return options.fromExtensions.map((ext) => ({ from: path.endsWith('/') ? `${plain}.${ext}/` : `${path}.${ext}`, to: path, at: `${options.at}.fromExtensions` }));
  });
  const toExtensions = routes.flatMap((path) => {
    const ext = options.toExtensions.map((name) => `.${name}`).find((dotted) => path.endsWith(dotted));
    return ext ? [{ from: path.slice(0, -ext.length), to: path, at: `${options.at}.toExtensions` }] : [];
  });
  return [...fromExtensions, ...toExtensions];
}

/** The redirects of what createRedirects returned for each route: a path, a list of paths, or nothing. */
function createdRedirects(routes: readonly string[], results: readonly unknown[], at: string, report: (message: string) => void): Candidate[] {
  return routes.flatMap((to, index) => {
    const result = results[index];
    if (result === undefined || result === null) return [];
    if (typeof result === 'object' && typeof (result as { $threw?: unknown }).$threw === 'string') {
      report(`${at}: threw "${(result as { $threw: string }).$threw}" for ${to}: no redirect to it`);
      return [];
    }
    const froms = typeof result === 'string' ? [result] : Array.isArray(result) ? result : undefined;
    if (!froms) report(`${at}: returned ${quoted(result)} for ${to}, not a path or a list of paths: no redirect to it`);
    return (froms ?? []).map((from) => ({ from, to, at }));
  });
}

/** Why a redirect's `to` is refused, as the plugin's `validateCollectedRedirects` refuses it, or undefined. */
function badTarget(to: string, pages: ReadonlySet<string>, trailingSlash: boolean | undefined): string | undefined {
  if (!to.startsWith('/')) return /^https?:\/\//i.test(to) ? undefined : 'is neither a path of the site nor an http(s) URL';
  let path: string;
  try {
    path = decodeURI(new URL(to, 'https://example.com').pathname);
  } catch {
    return 'is not a valid URL';
  }
  if (pages.has(path)) return undefined;
  // A page that differs by its trailing slash will do, unless `trailingSlash` says which one it is.
  if (pages.has(`${path}/`)) return trailingSlash === true ? 'is a page only with a trailing slash (trailingSlash: true)' : undefined;
  if (path.endsWith('/') && pages.has(path.slice(0, -1))) return trailingSlash === false ? 'is a page only without a trailing slash (trailingSlash: false)' : undefined;
  return 'is no page of the site';
}

/** Where a redirect to `to` leads, as the plugin's page names it (`createToUrl`): below the base URL, slashes joined. */
function locationOf(to: string, baseUrl: string): string {
  if (!to.startsWith('/')) return to;
  const [, path, rest] = /^([^?#]*)(.*)$/.exec(`${baseUrl}${to}`)!;
  return path.replace(/\/{2,}/g, '/') + rest;
}

/** The client-redirects table of a site: every instance's redirects, checked as the plugin checks them. */
export function clientRedirectTable(input: ClientRedirectInput): ClientRedirectTable {
  const { baseUrl, trailingSlash, file } = input;
  const problems: Problem[] = [];
  const report = (message: string) => problems.push({ code: 'site-config', file, message });
  // The plugin's `relativeRoutesPaths`: below the base URL.
  const routes = input.routes.map((path) => (path.startsWith(baseUrl) ? `/${path.slice(baseUrl.length)}` : path));
  const pages = new Set(routes.map((path) => redirectKey(path) + (path.length > 1 && path.endsWith('/') ? '/' : '')));
  const taken = new Set(routes.map(redirectKey));
  const byPath = new Map<string, string>();
  input.options.forEach((options, index) => {
    const candidates = [
      ...extensionRedirects(routes, options),
      ...options.redirects,
      ...(input.created[index] ? createdRedirects(routes, input.created[index], `${options.at}.createRedirects`, report) : []),
    ];
    const seen = new Map<string, Candidate>();
    for (const candidate of candidates) {
      const to = applyTrailingSlash(candidate.to, trailingSlash, baseUrl);
      const field = candidate.at.includes('.redirects[') ? `${candidate.at}.to` : candidate.at;
      if (!isPathname(candidate.from)) {
        report(`${candidate.at}: ${quoted(candidate.from)} (to ${to}) is not a pathname: left out`);
        continue;
      }
      const bad = badTarget(to, pages, trailingSlash);
      if (bad) {
        report(`${field}: ${quoted(to)} ${bad}: the redirect from ${candidate.from} is left out (Docusaurus's build stops here)`);
        continue;
      }
      const key = redirectKey(`${baseUrl}${candidate.from.slice(1)}`);
      const first = seen.get(key);
      if (first) {
        if (first.to !== to) report(`${candidate.at}: ${candidate.from} is redirected to ${first.to} already (${first.at}): its redirect to ${to} is left out`);
        continue;
      }
      seen.set(key, { ...candidate, to });
      if (taken.has(redirectKey(candidate.from))) {
        report(`${candidate.at}: ${candidate.from} is a page of the site: it is not redirected to ${to}`);
        continue;
      }
      if (!byPath.has(key)) byPath.set(key, locationOf(to, baseUrl));
    }
  });
  return { byPath, problems };
}
