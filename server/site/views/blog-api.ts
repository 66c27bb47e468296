// `GET /api/blog[?blog={id}][&ref={~branch|@commit}]`: a blog's posts (newest first, listed ones),
// tags and authors as JSON, on the default ref or any served branch or commit, for tools and agents.
import { blogAuthors, blogTags } from '../../blog/blog-indexes.js';
import { formatProblem } from '../../problem.js';
import { parseSelector } from '../../urls.js';
import { blogRoot, blogsOf, openBlog } from '../blogs.js';
import { blogRef } from '../blog-ref.js';
import { HttpError, notFound } from '../http-error.js';
import type { RequestContext } from '../request.js';

/** The blog `?blog=` names (the first without it) on the ref `?ref=` names, as JSON. */
export async function apiBlog(context: RequestContext) {
  const { search, snapshot, site } = context;
  const blogs = blogsOf(snapshot.config);
  const id = search.get('blog');
  const options = id ? blogs.find((candidate) => candidate.id === id) : blogs[0];
  if (!options) throw notFound(blogs.length ? `No blog "${id}"; blogs are ${blogs.map((blog) => blog.id).join(', ')}.` : 'This site has no blog.');
  const ref = search.get('ref');
  const selector = ref ? parseSelector(ref) : { kind: 'default' as const };
  if (!selector || selector.kind === 'version-name') throw new HttpError(400, 'Bad request', '`ref` is a ~branch or an @commit.');
  const { commit, base } = await blogRef(context, blogRoot(options), selector);
  const { blog } = await openBlog(site, commit, options, base);
  return {
    blog: { id: options.id, title: options.blogTitle, description: options.blogDescription, url: blog.base, commit },
    posts: blog.listed.map((post) => ({
      title: post.title,
      url: post.permalink,
      date: post.date.toISOString(),
      description: post.description,
      readingTime: post.readingTime ?? null,
      truncated: post.hasTruncateMarker,
      authors: post.authors.map(({ name, title, url, imageURL, page }) => ({
        name: name ?? null,
        title: title ?? null,
        url: url ?? null,
        imageURL: imageURL ?? null,
        page: page?.permalink ?? null,
      })),
      tags: post.tags.map(({ label, permalink }) => ({ label, url: permalink })),
      source: post.sourcePath,
    })),
    tags: [...blogTags(blog).values()].map(({ tag, posts }) => ({ label: tag.label, url: tag.permalink, count: posts.length })),
    authors: [...blogAuthors(blog).values()].map(({ author, permalink, posts }) => ({ name: author.name ?? null, url: permalink, count: posts.length })),
    problems: blog.problems.map(formatProblem),
  };
}
