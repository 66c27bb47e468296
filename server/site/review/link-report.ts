// The link report of a commit (README "Links and anchors"): every internal link and `#anchor` of
// every doc, checked as a reader would follow it. Links are resolved by the renderer's own code
// (resolveHref, assetUrl) and anchors against the renderer's heading ids (link-check.ts), so the
// report and the rendered pages agree. Each page's links are read once per blob; a report is
// computed once per commit and set of version commits.
import { docSetKey, type Doc, type DocSet } from '../../content/doc-set.js';
import { matchRedirect } from '../../content/redirects.js';
import type { PageLinks, SourceLink } from '../../markdown/link-check.js';
import { assetUrl, resolveHref, type LinkContext } from '../../markdown/links.js';
import { markdownImageUrl } from '../../markdown/images.js';
import { markdownOptions } from '../../config/markdown-config.js';
import { parseUrl, safeDecode } from '../../urls.js';
import { shareTheLoop } from '../../main-thread.js';
import { mapLimited } from '../../map-limited.js';
import { fileUnreadable } from '../../git/file-content.js';
import { grammarOf } from '../caches/http-cache.js';
import { permalinkOf, type RequestContext } from '../request.js';
import type { Site, Snapshot } from '../site.js';
import { allVersions } from '../snapshot.js';
import { redirectsAt, staticFileAt } from '../static-files.js';
import { derivedValue, wholeSite } from '../work/whole-site.js';
import { componentsOf, problemsOf } from '../problems.js';
import type { Problem } from '../../problem.js';
import type { Route } from '../../urls.js';
import { blogAt, openBlog } from '../blogs.js';
import { blogPermalinks } from '../views/blog-sitemap.js';

/** One link that leads nowhere, where it is written. */
export interface BrokenLink {
  /** The page's file in the repository. */
  source: string;
  /** The page's permalink on the default ref (the caller moves it onto the reader's ref). */
  permalink: string;
  line: number;
  url: string;
  /** What is missing, in words: `no page /general/x`, `no heading #y on /general/x`. */
  reason: string;
}

/** A component the site does not know, where it is used: readers see its content alone (server/markdown/jsx.ts). */
export interface UnknownComponent {
  source: string;
  permalink: string;
  line: number;
  /** The component's name as written, e.g. `ReleaseStateSummary`. */
  name: string;
}

/** The link report of one commit. */
export interface LinkReport {
  commit: string;
  pages: number;
  /** Every link and image found. */
  links: number;
  /** Links to other sites (not checked). */
  external: number;
  /** Links to pages of this site that are not docs (the landing page, the API): not checked. */
  outside: number;
  broken: BrokenLink[];
  /** Unknown components, for authors: readers are not told (decision 008's positioned problems). */
  unknownComponents: UnknownComponent[];
  /** What else an author should fix in the commit: its config, sidebars, front matter and data files. */
  problems: Problem[];
}

const EXTERNAL = /^[a-z][a-z0-9+.-]*:|^\/\//i;
/** Where relative URLs are resolved, as a browser resolves them against the page's address. */
const ORIGIN = 'http://docs.invalid';

/** Where a doc set's report is kept: by the doc set, and every commit its links are checked against. */
function reportKey(snapshot: Snapshot, docSet: DocSet): { oid: string; name: string } {
  const published = [snapshot.defaultCommit, ...allVersions(snapshot).map((version) => version.commit ?? '-')].join(',');
  return { oid: docSetKey(docSet.commit, docSet), name: `link-report:${published}` };
}

/** The link report of a doc set, read in a snapshot (links to other versions and instances are checked against what it publishes). */
export function linkReport(site: Site, snapshot: Snapshot, docSet: DocSet): Promise<LinkReport> {
  const { oid, name } = reportKey(snapshot, docSet);
  return site.caches.derive(
    oid,
    name,
    () => checkLinks(site, snapshot, docSet),
    (report) => 300 + (report.broken.length + report.unknownComponents.length) * 300,
  );
}

