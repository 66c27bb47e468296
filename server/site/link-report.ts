// The link report of a commit (README "Links and anchors"): every internal link and `#anchor` of
// every doc, checked as a reader would follow it. Links are resolved by the renderer's own code
// (resolveHref, assetUrl) and anchors against the renderer's heading ids (link-check.ts), so the
// report and the rendered pages agree. Each page's links are read once per blob; a report is
// computed once per commit and set of version commits.
import type { Doc, DocSet } from '../content/doc-set.js';
import type { PageLinks, SourceLink } from '../markdown/link-check.js';
import { assetUrl, resolveHref, type LinkContext } from '../markdown/links.js';
import { parseUrl, safeDecode, type Selector } from '../urls.js';
import { shareTheLoop } from '../main-thread.js';
import { grammarOf } from './http-cache.js';
import type { RequestContext } from './request.js';
import type { Site, Snapshot } from './site.js';
import { derivedValue, wholeSite } from './whole-site.js';

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

/** The link report of one commit. */
export interface LinkReport {
  commit: string;
  pages: number;
  /** Every link and image found. */
  links: number;
  /** Links to other sites (not checked). */
  external: number;
  /** Links to paths of this site outside the docs (`/docs/...` of another Docusaurus plugin): not served here, not checked. */
  outside: number;
  broken: BrokenLink[];
}

const EXTERNAL = /^[a-z][a-z0-9+.-]*:|^\/\//i;
/** Where relative URLs are resolved, as a browser resolves them against the page's address. */
const ORIGIN = 'http://docs.invalid';

/** The link report of a doc set, read in a snapshot (links to other versions are checked against their commits). */
export function linkReport(site: Site, snapshot: Snapshot, docSet: DocSet): Promise<LinkReport> {
  const versions = snapshot.versions.map((version) => version.commit ?? '-').join(',');
  return site.caches.derive(
    docSet.commit,
    `link-report:${versions}`,
    () => checkLinks(site, snapshot, docSet),
    (report) => 300 + report.broken.length * 300,
  );
}

/**
 * The link report as a request gets it (decision 030): on a published version the site's own work,
 * queued in the background and kept; on any other commit a whole-site job its client pays for.
 */
export function linkReportFor(context: Pick<RequestContext, 'site' | 'snapshot' | 'budget'>, docSet: DocSet): Promise<LinkReport> {
  const name = `link-report:${context.snapshot.versions.map((version) => version.commit ?? '-').join(',')}`;
  return wholeSite(context, {
    key: `${docSet.commit}:${name}`,
    commits: [docSet.commit],
    published: 'background',
    cached: () => derivedValue<LinkReport>(context, docSet.commit, name),
    run: () => linkReport(context.site, context.snapshot, docSet),
  });
}

/** Checks every link of every doc of a doc set (uncached: linkReport caches it). */
export async function checkLinks(site: Site, snapshot: Snapshot, docSet: DocSet): Promise<LinkReport> {
  const base = docSet.location.base;
  const grammar = grammarOf(snapshot);
  // Two pages at a time: both render threads work on a cold report, yet the render queue stays
  // short, so a reader's page waits for one page's reading (tens of milliseconds) at most.
  const pages: { doc: Doc; links: PageLinks }[] = new Array(docSet.docs.length);
  let next = 0;
  const reader = async () => {
    while (next < docSet.docs.length) {
      const index = next++;
      const doc = docSet.docs[index];
      pages[index] = { doc, links: await site.docLinks(doc) };
    }
  };
  await Promise.all([reader(), reader()]);
  const report: LinkReport = { commit: docSet.commit, pages: docSet.docs.length, links: 0, external: 0, outside: 0, broken: [] };

  /** The doc set a link's selector names: this one for the bare base, a version's, or none for a branch or commit (not checked). */
  const docSetOf = async (selector: Selector): Promise<DocSet | undefined> => {
    if (selector.kind === 'default') return docSet;
    if (selector.kind !== 'version') return undefined;
    const commit = snapshot.versions.find((version) => version.path === selector.path)?.commit;
    return commit ? site.docSet(commit) : undefined;
  };

  /** Why an anchor of a doc does not exist, or undefined when it does. */
  const missingAnchor = async (target: Doc, hash: string): Promise<string | undefined> => {
    const id = safeDecode(hash.slice(1)) ?? hash.slice(1);
    if (!id) return undefined;
    const { ids } = await site.docLinks(target);
    return ids.includes(id) ? undefined : `no heading #${id} on ${target.permalink}`;
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
    if (link.kind === 'image' && !url.startsWith('/')) return assetUrl(url, context) ? undefined : `no file ${url.replace(/[?#].*$/, '')} in the docs folder`;
    // The href the reader gets: `.md` files become permalinks, repository files content addresses.
    const href = resolveHref(url, context, { markdownLink: link.markdown });
    if (href.startsWith('/_assets/')) return undefined;
    if (EXTERNAL.test(href)) return 'external';
    if (/\.mdx?(?:[?#]|$)/i.test(href) && !href.startsWith('/')) return `no page file ${href.replace(/[?#].*$/, '')}`;
    const resolved = new URL(href, ORIGIN + doc.permalink);
    if (resolved.origin !== ORIGIN) return 'external';
    const path = resolved.pathname.replace(/\/+$/, '') || '/';
    // An absolute path elsewhere on the site may be another Docusaurus plugin's (`/docs/...`); a
    // relative link that climbs out of the docs is a mistake.
    if (path !== `/${base}` && !path.startsWith(`/${base}/`)) return href.startsWith('/') ? 'outside' : `no page ${path}: the link leaves the docs`;
    const route = parseUrl(path, grammar);
    if (route.kind === 'bad-url') return `malformed address ${path}`;
    if (route.kind !== 'doc') return undefined;
    const target = await docSetOf(route.selector);
    if (!target) return undefined;
    // The docs root with no page of its own leads to its first section.
    if (!route.slug) return undefined;
    const page = target.byPermalink.get(`/${target.location.base}/${route.slug}`);
    const where = target === docSet ? '' : ` in version ${route.selector.kind === 'version' ? route.selector.path : ''}`;
    if (!page) return `no page ${path}${where}`;
    return resolved.hash ? missingAnchor(page, resolved.hash) : undefined;
  };

  for (const { doc, links } of pages) {
    // Checking is synchronous once every page is read: readers' requests go between pages (main-thread.ts).
    await shareTheLoop();
    // A page too large or too deep to read is one problem to fix, with nothing else known of it.
    if (links.error) report.broken.push({ source: doc.sourcePath, permalink: doc.permalink, line: 0, url: '', reason: `links not checked: ${links.error}` });
    const context: LinkContext = { file: doc.sourcePath, docSet, prefix: `/${base}` };
    for (const link of links.links) {
      report.links++;
      const reason = await check(doc, links, link, context);
      if (reason === 'external') report.external++;
      else if (reason === 'outside') report.outside++;
      else if (reason) report.broken.push({ source: doc.sourcePath, permalink: doc.permalink, line: link.line, url: link.url, reason });
    }
  }
  return report;
}
