// The changes of a ref (README "Reviewing a branch"): `/{base}/{ref}/changes[?base=]` and
// `GET /api/changes?ref=&base=`, the pages it added, changed, removed and renamed compared with
// its default base or another ref, each with a link to the page and to its rendered diff, and the
// blogs' posts it changed between the same commits (post-changes.ts).
import type { DocSet } from '../../content/doc-set.js';
import type { Changes } from '../../review/changes.js';
import { apiChangesUrl, changesUrl, diffUrl, permalinkOnRef } from '../../urls.js';
import { openDocs, openParam, slugOfPermalink, type RequestContext } from '../request.js';
import { versionsAround } from './available.js';
import { changesFor, comparisonBase, MAX_LISTED, refLabel, type Base } from '../review/review.js';
import type { Located } from '../site.js';
import { componentsOf, type PageComponents } from '../problems.js';
import { blogSelectorOf } from '../blog-ref.js';
import { changedPosts } from '../review/post-changes.js';

/** One page in the list. */
export interface ChangedPage {
  status: 'added' | 'modified' | 'removed' | 'renamed';
  title: string;
  /** The page on the reviewed ref; for a removed page, on the base. */
  url: string;
  /** Its rendered diff, on the reviewed ref. */
  diffUrl: string;
  path: string;
  oldPath: string | null;
  similarity: number | null;
  /** Components on the page this site does not know (readers see their content alone), for its author. */
  unknownComponents: { name: string; line: number }[];
  /** The site's own components on the page that failed in the sandbox (readers see their content alone), with why. */
  failedComponents: { line: number | null; message: string }[];
}

/** The changes page of a ref. */
export async function changesView(context: RequestContext) {
  const { docSet, located } = await openDocs(context, ['changes']);
  const param = context.search.get('base');
  const base = await comparisonBase(context, located, param);
  const answer = await describeChanges(context, await changesFor(context, base.docSet, docSet), located, docSet, base);
  const versions = located.kind === 'commit' ? [] : await versionsAround(context, { ...located, kind: 'version' });
  return {
    ...answer,
    title: `Changes of ${refLabel(located)}`,
    api: apiChangesUrl({ ref: refParam(located), base: param ?? undefined }),
    /** Other bases to compare with: the versions, as links. */
    bases: versions
      .filter((entry) => entry.version.commit && !entry.current)
      .map((entry) => ({ label: entry.version.label, href: changesUrl(located.prefix, entry.version.name), current: entry.version.name === param })),
  };
}

/** `GET /api/changes?ref=&base=`: the same list as JSON (ref: a version name, `~branch` or `@commit`; default: the last version). */
export async function apiChanges(context: RequestContext) {
  const { search } = context;
  const { located, docSet } = await openParam(context, search.get('ref'));
  const base = await comparisonBase(context, located, search.get('base'));
  return describeChanges(context, await changesFor(context, base.docSet, docSet), located, docSet, base);
}

/** The changes as links on the reviewed ref: what both the page and the API answer. */
async function describeChanges(context: RequestContext, changes: Changes, located: Located, docSet: DocSet, base: Base) {
  const href = (permalink: string) => permalinkOnRef(permalink, docSet.location.base, located.prefix);
  const listed = changes.pages.slice(0, MAX_LISTED);
  // The pages on the reviewed ref (not the removed ones) are read for their unknown components.
  const components = await componentsOf(
    context.site,
    docSet,
    listed.flatMap((page) => (page.docId ? [docSet.byId.get(page.docId)!] : [])),
  );
  let reviewed = 0;
  const pages: ChangedPage[] = listed.map((page) => {
    const doc = page.docId ? docSet.byId.get(page.docId)! : base.docSet.byId.get(page.oldDocId!)!;
    return {
      ...(page.docId ? componentsView(components[reviewed++]) : { unknownComponents: [], failedComponents: [] }),
      status: page.status,
      title: doc.title,
      url: page.docId ? href(doc.permalink) : permalinkOnRef(doc.permalink, base.docSet.location.base, base.prefix),
      diffUrl: diffUrl(located.prefix, slugOfPermalink(docSet, doc.permalink), base.param || undefined),
      path: page.path,
      oldPath: page.oldPath ?? null,
      similarity: page.similarity ?? null,
    };
  });
  const count = (status: ChangedPage['status']) => changes.pages.filter((page) => page.status === status).length;
  // The blogs' posts between the same two commits, at their URLs on each side; a diff against a named base names its commit.
  const posts = await changedPosts(
    context,
    { commit: located.commit, selector: blogSelectorOf(context.snapshot, located) },
    { commit: base.commit, selector: blogSelectorOf(context.snapshot, { kind: 'commit', commit: base.commit }) },
    base.param ? `@${base.commit.slice(0, 12)}` : undefined,
  );
  return {
    ref: { label: refLabel(located), commit: located.commit, url: located.prefix },
    base: { label: base.label, commit: base.commit, url: base.prefix },
    counts: { added: count('added'), modified: count('modified'), removed: count('removed'), renamed: count('renamed') },
    truncated: changes.pages.length > MAX_LISTED,
    pages,
    navigation: changes.navigation.slice(0, MAX_LISTED).map(({ status, kind, path, oldPath }) => ({ status, kind, path, oldPath: oldPath ?? null })),
    moved: changes.moved.slice(0, MAX_LISTED).map(({ docId, from, to }) => {
      const doc = docSet.byId.get(docId)!;
      return { title: doc.title, url: href(doc.permalink), from, to };
    }),
    posts,
  };
}

/** How the API names a located ref: its version name, `~branch` or `@commit`. */
function refParam(located: Located): string {
  return located.kind === 'version' ? located.version!.name : located.kind === 'branch' ? `~${located.branch}` : `@${located.commit}`;
}

/** A page's component problems as the changes answer lists them. */
function componentsView(components: PageComponents): Pick<ChangedPage, 'unknownComponents' | 'failedComponents'> {
  return { unknownComponents: components.unknown, failedComponents: components.failed.map((problem) => ({ line: problem.line ?? null, message: problem.message })) };
}