/**
 * The link report as a request gets it (decision 030): on a published version the site's own work,
 * queued in the background and kept; on any other commit a whole-site job its client pays for.
 */
export function linkReportFor(context: Pick<RequestContext, 'site' | 'snapshot' | 'budget'>, docSet: DocSet): Promise<LinkReport> {
  const { oid, name } = reportKey(context.snapshot, docSet);
  return wholeSite(context, {
    key: `${oid}:${name}`,
    commits: [docSet.commit],
    published: 'background',
    cached: () => derivedValue<LinkReport>(context, oid, name),
    run: () => linkReport(context.site, context.snapshot, docSet),
  });
}

/** Several doc sets' reports as one (the command line checks every doc set of a commit). */
export function mergeReports(reports: readonly LinkReport[]): LinkReport {
  const sum = (key: 'pages' | 'links' | 'external' | 'outside') => reports.reduce((total, report) => total + report[key], 0);
  return {
    commit: reports[0]?.commit ?? '',
    pages: sum('pages'),
    links: sum('links'),
    external: sum('external'),
    outside: sum('outside'),
    broken: reports.flatMap((report) => report.broken),
    unknownComponents: reports.flatMap((report) => report.unknownComponents),
    // Versions share files (and every doc set shares the config): each problem once.
    problems: [...new Map(reports.flatMap((report) => report.problems).map((problem) => [JSON.stringify(problem), problem])).values()],
  };
}

/** Redirects followed at most, as a browser would before giving up. */
const MAX_HOPS = 5;

/**
 * Checks every link of every doc of a doc set (uncached: linkReport caches it). A blog's posts are
 * a doc set too (blogs.ts): its caller gives the blog's own problems (`known`: front matter,
 * authors, tags), where a docs doc set's are its config, sidebars, front matter and data files.
 */
