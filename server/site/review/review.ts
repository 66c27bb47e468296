// Two refs compared, for the review views (docs/decisions/018-review-diffs.md): which commit a
// ref is compared with by default (a branch: its merge base with the default branch; a version:
// the previous version; a commit: its parent) or by `?base=` / `?diff=`, what changed between
// the two commits, and one page's rendered diff. Results are immutable per commit pair and kept
// in the derived cache under the newer commit.
import { docSetKey, type Doc, type DocSet } from '../../content/doc-set.js';
import { diffTrees } from '../../git/tree-diff.js';
import { classifyChanges, movedPages, type Changes } from '../../review/changes.js';
import type { HtmlDiff } from '../../review/html-diff.js';
import { renderErrorBlock } from '../../markdown/render.js';
import { prefixOn } from '../locate.js';
import { HttpError } from '../http-error.js';
import { openParam, permalinkOf, slugOfPermalink, type RequestContext } from '../request.js';
import type { Located, Site } from '../site.js';
import { versionsAround } from '../views/available.js';
import { derivedValue, wholeSite } from '../work/whole-site.js';

/** The side a ref is compared with. */
export interface Base {
  commit: string;
  docSet: DocSet;
  /** In words: `version 4.4`, `branch main`, `commit abc1234`, `the merge base with main (abc1234)`. */
  label: string;
  /** Its URL prefix, for links to its pages. */
  prefix: string;
  /** The value of `?base=` / `?diff=` that names it; empty for the default base. */
  param: string;
}

/** Changes listed at most per answer, so a comparison with a distant ref stays bounded. */
export const MAX_LISTED = 1000;

/** A located ref in words: `version 4.4`, `branch feature/x`, `commit abc1234`. */
export function refLabel(located: Located): string {
  if (located.kind === 'version') return `version ${located.version!.label}`;
  if (located.kind === 'branch') return `branch ${located.branch}`;
  return `commit ${located.commit.slice(0, 7)}`;
}

/**
 * The base `located` is compared with: the ref `param` names (a version name, `~branch` or
 * `@commit`), else its default. A param that cannot name a ref is a 400, one that names nothing
 * a 404, a ref with nothing before it (the oldest version, a root commit, unrelated history) a 404
 * that says to name one.
 */
export async function comparisonBase(context: Pick<RequestContext, 'site' | 'snapshot' | 'route' | 'search' | 'reads'>, located: Located, param: string | null): Promise<Base> {
  if (param) {
    const other = await openParam(context as RequestContext, param, located);
    return { commit: other.located.commit, docSet: other.docSet, label: refLabel(other.located), prefix: other.located.prefix, param };
  }
  // A commit of the same ref: the same instance and version folder.
  const atCommit = async (commit: string, label: string): Promise<Base> => {
    const where: Located = { ...located, kind: 'commit', commit };
    return {
      commit,
      docSet: await context.reads.docSet(where),
      label,
      prefix: prefixOn(located, { kind: 'commit', oid: commit.slice(0, 12) }),
      param: '',
    };
  };
  if (located.kind === 'commit' || located.kind === 'branch') {
    const { commit, label } = await baseCommitOf(context, located);
    return atCommit(commit, label);
  }
  // A version: the version listed after it (the previous release).
  const versions = await versionsAround(context, located);
  const index = versions.findIndex((entry) => entry.current);
  const previous = versions.slice(index + 1).find((entry) => entry.version.commit);
  if (!previous) throw new HttpError(404, 'Nothing to compare with', `Version ${located.version!.label} is the oldest: name a ref to compare with.`);
  const docSet = await previous.docSet();
  if (!docSet) throw new HttpError(404, 'Nothing to compare with', `Version ${previous.version.label} cannot be read: name a ref to compare with.`);
  return { commit: previous.version.commit!, docSet, label: `version ${previous.version.label}`, prefix: previous.prefix, param: previous.version.name };
}

/**
 * The commit a branch or commit is compared with by default, in words: a branch its merge base with
 * the default branch, the default branch and a commit their parent. A 404 when there is none.
 */
export async function baseCommitOf(
  context: Pick<RequestContext, 'site' | 'snapshot'>,
  located: Pick<Located, 'kind' | 'commit' | 'branch'>,
): Promise<{ commit: string; label: string }> {
  const { site, snapshot } = context;
  if (located.kind === 'branch' && located.branch !== snapshot.defaultRef) {
    const mergeBase = await site.caches.derive(
      located.commit,
      `merge-base:${snapshot.defaultCommit}`,
      () => site.repository.mergeBase(located.commit, snapshot.defaultCommit),
      () => 100,
    );
    if (!mergeBase) throw new HttpError(404, 'Nothing to compare with', `Branch ${located.branch} shares no history with ${snapshot.defaultRef}: name a ref to compare with.`);
    return { commit: mergeBase, label: `the merge base with ${snapshot.defaultRef} (${mergeBase.slice(0, 7)})` };
  }
  const [first] = (await site.repository.readCommitObject(located.commit)).parent;
  if (!first)
    throw new HttpError(404, 'Nothing to compare with', `Commit ${located.commit.slice(0, 7)} has no parent: name a ref to compare with (a version, ~branch or @commit).`);
  return { commit: first, label: `the previous commit (${first.slice(0, 7)})` };
}

