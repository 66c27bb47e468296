// The blog's tool (decision 039): its posts, newest first, read from the content API's URL for
// them (`/api/blog?blog=&ref=`), as the other list tools read theirs (decision 037).
import { z } from 'zod';
import { apiBlog } from '../site/index.js';
import { offset } from './inputs.js';
import { slice } from './paging.js';
import { tool, type Reading } from './tool.js';

export const listPosts = tool({
  name: 'list_posts',
  title: 'List blog posts',
  description:
    "The blog's listed posts, newest first: title, URL, date, description, authors and tags, in parts (call again with offset = nextOffset). Use it for announcements, release notes or migration guides by date or tag; read a post with get_page, or find posts by their words with search_docs. Answers an error when the site has no blog.",
  input: {
    ref: z
      .string()
      .min(1)
      .max(300)
      .optional()
      .describe('Which commit\'s blog: "~branch" for a branch preview (e.g. "~feature/x") or "@commit". A blog has no versions. Default: the published blog.'),
    blog: z.string().min(1).max(100).optional().describe('The blog instance id, when the site has several. Default: the first.'),
    tag: z.string().min(1).max(200).optional().describe('Only posts with this tag (its label, any case).'),
    limit: z.number().int().min(1).max(200).optional().describe('How many posts (1 to 200). Default 50.'),
    offset,
  },
  async run({ ref, blog, tag, limit = 50, offset = 0 }, reading: Reading) {
    const params = new URLSearchParams();
    if (ref) params.set('ref', ref);
    if (blog) params.set('blog', blog);
    const answer = await reading.read(`/api/blog${params.size ? `?${params}` : ''}`, apiBlog);
    const tagged = tag ? answer.posts.filter((post) => post.tags.some((candidate) => candidate.label.toLowerCase() === tag.toLowerCase())) : answer.posts;
    const part = slice(tagged, offset, limit);
    return {
      blog: answer.blog.id,
      title: answer.blog.title,
      url: reading.origin + answer.blog.url,
      commit: answer.blog.commit,
      total: part.total,
      offset: part.offset,
      nextOffset: part.nextOffset,
      posts: part.items.map((post) => ({
        title: post.title,
        url: reading.origin + post.url,
        date: post.date.slice(0, 10),
        description: post.description,
        authors: post.authors.flatMap((author) => (author.name ? [author.name] : [])),
        tags: post.tags.map((candidate) => candidate.label),
      })),
    };
  },
});
