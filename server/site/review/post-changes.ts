// The posts a ref changed (issue 48), for `/api/changes`, the MCP `get_changes` tool and the
// preview report: each blog's posts compared between the base's commit and the ref's by the same
// tree comparison as a docs changes page (changesFor), each with its URL on the ref (a removed post:
// on the base) and the URL of its rendered diff (`?diff`, views/blog-diff.ts).
import type { BlogOptions } from '../../blog/blog-options.js';
import type { Selector } from '../../urls.js';
import { docsPrefix, permalinkOnRef } from '../../urls.js';
import { blogRoot, blogsOf, openBlog } from '../blogs.js';
import type { RequestContext } from '../request.js';
import { changesFor, MAX_LISTED } from './review.js';

/** One post a ref added, modified, removed or renamed. */
export interface ChangedPost {
  /** The blog's id (`default` for the preset's blog). */
  blog: string;
  status: 'added' | 'modified' | 'removed' | 'renamed';
  title: string;
  /** The post on the ref; a removed post on the base. */
  url: string;
  /** Its rendered diff, on the ref. */
  diffUrl: string;
  path: string;
  oldPath: string | null;
}

/** A side of the comparison: its commit and how a blog's URL names it. */
export interface PostSide {
  commit: string;
  selector: Selector;
}

/**
 * The posts of every blog that `ref` changed compared with `base`, in each blog's order of files.
 * `against` is the `?diff=` value of each diff, an `@commit` (none: the ref's own base); `blogs`, which blogs (default: all).
 */
export async function changedPosts(
  context: Pick<RequestContext, 'site' | 'snapshot' | 'budget'>,
  ref: PostSide,
  base: PostSide,
  against?: string,
  blogs: readonly BlogOptions[] = blogsOf(context.snapshot.config),
): Promise<ChangedPost[]> {
  if (ref.commit === base.commit) return [];
  const posts: ChangedPost[] = [];
  for (const options of blogs) {
    const root = blogRoot(options);
    const [before, after] = await Promise.all([openBlog(context.site, base.commit, options), openBlog(context.site, ref.commit, options)]);
    const changes = await changesFor(context, before.docSet, after.docSet);
    const onRef = (permalink: string) => permalinkOnRef(permalink, root, docsPrefix(root, ref.selector));
    for (const page of changes.pages.slice(0, MAX_LISTED)) {
      const post = page.docId ? after.docSet.byId.get(page.docId) : before.docSet.byId.get(page.oldDocId ?? '');
      if (!post) continue;
      posts.push({
        blog: options.id,
        status: page.status,
        title: post.title,
        url: page.docId ? onRef(post.permalink) : permalinkOnRef(post.permalink, root, docsPrefix(root, base.selector)),
        diffUrl: `${onRef(post.permalink)}?diff${against ? `=${against}` : ''}`,
        path: page.path,
        oldPath: page.oldPath ?? null,
      });
    }
  }
  return posts;
}