export async function checkLinks(site: Site, snapshot: Snapshot, docSet: DocSet, known?: readonly Problem[]): Promise<LinkReport> {
  const base = docSet.location.base;
  const grammar = grammarOf(snapshot);
  // Two pages at a time: both render threads work on a cold report, yet the render queue stays
  // short, so a reader's page waits for one page's reading (tens of milliseconds) at most.
  // Pages are read as the renderer reads them: the site's markdown.format and mdx1Compat.
  const markdown = markdownOptions(docSet.config);
  const pages = await mapLimited(docSet.docs, 2, async (doc) => ({ doc, links: await site.render.docLinks(doc, markdown) }));
  // The pages that use the site's own components (or all, when the site's remark plugins run over them) are rendered: only the sandbox tells whether they work.
  const plugged = !!docSet.config.sitePlugins?.[docSet.instance]?.length;
  const islandPages = pages.flatMap(({ doc, links }) => (links.islands || plugged ? [doc] : []));
  const failedComponents = (await componentsOf(site, docSet, islandPages)).flatMap((page) => page.failed);
  const problems = [...(known ?? [...(await site.docs.configProblemsAt(docSet.commit)), ...(await problemsOf(site, docSet))]), ...failedComponents];
  const report: LinkReport = { commit: docSet.commit, pages: docSet.docs.length, links: 0, external: 0, outside: 0, broken: [], unknownComponents: [], problems };
  const redirects = await redirectsAt(site.docs, site.caches, () => site.repository, snapshot.defaultCommit);

  /** Why an anchor of a doc does not exist, or undefined when it does. */
  const missingAnchor = async (target: Doc, hash: string): Promise<string | undefined> => {
    const id = safeDecode(hash.slice(1)) ?? hash.slice(1);
    if (!id) return undefined;
    const { ids } = await site.render.docLinks(target, markdown);
    return ids.includes(id) ? undefined : `no heading #${id} on ${target.permalink}`;
  };

  /**
   * Why a path of the site leads nowhere, or undefined when it leads somewhere: a page of a
   * published version of any instance, a static file, or (followed) a redirect to one of those.
   * Previews and permalinks (`~`, `@`) are not checked; nor are other pages of the app (`outside`).
   */
  const checkPath = async (path: string, hash: string, hops = 0): Promise<string | undefined | 'outside'> => {
    const route = parseUrl(path, grammar);
    if (route.kind === 'bad-url') return `malformed address ${path}`;
    const redirected = async () => {
      const rule = hops < MAX_HOPS ? matchRedirect(redirects, path, false) : undefined;
      if (!rule) return undefined;
      const target = new URL(rule.location, ORIGIN);
      return target.origin === ORIGIN ? checkPath(target.pathname.replace(/\/+$/, '') || '/', hash, hops + 1) : 'outside';
    };
    // A blog's page, checked against the blog of the same commit: a branch that adds a post and links to it is not blamed.
    if (route.kind === 'blog') {
      if (route.selector.kind !== 'default') return undefined;
      const missing = await blogPathProblem(site, snapshot, docSet.commit, route, path, missingAnchor, hash);
      // A blog at the site root has every path no docs instance takes: a static file's among them.
      if (!missing || (await staticFileAt(site.docs, snapshot.defaultCommit, path))) return undefined;
      return (await redirected()) ?? missing;
    }
    // A page of the pages plugin the default commit has (the grammar has only those).
    if (route.kind === 'page') return undefined;
    if (!('base' in route)) {
      if (route.kind !== 'not-found') return 'outside';
      if (await staticFileAt(site.docs, snapshot.defaultCommit, path)) return undefined;
      return (await redirected()) ?? `no page ${path}`;
    }
    if (route.selector.kind === 'branch' || route.selector.kind === 'commit') return undefined;
    const found = await site.locate(snapshot, route).catch(() => undefined);
    if (!found) return (await redirected()) ?? `no page ${path}`;
    const slug = 'slug' in found.route ? (found.route.slug as string) : '';
    // Other pages than docs (categories, tags, search) are not checked; a version's root leads to its first section.
    if (found.route.kind !== 'doc' || !slug) return undefined;
    const target = await site.docs.docSet(found.located.commit, found.located.instance.id, found.located.versionName, found.located.instance.locale).catch(() => undefined);
    const page = target?.byPermalink.get(permalinkOf(target, slug));
    if (!page) return (await redirected()) ?? `no page ${path}`;
    return hash ? missingAnchor(page, hash) : undefined;
  };

  /** Why a file's blob cannot be shown (missing, damaged, a Git LFS pointer), once per blob: the file then shows as missing. */
  const unreadable = new Map<string, Promise<string | undefined>>();
  const fileProblem = (oid: string, path: string): Promise<string | undefined> => {
    if (!unreadable.has(oid)) unreadable.set(oid, fileUnreadable(site.repository, oid));
    return unreadable.get(oid)!.then((reason) => reason && `the file ${path} ${reason}`);
  };
  let pathsByOid: Map<string, string> | undefined;
  /** Why a content address (`/_assets/{oid}/{name}`) shows nothing, or undefined when its file can be read. */
  const assetProblem = (href: string): Promise<string | undefined> => {
    const oid = /^\/_assets\/([0-9a-f]{40})\//.exec(href)?.[1];
    pathsByOid ??= new Map([...docSet.tree].map(([path, entry]) => [entry.oid, path]));
    return oid ? fileProblem(oid, pathsByOid.get(oid) ?? oid) : Promise.resolve(undefined);
  };

  /** Why a link of a doc leads nowhere, or undefined when it leads somewhere (or is not ours to check). */
  const check = async (doc: Doc, own: PageLinks, link: SourceLink, context: LinkContext): Promise<string | undefined | 'external' | 'outside'> => {
    const url = link.url.trim();
    if (!url) return 'empty link';
    if (EXTERNAL.test(url)) return 'external';
    if (url.startsWith('#')) {
      const id = safeDecode(url.slice(1)) ?? url.slice(1);
      return !id || own.ids.includes(id) ? undefined : `no heading #${id} on this page`;
    }
    // Markdown images as the renderer resolves them (images.ts); a `/x` one no static folder has is checked as a path below.
    const image = link.kind === 'image' && link.markdown ? markdownImageUrl(url, context) : undefined;
    if (image) return assetProblem(image);
    if (link.kind === 'image' && !url.startsWith('/')) {
      const asset = assetUrl(url, context);
      return asset ? assetProblem(asset) : `no file ${url.replace(/[?#].*$/, '')} in the docs folder`;
    }
    // The href the reader gets: `.md` files become permalinks, repository files content addresses.
    const href = resolveHref(url, context, { markdownLink: link.markdown });
    if (href.startsWith('/_assets/')) return assetProblem(href);
    if (EXTERNAL.test(href)) return 'external';
    if (/\.mdx?(?:[?#]|$)/i.test(href) && !href.startsWith('/')) return `no page file ${href.replace(/[?#].*$/, '')}`;
    const resolved = new URL(href, ORIGIN + doc.permalink);
    if (resolved.origin !== ORIGIN) return 'external';
    return checkPath(resolved.pathname.replace(/\/+$/, '') || '/', resolved.hash);
  };

  for (const { doc, links } of pages) {
    // Checking is synchronous once every page is read: readers' requests go between pages (main-thread.ts).
    await shareTheLoop();
    // A page too large or too deep to read is one problem to fix, with nothing else known of it.
    if (links.error) report.broken.push({ source: doc.sourcePath, permalink: doc.permalink, line: 0, url: '', reason: `links not checked: ${links.error}` });
    for (const { name, line } of links.components ?? []) report.unknownComponents.push({ source: doc.sourcePath, permalink: doc.permalink, line, name });
    const context: LinkContext = { file: doc.sourcePath, docSet, prefix: `/${base}` };
    for (const link of links.links) {
      report.links++;
      const reason = await check(doc, links, link, context);
      if (reason === 'external') report.external++;
      else if (reason === 'outside') report.outside++;
      else if (reason) report.broken.push({ source: doc.sourcePath, permalink: doc.permalink, line: link.line, url: link.url, reason });
    }
    // The files its imports read (partials, raw-loader files, media) whose blobs cannot be read: the page shows them as missing.
    // (One the tree lacks is not judged here: webpack would look for it under other extensions too.)
    for (const { path, line } of links.files ?? []) {
      const entry = docSet.tree.get(path);
      const reason = entry && (await fileProblem(entry.oid, path));
      if (reason) report.broken.push({ source: doc.sourcePath, permalink: doc.permalink, line, url: path, reason });
    }
  }
  return report;
}

/**
 * Why a path of a blog at its default root leads nowhere on `commit`, or undefined: a post (listed
 * or unlisted, not a draft; with its anchor), its `.md`, a list, tag, author or archive page, a feed.
 */
async function blogPathProblem(
  site: Site,
  snapshot: Snapshot,
  commit: string,
  route: Extract<Route, { kind: 'blog' }>,
  path: string,
  missingAnchor: (target: Doc, hash: string) => Promise<string | undefined>,
  hash = '',
): Promise<string | undefined> {
  const options = blogAt(snapshot.config, route.blog);
  if (!options) return `no page ${path}`;
  const { blog, docSet } = await openBlog(site, commit, options);
  if (route.text === 'markdown') return blog.byPermalink.has(path.replace(/\.md$/, '')) ? undefined : `no post ${path.replace(/\.md$/, '')}`;
  if (route.text) return undefined;
  const post = docSet.byPermalink.get(path);
  if (post) return hash ? missingAnchor(post, hash) : undefined;
  let pages = blogPages.get(blog);
  if (!pages) blogPages.set(blog, (pages = new Set(blogPermalinks(blog))));
  return pages.has(path) ? undefined : `no page ${path}`;
}

/** The pages of each blog read (lists, tags, authors, archive), computed once per blog object: a report may link to them many times. */
const blogPages = new WeakMap<object, ReadonlySet<string>>();
