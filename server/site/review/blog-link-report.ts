// The blog's part of a commit's link report (issue 48): every post of every blog (listed and
// unlisted; drafts are not published), checked as a doc is (link-report.ts), with the blog's own
// problems (front matter, authors not in authors.yml, tags, posts without a truncation marker, as
// /readyz lists them) and the site components that failed on its posts. Posts are reported at
// their permalinks on the default root (`/blog/...`): the caller moves them onto the reader's ref,
// as it does docs pages.
import { blogProblemsOf, blogsOf, openBlog } from '../blogs.js';
import type { RequestContext } from '../request.js';
import type { Site, Snapshot } from '../site.js';
import { allVersions } from '../snapshot.js';
import { derivedValue, wholeSite } from '../work/whole-site.js';
import { checkLinks, type LinkReport, mergeReports } from './link-report.js';

/** Where a commit's blog report is kept: by the commit, and every commit its links to docs are checked against. */
function blogReportName(snapshot: Snapshot): string {
  return `blog-link-report:${[snapshot.defaultCommit, ...allVersions(snapshot).map((version) => version.commit ?? '-')].join(',')}`;
}

/** The link report of the blogs of a commit (none configured: an empty report), computed once per commit. */
export function blogLinkReport(site: Site, snapshot: Snapshot, commit: string): Promise<LinkReport> {
  return site.caches.derive(
    commit,
    blogReportName(snapshot),
    async () => {
      const reports: LinkReport[] = [];
      // One blog at a time: each reads its posts two at a time, as a doc set's report does.
      for (const options of blogsOf(snapshot.config)) {
        const { blog, docSet } = await openBlog(site, commit, options);
        reports.push(await checkLinks(site, snapshot, docSet, blogProblemsOf(blog)));
      }
      return { ...mergeReports(reports), commit };
    },
    (report) => 300 + (report.broken.length + report.unknownComponents.length + report.problems.length) * 300,
  );
}

/** The blogs' report as a request gets it: the site's own work on a published commit, else a job its client pays for (decision 030). */
export function blogLinkReportFor(context: Pick<RequestContext, 'site' | 'snapshot' | 'budget'>, commit: string): Promise<LinkReport> {
  const name = blogReportName(context.snapshot);
  return wholeSite(context, {
    key: `${commit}:${name}`,
    commits: [commit],
    published: 'background',
    cached: () => derivedValue<LinkReport>(context, commit, name),
    run: () => blogLinkReport(context.site, context.snapshot, commit),
  });
}

/** A doc set's report with its commit's blogs' (the page and API of a ref's links show both). */
export async function withBlogs(context: Pick<RequestContext, 'site' | 'snapshot' | 'budget'>, docs: LinkReport): Promise<LinkReport> {
  if (!blogsOf(context.snapshot.config).length) return docs;
  return mergeReports([docs, await blogLinkReportFor(context, docs.commit)]);
}
