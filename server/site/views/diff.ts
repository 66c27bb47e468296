// The rendered diff of a page (README "Reviewing a branch"): `/{base}/{ref}/{slug}?diff[=ref]`,
// the page as rendered on the ref with what changed since the base marked, and its front matter
// changes listed above it.
import { diffFrontMatter } from '../../review/front-matter-diff.js';
import { changesUrl, DIFF_PARAM, docsUrl, permalinkOnRef } from '../../urls.js';
import { notFound } from '../http-error.js';
import { openDocs, permalinkOf, type RequestContext } from '../request.js';
import { comparisonBase, counterpartOf, pageDiffFor, refLabel } from '../review/review.js';

/** What a rendered diff shows (a post's too: blog-diff.ts). */
export type DiffView = Awaited<ReturnType<typeof diffView>>;

/** The rendered diff of the page a `?diff` URL names. */
export async function diffView(context: RequestContext) {
  const { docSet, located, slug } = await openDocs(context, ['diff']);
  const base = await comparisonBase(context, located, context.search.get(DIFF_PARAM));
  const permalink = permalinkOf(docSet, slug);
  const doc = docSet.byPermalink.get(permalink);
  // A page the ref removed is shown deleted whole, at the address it had.
  const oldDoc = doc ? await counterpartOf(context.site, doc, base.docSet, docSet) : base.docSet.byPermalink.get(permalinkOf(base.docSet, slug));
  if (!doc && !oldDoc) throw notFound(`There is no page at this address on ${refLabel(located)} or ${base.label}.`, 'Page not found');
  const diff = await pageDiffFor(context, located.prefix, { doc: oldDoc, docSet: base.docSet }, { doc, docSet });
  const status = !oldDoc ? 'added' : !doc ? 'removed' : oldDoc.sourcePath !== doc.sourcePath ? 'renamed' : diff.added + diff.removed + diff.changed ? 'modified' : 'unchanged';
  return {
    kind: 'diff' as const,
    title: (doc ?? oldDoc)!.title,
    // A page that starts with an h1 of its own shows it in its HTML: no second title above it.
    showTitle: !(doc ?? oldDoc)!.shownTitle,
    status,
    ref: { label: refLabel(located), url: doc ? docsUrl(located.prefix, slug) : null },
    base: { label: base.label, url: oldDoc ? permalinkOnRef(oldDoc.permalink, base.docSet.location.base, base.prefix) : null },
    path: doc?.sourcePath ?? null,
    oldPath: oldDoc && oldDoc.sourcePath !== doc?.sourcePath ? oldDoc.sourcePath : null,
    frontMatter: diffFrontMatter(oldDoc?.frontMatter ?? {}, doc?.frontMatter ?? {}),
    counts: { added: diff.added, removed: diff.removed, changed: diff.changed },
    html: diff.html,
    changes: changesUrl(located.prefix, base.param || undefined),
  };
}
