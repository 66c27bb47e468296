// A blog's changes on a branch or commit (`/blog/~branch/changes`), as the docs' changes page
// lists them (views/changes.ts): the posts it added, changed, renamed or removed compared with its
// own base (a branch's merge base with the default branch, a commit's parent), each linked on the
// ref that has it and to its rendered diff. The same comparison as /api/changes (post-changes.ts).
import type { BlogOptions } from '../../blog/blog-options.js';
import type { OpenedBlog } from '../blogs.js';
import type { RequestContext } from '../request.js';
import { baseCommitOf } from '../review/review.js';
import { changedPosts } from '../review/post-changes.js';
import type { BlogShell, BlogPageView } from './blog-list.js';

/** The changes page of a blog read on a ref, compared with the ref's base. */
export async function blogChangesView(context: RequestContext, opened: OpenedBlog, options: BlogOptions, shell: BlogShell, label: string): Promise<BlogPageView> {
  const { route } = context;
  const selector = route.kind === 'blog' ? route.selector : ({ kind: 'default' } as const);
  const commit = opened.docSet.commit;
  const branch = selector.kind === 'branch' ? selector.name : undefined;
  const base = await baseCommitOf(context, { kind: branch ? 'branch' : 'commit', branch, commit });
  const posts = await changedPosts(context, { commit, selector }, { commit: base.commit, selector: { kind: 'commit', oid: base.commit.slice(0, 12) } }, undefined, [options]);
  const pages = posts.map(({ status, title, url, diffUrl, path }) => ({ status, title, url, diffUrl, path }));
  return { ...shell, kind: 'blog-changes', title: `Changes of ${label}`, pages };
}
