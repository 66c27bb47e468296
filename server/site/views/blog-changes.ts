// A blog's changes on a branch or commit (`/blog/~branch/changes`), as the docs' changes page
// lists them (views/changes.ts): the posts it added, changed, renamed or removed compared with the
// default ref, each linked on the ref that has it. The same comparison of trees, cached alike.
import type { BlogOptions } from '../../blog/blog-options.js';
import { openBlog, type OpenedBlog } from '../blogs.js';
import type { RequestContext } from '../request.js';
import { changesFor } from '../review/review.js';
import type { BlogShell, BlogPageView } from './blog-list.js';

/** The changes page of a blog read on a ref, compared with the blog of the default commit. */
export async function blogChangesView(context: RequestContext, opened: OpenedBlog, options: BlogOptions, shell: BlogShell, label: string): Promise<BlogPageView> {
  const before = await openBlog(context.site, context.snapshot.defaultCommit, options);
  const changes = await changesFor(context, before.docSet, opened.docSet);
  const bySource = (blog: OpenedBlog, path: string) => blog.blog.posts.find((post) => post.sourcePath === path);
  const pages = changes.pages.map((change) => {
    const post = change.status === 'removed' ? bySource(before, change.path) : bySource(opened, change.path);
    return { status: change.status, title: post?.title ?? change.path, url: post?.permalink, path: change.path };
  });
  return { ...shell, kind: 'blog-changes', title: `Changes of ${label}`, pages };
}
