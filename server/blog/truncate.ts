// The part of a post that list pages and feeds show: what comes before its truncation marker
// (Docusaurus's `truncate`).
import type { Problem } from '../problem.js';
import type { BlogPost } from './blog.js';

/** The text before the first marker, or the whole text when it has none. */
export function truncate(content: string, marker: RegExp): string {
  return content.split(marker, 1).shift() ?? '';
}

/** True when a post has a truncation marker. */
export function hasTruncateMarker(content: string, marker: RegExp): boolean {
  return new RegExp(marker.source, marker.flags.replace('g', '')).test(content);
}

/**
 * The posts Docusaurus reports for having no truncation marker (`onUntruncatedBlogPosts` says
 * where): list pages and feeds show them whole.
 */
export function untruncatedProblems(posts: readonly Pick<BlogPost, 'sourcePath' | 'hasTruncateMarker'>[]): Problem[] {
  return posts
    .filter((post) => !post.hasTruncateMarker)
    .map((post) => ({
      code: 'blog' as const,
      file: post.sourcePath,
      message: 'The post has no truncation marker (<!-- truncate --> or {/* truncate */}): list pages show it whole.',
    }));
}
