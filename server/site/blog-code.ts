// A blog's options that are code (decision 039): a docusaurus.config's `processBlogPosts` and
// `createFeedItems`, called in the sandbox (decision 034) with Docusaurus's arguments as data. What
// they give back is read as data too: posts are matched to the blog's own by their source file, and
// feed items are checked before a feed holds them.
import { z } from 'zod';
import { type Blog, type BlogPost, placed } from '../blog/blog.js';
import type { BlogOptions } from '../blog/blog-options.js';
import type { FeedItem } from '../blog/feeds.js';
import type { TreeIndex } from '../git/repository.js';
import type { Problem } from '../problem.js';
import type { Site } from './site.js';

/** What the blog's code is run with: the repository its posts are read from, and the commit's config and sandbox. */
type CodeHost = Pick<Site, 'repository' | 'docs'>;

/** Docusaurus's `BlogPost` as the site's functions get it: its id, metadata and Markdown. */
async function postArguments(site: CodeHost, posts: readonly BlogPost[]) {
  const decoder = new TextDecoder();
  return Promise.all(
    posts.map(async (post) => ({
      id: post.id,
      metadata: {
        permalink: post.permalink,
        source: `@site/${post.sourcePath}`,
        title: post.title,
        description: post.description,
        date: post.date.toISOString(),
        tags: post.tags.map(({ label, permalink, description, inline }) => ({ label, permalink, description, inline })),
        authors: post.authors,
        frontMatter: post.frontMatter,
        unlisted: post.unlisted,
        hasTruncateMarker: post.hasTruncateMarker,
        readingTime: post.readingTime,
      },
      content: decoder.decode(await site.repository.readBlob(post.blobOid)),
    })),
  );
}

/** The function of a blog's options with this name, if its commit's docusaurus.config has one the sandbox can call. */
async function blogFunction(site: CodeHost, commit: string, options: BlogOptions, name: 'processBlogPosts' | 'createFeedItems'): Promise<number | undefined> {
  if (!site.docs.code) return undefined;
  return (await site.docs.configOf(commit)).functions[`blog:${options.id}`]?.[name];
}

/** What a post given back may change: Docusaurus's functions filter and order posts, and may edit their metadata. */
const returnedPost = z.object({
  metadata: z.object({ source: z.string(), title: z.string().optional(), description: z.string().optional(), unlisted: z.boolean().optional() }).passthrough(),
});

/**
 * The blog as its config's `processBlogPosts` makes it (the same blog when it has none): the posts
 * it returns, in its order, with their title, description and `unlisted` as it set them. A function
 * that fails, or returns something else than posts, leaves them as they are, and says so.
 */
export async function processedBlog(site: CodeHost, commit: string, tree: TreeIndex, blog: Blog): Promise<Blog> {
  const fn = await blogFunction(site, commit, blog.options, 'processBlogPosts');
  if (fn === undefined || !site.docs.code) return blog;
  const answer = await site.docs.code.callConfigFunction(tree, fn, [[{ blogPosts: await postArguments(site, blog.posts) }]]);
  const problem = (message: string): Blog => ({ ...blog, problems: [...blog.problems, { code: 'blog', file: configFile(site, tree), message }] });
  if (!Array.isArray(answer)) return problem(`processBlogPosts could not be run: ${answer.problem.message}`);
  const [result] = answer;
  if (isThrown(result)) return problem(`processBlogPosts threw "${result.$threw}": the posts are kept as they are`);
  // Nothing returned: Docusaurus keeps the posts.
  if (result === undefined || result === null) return blog;
  const parsed = z.array(returnedPost).safeParse(result);
  if (!parsed.success) return problem(`processBlogPosts returned something else than a list of posts (${parsed.error.issues[0]?.message}): the posts are kept as they are`);
  const bySource = new Map(blog.posts.map((post) => [`@site/${post.sourcePath}`, post]));
  const posts = parsed.data.flatMap(({ metadata }) => {
    const post = bySource.get(metadata.source);
    return post ? [{ ...post, title: metadata.title ?? post.title, description: metadata.description ?? post.description, unlisted: metadata.unlisted ?? post.unlisted }] : [];
  });
  return placed(blog, posts);
}

/** A feed item as a config's `createFeedItems` may return it (the `feed` package's `Item`). */
const returnedItem = z
  .object({
    title: z.string(),
    id: z.string().optional(),
    link: z.string(),
    date: z.coerce.date(),
    description: z.string().optional(),
    content: z.string().optional(),
    author: z.array(z.object({ name: z.string().optional(), email: z.string().optional(), link: z.string().optional() })).optional(),
    category: z.array(z.object({ name: z.string().optional(), domain: z.string().optional() })).optional(),
  })
  .transform((item) => ({ ...item, link: httpUrl(item.link) ?? '' }));

/**
 * A feed's items as its config's `createFeedItems` makes them (`defaults` when it has none):
 * called with the feed's posts and Docusaurus's `defaultCreateFeedItems`, which answers `defaults`.
 * A function that fails, or returns items a feed cannot hold, leaves the defaults, and says why.
 */
export async function createdFeedItems(
  site: CodeHost,
  commit: string,
  tree: TreeIndex,
  blog: Blog,
  posts: readonly BlogPost[],
  defaults: FeedItem[],
): Promise<{ items: FeedItem[]; problem?: Problem }> {
  const fn = await blogFunction(site, commit, blog.options, 'createFeedItems');
  if (fn === undefined || !site.docs.code) return { items: defaults };
  const config = await site.docs.configAt(commit);
  const args = { blogPosts: await postArguments(site, posts), siteConfig: { title: config.title, url: config.url }, outDir: '', defaultCreateFeedItems: { $returns: defaults } };
  const answer = await site.docs.code.callConfigFunction(tree, fn, [[args]]);
  const problem = (message: string) => ({ items: defaults, problem: { code: 'blog' as const, file: configFile(site, tree), message } });
  if (!Array.isArray(answer)) return problem(`createFeedItems could not be run: ${answer.problem.message}`);
  if (isThrown(answer[0])) return problem(`createFeedItems threw "${answer[0].$threw}": the default items stand in`);
  const parsed = z.array(returnedItem).safeParse(answer[0]);
  if (!parsed.success) return problem(`createFeedItems returned no feed items (${parsed.error.issues[0]?.message}): the default items stand in`);
  return { items: parsed.data.filter((item) => item.link) };
}

/** True for what the sandbox gives for a call that threw. */
function isThrown(value: unknown): value is { $threw: string } {
  return typeof value === 'object' && value !== null && typeof (value as { $threw?: unknown }).$threw === 'string';
}

/** The docusaurus.config file of a tree, for problems about its functions. */
function configFile(site: CodeHost, tree: TreeIndex): string {
  return site.docs.code?.configFileOf(tree) ?? 'docusaurus.config.js';
}

/** An http(s) URL as it is, else undefined: a feed's links are followed by readers' feed apps. */
function httpUrl(url: string): string | undefined {
  return /^https?:\/\//i.test(url) ? url : undefined;
}
