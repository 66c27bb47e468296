// One blog instance at one commit, as Docusaurus's blog plugin loads it (`generateBlogPosts`): the
// posts of its folder with their URLs, dates, authors and tags, sorted, linked to their neighbours.
// Drafts are left out (a production build); unlisted posts are served but listed nowhere. Every
// problem (a front matter, the authors or tags file, an unknown author or tag) is positioned and kept.
import type { TreeIndex } from '../git/repository.js';
import { docFileMatcher } from '../content/doc-files.js';
import { parseYaml } from '../content/yaml.js';
import type { Problem } from '../problem.js';
import { type Author, authorsFileSchema, authorsMapOf, postAuthors } from './authors.js';
import { blogFolder, type BlogOptions, type Severity } from './blog-options.js';
import { untruncatedProblems } from './truncate.js';
import { type BlogTag, postTags, tagsFileSchema, tagsMapOf } from './blog-tags.js';
import { joinUrl } from './blog-url.js';
import { type PostSource, readPostSource } from './blog-post.js';
import { parsePostFileName } from './post-file-name.js';
import { frontMatterDate, type PostFrontMatter } from './post-front-matter.js';

/** A post's neighbour, as its page links it. */
export interface PostLink {
  title: string;
  permalink: string;
}

/** One post of a blog at one commit. */
export interface BlogPost {
  /** Docusaurus's id: the post's slug. */
  id: string;
  sourcePath: string;
  blobOid: string;
  permalink: string;
  title: string;
  description: string;
  date: Date;
  tags: BlogTag[];
  authors: Author[];
  /** Minutes, when the blog shows reading times. */
  readingTime?: number;
  hasTruncateMarker: boolean;
  unlisted: boolean;
  frontMatter: PostFrontMatter;
  contentTitle?: string;
  /** The newer post (Docusaurus's prevItem) and the older one (nextItem), among listed posts. */
  prevItem?: PostLink;
  nextItem?: PostLink;
  error?: Problem;
}

/** A blog instance at one commit. Immutable. */
export interface Blog {
  options: BlogOptions;
  /** Its URL root, `/blog`. */
  base: string;
  /** Every published post (unlisted ones too), in the blog's order. */
  posts: readonly BlogPost[];
  /** The posts that lists, tags, authors and feeds show. */
  listed: readonly BlogPost[];
  byPermalink: ReadonlyMap<string, BlogPost>;
  /** Drafts by permalink: not published, kept for previews. */
  drafts: ReadonlyMap<string, BlogPost>;
  /** The authors file's authors by key. */
  authors: ReadonlyMap<string, Author>;
  /** What is broken (a file that cannot be read, an unknown author): shown beside the blog's pages. */
  problems: readonly Problem[];
  /**
   * What Docusaurus warns of at build (`onInlineTags`, `onInlineAuthors`, `onUntruncatedBlogPosts`
   * at `warn` or `log`): for the author, at /readyz and in the link report, not on readers' pages.
   */
  warnings: readonly Problem[];
}

/** Where a blog reads from: a commit's tree and blobs, and the date a post with none gets. */
export interface BlogInput {
  tree: TreeIndex;
  readBlob: (oid: string) => Promise<Uint8Array>;
  options: BlogOptions;
  /** The date of a post that has none in its name or front matter (Docusaurus: the file's first commit). */
  undated: (sourcePath: string) => Date;
  /**
   * What a post's file says, kept by its blob (a push that changes one post reads one post): the
   * caller's memo, given the blob, the path and how to read it. Without one, each load reads all.
   */
  postSource?: (blobOid: string, sourcePath: string, read: () => Promise<PostSource>) => Promise<PostSource>;
  /** In a locale other than the default: its folder of this blog's translations, whose files (posts, authors map) stand for the blog's own. */
  localized?: string;
}

