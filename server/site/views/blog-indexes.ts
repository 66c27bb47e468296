// A blog's pages of tags, authors and years, as Docusaurus's blog plugin makes them: the tags
// list and each tag's paginated posts, the authors list and each author's paginated posts, the
// archive of every listed post by year.
import { blogAuthors, blogTags, postsByYear } from '../../blog/blog-indexes.js';
import { joinUrl } from '../../blog/blog-url.js';
import type { OpenedBlog } from '../blogs.js';
import type { Site } from '../site.js';
import { type BlogPageView, type BlogShell, listView } from './blog-list.js';
import { DATE_LABEL } from './blog-post-view.js';

/** The tags, archive or authors page `path` names below the blog, or undefined when it names none of them. */
export async function blogIndexView(site: Site, opened: OpenedBlog, shell: BlogShell, path: readonly string[]): Promise<BlogPageView | undefined> {
  const { blog } = opened;
  const { options } = blog;
  const [first, second, ...rest] = path;
  if (first === options.tagsBasePath) {
    const tags = blogTags(blog);
    const allTags = joinUrl(blog.base, options.tagsBasePath);
    if (second === undefined)
      return { ...shell, kind: 'blog-tags', tags: [...tags.values()].map(({ tag, posts }) => ({ label: tag.label, permalink: tag.permalink, count: posts.length })) };
    const found = tags.get(joinUrl(allTags, second));
    if (!found) return undefined;
    const count = found.posts.length;
    // Docusaurus's wording: "One post tagged with …", "2 posts tagged with …".
    const title = `${count === 1 ? 'One post' : `${count} posts`} tagged with "${found.tag.label}"`;
    const heading = { title, description: found.tag.description, back: { label: 'View all tags', href: allTags } };
    return listView(site, opened, shell, { posts: found.posts, basePageUrl: found.tag.permalink, rest, heading });
  }
  if (options.archiveBasePath && first === options.archiveBasePath && second === undefined) {
    const years = postsByYear(blog).map(({ year, posts }) => ({
      year,
      posts: posts.map((post) => ({ title: post.title, permalink: post.permalink, dateLabel: DATE_LABEL.format(post.date) })),
    }));
    return { ...shell, kind: 'blog-archive', years };
  }
  if (first === options.authorsBasePath) {
    const authors = blogAuthors(blog);
    const allAuthors = joinUrl(blog.base, options.authorsBasePath);
    if (second === undefined) {
      const list = [...authors.values()].map(({ author, permalink, posts }) => ({
        name: author.name,
        title: author.title,
        imageURL: author.imageURL,
        permalink,
        count: posts.length,
      }));
      return { ...shell, kind: 'blog-authors', authors: list };
    }
    const found = authors.get(joinUrl(allAuthors, second));
    if (!found) return undefined;
    const { author } = found;
    const heading = {
      title: author.name ?? second,
      description: author.description ?? author.title,
      imageURL: author.imageURL,
      back: { label: 'View all authors', href: allAuthors },
    };
    return listView(site, opened, shell, { posts: found.posts, basePageUrl: found.permalink, rest, heading });
  }
  return undefined;
}
