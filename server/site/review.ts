// Two refs compared, for the review views (docs/decisions/018-review-diffs.md): which commit a
// ref is compared with by default (a branch: its merge base with the default branch; a version:
// the previous version; a commit: its parent) or by `?base=` / `?diff=`, what changed between
// the two commits, and one page's rendered diff. Results are immutable per commit pair and kept
// in the derived cache under the newer commit.
import type { Doc, DocSet } from '../content/doc-set.js';
import { diffTrees } from '../git/tree-diff.js';
import { classifyChanges, movedPages, type Changes } from '../review/changes.js';
import type { HtmlDiff } from '../review/html-diff.js';
import { renderErrorBlock } from '../markdown/render.js';
import { docsPrefix, parseSelector, permalinkOnRef, type Selector } from '../urls.js';
import { docCardsOf } from '../content/sidebars/navigation.js';
import { HttpError } from './http-error.js';
import { openDocSet, type RequestContext } from './request.js';
import { derivedValue, wholeSite } from './whole-site.js';
import type { Located, Site, Snapshot } from './site.js';

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
export async function comparisonBase(site: Site, snapshot: Snapshot, located: Located, param: string | null): Promise<Base> {
  const base = snapshot.config.docs.base;
  if (param) {
    const selector = parseSelector(encodeURIComponent(param));
    if (!selector) throw new HttpError(400, 'Bad ref', `"${param.slice(0, 100)}" is not a version name, ~branch or @commit.`);
    const other = await site.locate(snapshot, selector);
    return { commit: other.commit, docSet: await openDocSet(site, other.commit), label: refLabel(other), prefix: other.prefix, param };
  }
  const atCommit = async (commit: string, label: string): Promise<Base> => ({
    commit,
    docSet: await openDocSet(site, commit),
    label,
    prefix: docsPrefix(base, { kind: 'commit', oid: commit.slice(0, 12) }),
    param: '',
  });
  const parent = async () => {
    const [first] = (await site.repository.readCommitObject(located.commit)).parent;
    if (!first)
      throw new HttpError(404, 'Nothing to compare with', `Commit ${located.commit.slice(0, 7)} has no parent: name a ref to compare with (a version, ~branch or @commit).`);
    return atCommit(first, `the previous commit (${first.slice(0, 7)})`);
  };
  if (located.kind === 'commit' || (located.kind === 'branch' && located.branch === snapshot.defaultRef)) return parent();
  if (located.kind === 'branch') {
    const mergeBase = await site.caches.derive(
      located.commit,
      `merge-base:${snapshot.defaultCommit}`,
      () => site.repository.mergeBase(located.commit, snapshot.defaultCommit),
      () => 100,
    );
    if (!mergeBase) throw new HttpError(404, 'Nothing to compare with', `Branch ${located.branch} shares no history with ${snapshot.defaultRef}: name a ref to compare with.`);
    return atCommit(mergeBase, `the merge base with ${snapshot.defaultRef} (${mergeBase.slice(0, 7)})`);
  }
  const versions = snapshot.versions;
  const previous = versions.slice(versions.indexOf(located.version!) + 1).find((version) => version.commit);
  if (!previous) throw new HttpError(404, 'Nothing to compare with', `Version ${located.version!.label} is the oldest: name a ref to compare with.`);
  const selector: Selector = previous.path ? { kind: 'version', path: previous.path } : { kind: 'default' };
  return {
    commit: previous.commit!,
    docSet: await openDocSet(site, previous.commit!),
    label: `version ${previous.label}`,
    prefix: docsPrefix(base, selector),
    param: previous.name,
  };
}

/** A request's `changesBetween`: inline on published versions, else a whole-site job its client pays for (decision 030). */
export function changesFor(context: Pick<RequestContext, 'site' | 'snapshot' | 'budget'>, before: DocSet, after: DocSet): Promise<Changes> {
  const name = `changes:${before.commit}:${context.site.day()}`;
  return wholeSite(context, {
    key: `${after.commit}:${name}`,
    commits: [before.commit, after.commit],
    published: 'inline',
    cached: () => derivedValue<Changes>(context, after.commit, name),
    run: () => changesBetween(context.site, before, after),
  });
}

/** What `after` changed compared with `before`: pages, navigation files, and pages moved in the sidebars (for today). */
export function changesBetween(site: Site, before: DocSet, after: DocSet): Promise<Changes> {
  return site.caches.derive(
    after.commit,
    `changes:${before.commit}:${site.day()}`,
    async () => {
      const [oldCommit, newCommit] = await Promise.all([site.repository.readCommitObject(before.commit), site.repository.readCommitObject(after.commit)]);
      const { pages, navigation } = classifyChanges(await diffTrees(site.repository, oldCommit.tree, newCommit.tree), before, after);
      const [oldSidebars, newSidebars] = await Promise.all([site.sidebars(before), site.sidebars(after)]);
      return { pages, navigation, moved: movedPages(pages, before, oldSidebars, after, newSidebars) };
    },
    (changes) => 500 + (changes.pages.length + changes.navigation.length + changes.moved.length) * 300,
  );
}

/** The page of `before` that `doc` of `after` continues: the same file, else the same URL, else the file it was renamed from. */
export async function counterpartOf(site: Site, doc: Doc, before: DocSet, after: DocSet): Promise<Doc | undefined> {
  const direct = before.bySourcePath.get(doc.sourcePath) ?? before.byPermalink.get(doc.permalink);
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
    key: `${after.docSet.commit}:${name}`,
    commits: [before.docSet.commit, after.docSet.commit],
    published: 'inline',
    cached: () => derivedValue<HtmlDiff>(context, after.docSet.commit, name),
    run: () => pageDiff(context.site, prefix, before, after),
  });
}

/** The derived-cache name of a page diff. */
function diffName(site: Site, prefix: string, before: { doc?: Doc; docSet: DocSet }, after: { doc?: Doc; docSet: DocSet }): string {
  return `diff:${before.docSet.commit}:${before.doc?.id ?? '-'}:${after.doc?.id ?? '-'}:${prefix}:${site.day()}`;
}

/**
 * The rendered diff of a page: each side rendered with the reader's prefix (so unchanged links
 * compare equal) and its own commit's links, data and cards, then compared (html-diff.ts).
 * Either side may be missing: a page added shows inserted whole, one removed deleted whole.
 */
export function pageDiff(site: Site, prefix: string, before: { doc?: Doc; docSet: DocSet }, after: { doc?: Doc; docSet: DocSet }): Promise<HtmlDiff> {
  return site.caches.derive(
    after.docSet.commit,
    diffName(site, prefix, before, after),
    async () => {
      const [oldHtml, newHtml] = await Promise.all([renderedHtml(site, prefix, before), renderedHtml(site, prefix, after)]);
      try {
        return await site.diffRendered(oldHtml, newHtml);
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
  const sidebars = await site.sidebars(docSet);
  const href = (permalink: string) => permalinkOnRef(permalink, docSet.location.base, prefix);
  const docCards = (docId: string) =>
    docCardsOf(sidebars.sidebars, docSet, docId).flatMap((card) => (card.permalink ? [{ title: card.label, href: href(card.permalink), description: card.description }] : []));
  return (await site.renderDoc(doc, docSet, { prefix, docCards })).html;
}