/** Reads a blog instance from a commit: its posts, authors, tags and problems. */
export async function loadBlog(input: BlogInput): Promise<Blog> {
  const { tree, options } = input;
  const folder = `${blogFolder(options)}/`;
  const base = joinUrl(options.routeBasePath);
  const problems: Problem[] = [];
  const warnings: Problem[] = [];
  // `throw` fails Docusaurus's build: here it is a problem beside the pages; `warn` and `log` are warnings.
  const notice = (severity: Severity, problem: Problem) => void (severity === 'throw' ? problems : severity === 'ignore' ? [] : warnings).push(problem);
  // A file of the blog is read from the locale's translation of it when there is one (Docusaurus's getFolderContainingFile).
  const translated = (path: string) => (input.localized && path.startsWith(folder) ? `${input.localized}/${path.slice(folder.length)}` : undefined);
  const own = (path: string) => {
    const translation = translated(path);
    return translation && tree.has(translation) ? translation : path;
  };
  const text = async (path: string) => {
    const entry = tree.get(own(path));
    return entry ? new TextDecoder().decode(await input.readBlob(entry.oid)) : undefined;
  };
  const authors = await readMap(await text(folder + options.authorsMapPath), folder + options.authorsMapPath, problems, (data) =>
    authorsMapOf(authorsFileSchema.parse(data), joinUrl(base, options.authorsBasePath)),
  );
  const tagsBase = joinUrl(base, options.tagsBasePath);
  const tagsFile = options.tags ? folder + options.tags : undefined;
  // Without a tags file every tag is inline, and none is reported (Docusaurus's rule).
  const tagsMap =
    tagsFile && tree.has(tagsFile) ? await readMap(await text(tagsFile), tagsFile, problems, (data) => tagsMapOf(tagsFileSchema.parse(data ?? {}), tagsBase)) : undefined;

  const isPost = docFileMatcher({ include: options.include, exclude: options.exclude });
  const files = [...tree].filter(([path]) => path.startsWith(folder) && isPost(path.slice(folder.length))).sort(([a], [b]) => (a < b ? -1 : 1));
  const all = await Promise.all(
    files.map(async ([sourcePath, original]) => {
      const entry = tree.get(own(sourcePath)) ?? original;
      const read = async () => readPostSource((await text(sourcePath)) ?? '', own(sourcePath), options.marker);
      const source = await (input.postSource ? input.postSource(entry.oid, own(sourcePath), read) : read());
      return postOf(sourcePath, entry.oid, source, { options, base, tagsBase, authors, tagsMap, undated: input.undated, problems, notice });
    }),
  );
  for (const post of all) if (post.error) problems.push(post.error);
  // A stable sort by date keeps posts of one day in path order, as Docusaurus's does.
  const sorted = all.sort((a, b) => b.date.getTime() - a.date.getTime());
  if (options.sortPosts === 'ascending') sorted.reverse();
  const posts = sorted.filter((post) => post.frontMatter.draft !== true);
  for (const problem of untruncatedProblems(posts)) notice(options.onUntruncatedBlogPosts, problem);
  const drafts = new Map(sorted.filter((post) => post.frontMatter.draft === true).map((post) => [post.permalink, post]));
  return placed({ options, base, drafts, authors, problems, warnings }, posts);
}

/** The post a blog serves at these URL segments after its root (none for no segments: that is its first list page). */
export function postAt(blog: Pick<Blog, 'base' | 'byPermalink'>, segments: readonly string[]): BlogPost | undefined {
  return segments.length ? blog.byPermalink.get(joinUrl(blog.base, ...segments)) : undefined;
}

/**
 * A blog of these posts, in this order (its own, or what the config's `processBlogPosts` made of
 * it): the listed ones, each with its neighbours among them, and every post by its URL.
 */
