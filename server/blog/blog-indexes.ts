// What a blog's tag and author pages gather (Docusaurus's `groupTaggedItems` and
// `groupBlogPostsByAuthorKey`): the listed posts of each tag and of each author who has a page.
import type { Author } from './authors.js';
import type { Blog, BlogPost } from './blog.js';
import type { BlogTag } from './blog-tags.js';

/** A tag with its posts. */
export interface TagPosts {
  tag: BlogTag;
  posts: BlogPost[];
}

/** An author who has a page, with their posts. */
export interface AuthorPosts {
  author: Author;
  permalink: string;
  posts: BlogPost[];
}

/** The tags of a blog's listed posts by permalink, the first label met winning, sorted by label. */
export function blogTags(blog: Blog): Map<string, TagPosts> {
  const tags = new Map<string, TagPosts>();
  for (const post of blog.listed) {
    for (const tag of post.tags) {
      let entry = tags.get(tag.permalink);
      if (!entry) tags.set(tag.permalink, (entry = { tag, posts: [] }));
      if (!entry.posts.includes(post)) entry.posts.push(post);
    }
  }
  return new Map([...tags].sort(([, a], [, b]) => a.tag.label.localeCompare(b.tag.label)));
}

/** The authors of the authors file who have a page, by permalink, in the file's order: an author with no posts yet still has one. */
export function blogAuthors(blog: Blog): Map<string, AuthorPosts> {
  const authors = new Map<string, AuthorPosts>();
  for (const author of blog.authors.values()) if (author.page) authors.set(author.page.permalink, { author, permalink: author.page.permalink, posts: [] });
  for (const post of blog.listed) {
    for (const author of post.authors) {
      const entry = author.page && authors.get(author.page.permalink);
      if (entry && !entry.posts.includes(post)) entry.posts.push(post);
    }
  }
  return authors;
}

/** A blog's listed posts by year (UTC), newest year first, as the archive shows them. */
export function postsByYear(blog: Blog): { year: string; posts: BlogPost[] }[] {
  const years = new Map<string, BlogPost[]>();
  for (const post of blog.listed) {
    const year = String(post.date.getUTCFullYear());
    years.set(year, [...(years.get(year) ?? []), post]);
  }
  return [...years].sort(([a], [b]) => Number(b) - Number(a)).map(([year, posts]) => ({ year, posts }));
}
