// What a branch's preview report says (docs/decisions/038-preview-reports.md): for each docs
// instance and each of its version folders, the pages the branch changes compared with its default
// base (the merge base with the default branch), as its /changes page lists them, and, where it
// changes pages, the broken links and anchors that the base does not have; and the blogs' posts it
// changes (once: every changes page lists the same), with the broken links its posts introduce.
// Computed as the site's own work, outside any request: the render threads take it after every
// reader's page, and what it reads is cached as the review pages' reads are.
import type { PreviewFacts } from '../../report/types.js';
import { changesUrl, docsPrefix, folderPrefix, parseUrl, permalinkOnRef } from '../../urls.js';
import { runAs } from '../../work-context.js';
import { grammarOf } from '../caches/http-cache.js';
import { openDocs, requestContext, type RequestContext } from '../request.js';
import type { Site, Snapshot } from '../site.js';
import { changesView } from '../views/changes.js';
import { previewAllowed } from '../preview-pattern.js';
import { blogRoot, blogsOf } from '../blogs.js';
import { baseCommitOf, comparisonBase } from './review.js';
import { linkReportFor, type BrokenLink, type LinkReport } from './link-report.js';
import { blogLinkReportFor } from './blog-link-report.js';

/** The preview's path of a branch on the site's first docs instance (`/general/~fix%2Fdocs`), or undefined when it is not previewable. */
export function previewPathOf(snapshot: Snapshot, branch: string): string | undefined {
  const [instance] = snapshot.instances;
  if (!instance || branch === snapshot.defaultRef || !previewAllowed(snapshot.previewBranches, branch)) return undefined;
  return docsPrefix(instance.config.base, { kind: 'branch', name: branch });
}

/** The changes pages of a branch: one per version folder of each instance (`/docs/~b/changes`, `/docs/~b/next/changes`). */
function changesPagesOf(snapshot: Snapshot, branch: string): string[] {
  return snapshot.instances.flatMap((instance) => {
    const prefix = docsPrefix(instance.config.base, { kind: 'branch', name: branch });
    const folders = new Set(instance.versions.map((version) => instance.model.folderOf(version)));
    return [...folders].map((folder) => changesUrl(folderPrefix(prefix, folder)));
  });
}

/** The facts of a branch in the site's current snapshot; undefined when it is gone or not previewable. */
export function previewFacts(site: Site, branch: string): Promise<PreviewFacts | undefined> {
  return runAs({ lane: 'site' }, async () => {
    const snapshot = site.snapshot();
    const commit = snapshot.branches.get(branch);
    const previewPath = previewPathOf(snapshot, branch);
    if (!commit || !previewPath) return undefined;
    const facts: PreviewFacts = { branch, commit, previewPath, changesPath: changesUrl(previewPath), baseLabel: '', pages: [], navigationChanges: 0, broken: [] };
    const grammar = grammarOf(snapshot);
    // A navigation file (docsite.yaml, a sidebars file) may show in several instances' changes: counted once.
    const navigation = new Set<string>();
    // Every changes page lists the same posts (one commit against one merge base): taken from the first.
    let posts: Awaited<ReturnType<typeof changesView>>['posts'] | undefined;
    let first: RequestContext | undefined;
    for (const path of changesPagesOf(snapshot, branch)) {
      const context = requestContext(site, { snapshot, route: parseUrl(path, grammar), search: new URLSearchParams() });
      const changes = await changesView(context);
      facts.baseLabel ||= changes.base.label;
      posts ??= changes.posts;
      first ??= context;
      for (const change of changes.navigation) navigation.add(change.path);
      facts.navigationChanges = navigation.size;
      if (!changes.pages.length) continue;
      // "All changes" opens the first changes page that lists pages.
      if (!facts.pages.length) facts.changesPath = path;
      facts.pages.push(
        ...changes.pages.map((page) => ({ status: page.status, title: page.title, path: page.url, diffPath: page.diffUrl, file: page.path, oldFile: page.oldPath })),
      );
      facts.broken.push(...(await introducedBrokenLinks(context, renamesOf(changes.pages))));
    }
    if (posts?.length && first) {
      // A branch that changes posts only: "All changes" opens its blog's changes page.
      const blog = blogsOf(snapshot.config).find((options) => options.id === posts![0].blog);
      if (!facts.pages.length && blog) facts.changesPath = changesUrl(docsPrefix(blogRoot(blog), { kind: 'branch', name: branch }));
      facts.pages.push(...posts.map((post) => ({ status: post.status, title: post.title, path: post.url, diffPath: post.diffUrl, file: post.path, oldFile: post.oldPath })));
      facts.broken.push(...(await introducedInPosts(first, commit, branch, renamesOf(posts))));
    }
    return facts;
  });
}

/** The old file of each page renamed, by its new file. */
function renamesOf(pages: readonly { path: string; oldPath: string | null }[]): Map<string, string> {
  return new Map(pages.flatMap((page) => (page.oldPath ? [[page.path, page.oldPath] as const] : [])));
}

/** The broken links of the branch's pages that its base does not have (the same link, reason and page, a renamed page by its old file). */
async function introducedBrokenLinks(context: RequestContext, renames: ReadonlyMap<string, string>): Promise<PreviewFacts['broken']> {
  const { located, docSet } = await openDocs(context, ['changes']);
  const base = await comparisonBase(context, located, null);
  const [report, before] = await Promise.all([linkReportFor(context, docSet), linkReportFor(context, base.docSet)]);
  return introduced(report, before, renames, (permalink) => permalinkOnRef(permalink, docSet.location.base, located.prefix));
}

/** The broken links of the branch's posts that the blogs of its merge base do not have, each post at its URL on the branch. */
async function introducedInPosts(context: RequestContext, commit: string, branch: string, renames: ReadonlyMap<string, string>): Promise<PreviewFacts['broken']> {
  const base = await baseCommitOf(context, { kind: 'branch', branch, commit });
  const [report, before] = await Promise.all([blogLinkReportFor(context, commit), blogLinkReportFor(context, base.commit)]);
  const onBranch = (permalink: string) => {
    const root = permalink.split('/')[1] ?? '';
    return permalinkOnRef(permalink, root, docsPrefix(root, { kind: 'branch', name: branch }));
  };
  return introduced(report, before, renames, onBranch);
}

/** The links broken in `report` and not in `before` (the same link, reason and page, a renamed page by its old file), at their pages' URLs. */
function introduced(report: LinkReport, before: LinkReport, renames: ReadonlyMap<string, string>, pagePath: (permalink: string) => string): PreviewFacts['broken'] {
  const key = (link: BrokenLink, source: string) => `${source}\n${link.url}\n${link.reason}`;
  const known = new Set(before.broken.map((link) => key(link, link.source)));
  return report.broken
    .filter((link) => !known.has(key(link, renames.get(link.source) ?? link.source)))
    .map((link) => ({ file: link.source, pagePath: pagePath(link.permalink), line: link.line, url: link.url, reason: link.reason }));
}