export function placed(blog: Omit<Blog, 'posts' | 'listed' | 'byPermalink'>, posts: readonly BlogPost[]): Blog {
  const listed = posts.filter((post) => !post.unlisted).map((post) => ({ ...post }));
  listed.forEach((post, index) => {
    post.prevItem = linkTo(listed[index - 1]);
    post.nextItem = linkTo(listed[index + 1]);
  });
  const bySource = new Map(listed.map((post) => [post.sourcePath, post]));
  const placedPosts = posts.map((post) => bySource.get(post.sourcePath) ?? post);
  const byPermalink = new Map<string, BlogPost>();
  for (const post of placedPosts) if (!byPermalink.has(post.permalink)) byPermalink.set(post.permalink, post);
  return { ...blog, posts: placedPosts, listed, byPermalink };
}

/** What a post needs from its blog to be placed in it. */
interface PostContext {
  options: BlogOptions;
  base: string;
  tagsBase: string;
  authors: ReadonlyMap<string, Author>;
  tagsMap?: ReadonlyMap<string, BlogTag>;
  undated: (sourcePath: string) => Date;
  problems: Problem[];
  /** Reports a finding whose place a severity option decides. */
  notice: (severity: Severity, problem: Problem) => void;
}

/** A post placed in its blog: URL, date, title, authors and tags (Docusaurus's rules). */
function postOf(sourcePath: string, blobOid: string, source: PostSource, context: PostContext): BlogPost {
  const { options, problems, notice } = context;
  const { frontMatter } = source;
  const fileName = parsePostFileName(sourcePath.slice(blogFolder(options).length + 1));
  const slug = frontMatter.slug ?? fileName.slug;
  const report = (message: string) => problems.push({ code: 'blog', file: sourcePath, message });
  return {
    id: slug,
    sourcePath,
    blobOid,
    permalink: joinUrl(context.base, slug),
    title: frontMatter.title ?? source.contentTitle ?? fileName.text,
    description: frontMatter.description ?? source.excerpt ?? '',
    date: frontMatterDate(frontMatter.date) ?? fileName.date ?? context.undated(sourcePath),
    tags: postTags(frontMatter.tags, context.tagsMap, context.tagsBase, (label) =>
      notice(options.onInlineTags, { code: 'blog', file: sourcePath, message: `Tag "${label}" is not defined in ${options.tags} (onInlineTags).` }),
    ),
    authors: postAuthors(frontMatter, context.authors, {
      unknown: (key) => report(`Author "${key}" is not in ${options.authorsMapPath}.`),
      // Inline authors are Docusaurus's to warn of only when the blog has an authors file.
      inline: (name) =>
        context.authors.size > 0 &&
        notice(options.onInlineAuthors, { code: 'blog', file: sourcePath, message: `Author "${name}" is written inline, not in ${options.authorsMapPath} (onInlineAuthors).` }),
    }),
    readingTime: options.showReadingTime ? source.readingTime : undefined,
    hasTruncateMarker: source.hasTruncateMarker,
    unlisted: frontMatter.unlisted === true,
    frontMatter,
    contentTitle: source.contentTitle,
    error: source.error,
  };
}

/** A post as its neighbours link it. */
function linkTo(post: BlogPost | undefined): PostLink | undefined {
  return post && { title: post.title, permalink: post.permalink };
}

/** A YAML or JSON map file read and made a Map; a missing file is an empty map, a broken one a problem (and an empty map). */
async function readMap<T>(source: string | undefined, file: string, problems: Problem[], make: (data: unknown) => Map<string, T>): Promise<Map<string, T>> {
  if (source === undefined) return new Map();
  const parsed = parseYaml(source, file, 'blog');
  if (parsed.problem) {
    problems.push(parsed.problem);
    return new Map();
  }
  try {
    return make(parsed.data);
  } catch (cause) {
    const issue = (cause as { issues?: { path: (string | number)[]; message: string }[] }).issues?.[0];
    problems.push({ code: 'blog', file, line: issue ? parsed.lineOf(issue.path) : undefined, message: issue ? `${issue.path.join('.')}: ${issue.message}` : String(cause) });
    return new Map();
  }
}
