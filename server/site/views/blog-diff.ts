// The rendered diff of a post (issue 48): `/blog/{ref}/{post}?diff[=ref]`, as a doc's (diff.ts):
// the post as rendered on its ref with what changed since the base marked, its front matter changes
// above it. The base is the ref's own (a branch's merge base with the default branch, else the
// parent commit), as the blog's changes page compares, or the `~branch` / `@commit` that `?diff=` names.
import { diffFrontMatter } from '../../review/front-matter-diff.js';
import type { BlogOptions } from '../../blog/blog-options.js';
import { joinUrl } from '../../blog/blog-url.js';
import { changesUrl, DIFF_PARAM, docsPrefix, parseSelector, permalinkOnRef, type Selector } from '../../urls.js';
import { blogRef } from '../blog-ref.js';
import { blogRoot, openBlog, type OpenedBlog } from '../blogs.js';
import { HttpError, notFound } from '../http-error.js';
import type { RequestContext } from '../request.js';
import { baseCommitOf, counterpartOf, pageDiffFor } from '../review/review.js';
import type { BlogPageView, BlogShell } from './blog-list.js';

/** A blog's ref in words: `branch x`, `commit abc1234`, the default branch by its name. */
function blogRefLabel(context: Pick<RequestContext, 'snapshot'>, selector: Selector, commit: string): string {
  if (selector.kind === 'branch') return `branch ${selector.name}`;
  return selector.kind === 'commit' ? `commit ${commit.slice(0, 7)}` : `branch ${context.snapshot.defaultRef}`;
}

/** The commit a post on `selector` is compared with, its label and how a blog's URL names it. */
async function blogBase(context: RequestContext, options: BlogOptions, selector: Selector, commit: string): Promise<{ commit: string; label: string; selector: Selector }> {
  const param = context.search.get(DIFF_PARAM);
  if (param) {
    const named = parseSelector(encodeURIComponent(param));
    if (!named || (named.kind !== 'branch' && named.kind !== 'commit')) throw new HttpError(400, 'Bad ref', `"${param.slice(0, 100)}" is not a ~branch or @commit.`);
    const found = await blogRef(context, blogRoot(options), named);
    return { commit: found.commit, label: blogRefLabel(context, named, found.commit), selector: named };
  }
  const branch = selector.kind === 'branch' ? selector.name : selector.kind === 'default' ? context.snapshot.defaultRef : undefined;
  const base = await baseCommitOf(context, { kind: branch ? 'branch' : 'commit', branch, commit });
  return { ...base, selector: { kind: 'commit', oid: base.commit.slice(0, 12) } };
}

/** The rendered diff of the post at the route's path, on the blog `opened` reads at `commit`. */
export async function blogDiffView(context: RequestContext, opened: OpenedBlog, shell: BlogShell, commit: string): Promise<BlogPageView> {
  const { route, site } = context;
  if (route.kind !== 'blog') throw notFound('There is no blog post at this address.');
  const { blog, docSet } = opened;
  const base = await blogBase(context, blog.options, route.selector, commit);
  // Both sides are read at the reader's URL root, so links that did not change compare equal.
  const before = await openBlog(site, base.commit, blog.options, blog.base);
  const permalink = joinUrl(blog.base, ...route.path);
  const doc = docSet.byPermalink.get(permalink);
  // A post the ref removed is shown deleted whole, at the address it had.
  const oldDoc = doc ? await counterpartOf(site, doc, before.docSet, docSet) : before.docSet.byPermalink.get(permalink);
  const label = blogRefLabel(context, route.selector, commit);
  if (!doc && !oldDoc) throw notFound(`There is no post at this address on ${label} or ${base.label}.`, 'Post not found');
  const diff = await pageDiffFor(context, blog.base, { doc: oldDoc, docSet: before.docSet }, { doc, docSet });
  const status = !oldDoc ? 'added' : !doc ? 'removed' : oldDoc.sourcePath !== doc.sourcePath ? 'renamed' : diff.added + diff.removed + diff.changed ? 'modified' : 'unchanged';
  const root = blogRoot(blog.options);
  return {
    ...shell,
    kind: 'blog-diff',
    title: (doc ?? oldDoc)!.title,
    showTitle: !(doc ?? oldDoc)!.contentTitle,
    status,
    ref: { label, url: doc ? doc.permalink : null },
    base: { label: base.label, url: oldDoc ? permalinkOnRef(oldDoc.permalink, docSet.location.base, docsPrefix(root, base.selector)) : null },
    path: doc?.sourcePath ?? null,
    oldPath: oldDoc && oldDoc.sourcePath !== doc?.sourcePath ? oldDoc.sourcePath : null,
    frontMatter: diffFrontMatter(oldDoc?.frontMatter ?? {}, doc?.frontMatter ?? {}),
    counts: { added: diff.added, removed: diff.removed, changed: diff.changed },
    html: diff.html,
    // A preview's changes page; the default ref has none, so its blog's first page.
    changes: route.selector.kind === 'default' ? blog.base : changesUrl(blog.base),
  };
}