/** A request's `changesBetween`: inline on published versions, else a whole-site job its client pays for (decision 030). */
export function changesFor(context: Pick<RequestContext, 'site' | 'snapshot' | 'budget'>, before: DocSet, after: DocSet): Promise<Changes> {
  const { oid, name } = changesKey(context.site, before, after);
  return wholeSite(context, {
    key: `${oid}:${name}`,
    commits: [before.commit, after.commit],
    published: 'inline',
    cached: () => derivedValue<Changes>(context, oid, name),
    run: () => changesBetween(context.site, before, after),
  });
}

/** Where the changes between two doc sets are kept: versions of one commit are doc sets of their own. */
function changesKey(site: Site, before: DocSet, after: DocSet): { oid: string; name: string } {
  return { oid: docSetKey(after.commit, after), name: `changes:${docSetKey(before.commit, before)}:${site.day()}` };
}

/** What `after` changed compared with `before`: pages, navigation files, and pages moved in the sidebars (for today). */
export function changesBetween(site: Site, before: DocSet, after: DocSet): Promise<Changes> {
  const { oid, name } = changesKey(site, before, after);
  return site.caches.derive(
    oid,
    name,
    async () => {
      const [oldCommit, newCommit] = await Promise.all([site.repository.readCommitObject(before.commit), site.repository.readCommitObject(after.commit)]);
      const { pages, navigation } = classifyChanges(await diffTrees(site.repository, oldCommit.tree, newCommit.tree), before, after);
      const [oldSidebars, newSidebars] = await Promise.all([site.docs.sidebars(before), site.docs.sidebars(after)]);
      return { pages, navigation, moved: movedPages(pages, before, oldSidebars, after, newSidebars) };
    },
    (changes) => 500 + (changes.pages.length + changes.navigation.length + changes.moved.length) * 300,
  );
}

/**
 * The page of `before` that `doc` of `after` continues: the same file, else the same address in its
 * version, else the same id (another version of it, as Docusaurus matches versions), else the file it was renamed from.
 */
export async function counterpartOf(site: Site, doc: Doc, before: DocSet, after: DocSet): Promise<Doc | undefined> {
  const direct = before.bySourcePath.get(doc.sourcePath) ?? before.byPermalink.get(permalinkOf(before, slugOfPermalink(after, doc.permalink))) ?? before.byId.get(doc.id);
  if (direct) return direct;
  const renamed = (await changesBetween(site, before, after)).pages.find((page) => page.docId === doc.id && page.oldDocId);
  return renamed && before.byId.get(renamed.oldDocId!);
}

/** A request's `pageDiff`: inline on published versions, else a whole-site job its client pays for (decision 030). */
export function pageDiffFor(
  context: Pick<RequestContext, 'site' | 'snapshot' | 'budget'>,
  prefix: string,
  before: { doc?: Doc; docSet: DocSet },
  after: { doc?: Doc; docSet: DocSet },
): Promise<HtmlDiff> {
  const name = diffName(context.site, prefix, before, after);
  return wholeSite(context, {
    key: `${docSetKey(after.docSet.commit, after.docSet)}:${name}`,
    commits: [before.docSet.commit, after.docSet.commit],
    published: 'inline',
    cached: () => derivedValue<HtmlDiff>(context, docSetKey(after.docSet.commit, after.docSet), name),
    run: () => pageDiff(context.site, prefix, before, after),
  });
}

/** The derived-cache name of a page diff. */
function diffName(site: Site, prefix: string, before: { doc?: Doc; docSet: DocSet }, after: { doc?: Doc; docSet: DocSet }): string {
  return `diff:${docSetKey(before.docSet.commit, before.docSet)}:${before.doc?.id ?? '-'}:${after.doc?.id ?? '-'}:${prefix}:${site.day()}`;
}

/**
 * The rendered diff of a page: each side rendered with the reader's prefix (so unchanged links
 * compare equal) and its own commit's links, data and cards, then compared (html-diff.ts).
 * Either side may be missing: a page added shows inserted whole, one removed deleted whole.
 */
export function pageDiff(site: Site, prefix: string, before: { doc?: Doc; docSet: DocSet }, after: { doc?: Doc; docSet: DocSet }): Promise<HtmlDiff> {
  return site.caches.derive(
    docSetKey(after.docSet.commit, after.docSet),
    diffName(site, prefix, before, after),
    async () => {
      const [oldHtml, newHtml] = await Promise.all([renderedHtml(site, prefix, before), renderedHtml(site, prefix, after)]);
      try {
        return await site.render.diffRendered(oldHtml, newHtml);
      } catch (error) {
        if (!(error instanceof Error && error.name === 'RenderBudgetError')) throw error;
        // Past the budget: the page as it is now, saying why it is not marked (remembered like any diff).
        const notice = renderErrorBlock({
          file: after.doc?.sourcePath ?? before.doc!.sourcePath,
          message: `This diff took too long to compute (${error.message}); the page is shown as it is on this ref.`,
        });
        return { html: notice + newHtml, added: 0, removed: 0, changed: 0 };
      }
    },
    (diff) => 200 + diff.html.length * 2,
  );
}

/** A side's page rendered on the reader's prefix, '' for none. */
async function renderedHtml(site: Site, prefix: string, { doc, docSet }: { doc?: Doc; docSet: DocSet }): Promise<string> {
  if (!doc) return '';
  return (await site.render.renderDoc(doc, docSet, { prefix })).html;
}
