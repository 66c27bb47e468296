// The link report of a ref (README "Links and anchors"): the page `/{base}/{ref}/links`, the JSON
// `/api/links?ref=`, and the same report for the `docsite check-links` command.
import type { DocSet } from '../../content/doc-set.js';
import { docsPrefix, permalinkOnRef } from '../../urls.js';
import { linkReport, linkReportFor, type BrokenLink, type LinkReport } from '../review/link-report.js';
import { blogLinkReport, withBlogs } from '../review/blog-link-report.js';
import { blogRoot, blogsOf, openBlog } from '../blogs.js';
import { blogSelectorOf } from '../blog-ref.js';
import { openDocs, openParam, type RequestContext } from '../request.js';
import type { Located, Site, Snapshot } from '../site.js';

/** The broken links of one page, with the page's URL on the reader's ref. */
export interface PageLinkProblems {
  title: string;
  href: string;
  source: string;
  links: Pick<BrokenLink, 'line' | 'url' | 'reason'>[];
}

/** The link report page of a ref: counts, then the broken links grouped by page, in source order. */
export async function linksView(context: RequestContext) {
  const { docSet, located } = await openDocs(context, ['links']);
  const report = await withBlogs(context, await linkReportFor(context, docSet));
  // A post's title, for the posts the blogs' part of the report names.
  const posts = await Promise.all(blogsOf(context.snapshot.config).map(async (options) => (await openBlog(context.site, located.commit, options)).docSet));
  const titleOf = (source: string) => [docSet, ...posts].map((set) => set.bySourcePath.get(source)?.title).find(Boolean);
  const href = (permalink: string) => pageOnRef(context.snapshot, docSet, located, permalink);
  return { scope: scopeOf(located), ...summary(report), pages: byPage(report, titleOf, href) };
}

/** `GET /api/links?ref=`: the link report of a version, `~branch` or `@commit` (none: the last version). */
export async function apiLinks(context: RequestContext) {
  const { located, docSet } = await openParam(context, context.search.get('ref'));
  const report = await withBlogs(context, await linkReportFor(context, docSet));
  const href = (permalink: string) => pageOnRef(context.snapshot, docSet, located, permalink);
  return {
    version: located.version?.name ?? null,
    branch: located.branch ?? null,
    ...summary(report),
    broken: report.broken.map((link) => ({ ...link, permalink: href(link.permalink) })),
    unknownComponents: report.unknownComponents.map((use) => ({ ...use, permalink: href(use.permalink) })),
    problems: report.problems,
  };
}

/**
 * The link reports of any ref of the repository (a version name, branch, tag or commit id), one per
 * doc set of its commit (every version of every instance) and one for its blogs' posts, for the
 * command line: the operator may check what the site does not serve (a pull request's merge commit).
 */
export async function linkReportsOf(site: Site, snapshot: Snapshot, ref: string): Promise<LinkReport[]> {
  const version = snapshot.instances.flatMap((instance) => instance.versions).find((candidate) => candidate.name === ref && candidate.ref !== undefined);
  const commit = version?.commit ?? (await site.repository.resolve(ref.replace(/^[~@]/, '')));
  const docSets = await site.docs.docSetsAt(commit);
  return Promise.all([...docSets.map((docSet) => linkReport(site, snapshot, docSet)), blogLinkReport(site, snapshot, commit)]);
}

/**
 * `docsite check-links --json`: a ref's merged report in the answer of `/api/links` (one schema,
 * docs/links.schema.json): `version` when the ref names a version, `branch` when a branch or tag.
 */
export function linksAnswerOf(snapshot: Snapshot, ref: string, report: LinkReport) {
  const isVersion = snapshot.instances.some((instance) => instance.versions.some((version) => version.name === ref));
  const name = ref.replace(/^~/, '');
  const branch = !isVersion && (snapshot.branches.has(name) || snapshot.tags.has(name)) ? name : null;
  // As the API does, a branch's pages are given at their URLs on that branch.
  const onRef = (permalink: string) => {
    const base = permalink.split('/')[1] ?? '';
    return branch ? permalinkOnRef(permalink, base, docsPrefix(base, { kind: 'branch', name: branch })) : permalink;
  };
  return {
    version: isVersion ? ref : null,
    branch,
    ...summary(report),
    broken: report.broken.map((link) => ({ ...link, permalink: onRef(link.permalink) })),
    unknownComponents: report.unknownComponents.map((use) => ({ ...use, permalink: onRef(use.permalink) })),
    problems: report.problems,
  };
}

/** The counts of a report. */
function summary(report: LinkReport) {
  return { commit: report.commit, pages: report.pages, links: report.links, external: report.external, outside: report.outside, brokenCount: report.broken.length };
}

/** A reported page's URL on the reader's ref: a doc under the ref's docs prefix, a post under its blog's root on the same ref. */
function pageOnRef(snapshot: Snapshot, docSet: DocSet, located: Located, permalink: string): string {
  const root = permalink.split('/')[1] ?? '';
  if (root === docSet.location.base || !blogsOf(snapshot.config).some((options) => blogRoot(options) === root))
    return permalinkOnRef(permalink, docSet.location.base, located.prefix);
  return permalinkOnRef(permalink, root, docsPrefix(root, blogSelectorOf(snapshot, located)));
}

/** Broken links grouped by page (docs, then posts), each page in source order. */
function byPage(report: LinkReport, titleOf: (source: string) => string | undefined, href: (permalink: string) => string): PageLinkProblems[] {
  const pages = new Map<string, PageLinkProblems>();
  for (const link of report.broken) {
    let page = pages.get(link.source);
    if (!page) {
      page = { title: titleOf(link.source) ?? link.source, href: href(link.permalink), source: link.source, links: [] };
      pages.set(link.source, page);
    }
    page.links.push({ line: link.line, url: link.url, reason: link.reason });
  }
  return [...pages.values()];
}

/** What a report covers, in words: `version 4.5`, `branch feature/x`, `commit abc1234`. */
function scopeOf(located: Located): string {
  if (located.kind === 'branch') return `branch ${located.branch}`;
  if (located.kind === 'commit') return `commit ${located.commit.slice(0, 7)}`;
  return `version ${located.version?.label ?? located.version?.name ?? ''}`;
}
