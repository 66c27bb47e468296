// The blogs of a commit, for the views (decision 039): each blog instance read once per commit into
// the derived cache (under the one budget), with a doc set of its posts, so a post is rendered by
// the same page renderer, components and caches as a doc (a post is a doc of a folder of its own).
import { type Blog, type BlogPost, loadBlog } from '../blog/blog.js';
import type { PostSource } from '../blog/blog-post.js';
import { type BlogOptions, blogFolder, blogInstancesOf } from '../blog/blog-options.js';
import { currentLocaleDir, underBase, type SiteConfig } from '../config/site-config.js';
import { defaultLocaleOf } from '../config/locales.js';
import { docSetOfDocs, type Doc, type DocSet } from '../content/doc-set.js';
import type { Problem } from '../problem.js';
import type { Site } from './site.js';
import { processedBlog } from './blog-code.js';
import type { BlogListing } from './caches/surrogate-keys.js';

/** A blog at a commit, and its posts as a doc set for the renderer. */
export interface OpenedBlog {
  blog: Blog;
  docSet: DocSet;
}

/** The blog instances a site configuration names, read once per configuration object. */
const instances = new WeakMap<SiteConfig, LocaleBlogOptions[]>();

/** The blog instances of a configuration (none unless `blog` is set, or docusaurus.config's preset has one). */
export function blogsOf(config: SiteConfig): LocaleBlogOptions[] {
  let found = instances.get(config);
  // Below the site's base URL, as Docusaurus serves them (`/project/blog`); a locale's, read with its translations.
  const locale = config.locale && config.locale !== defaultLocaleOf(config) ? { locale: config.locale } : {};
  if (!found) instances.set(config, (found = blogInstancesOf(config.blog).map((options) => ({ ...options, ...locale, routeBasePath: underBase(config, blogRoot(options)) }))));
  return found;
}

/** A blog's options, with the locale it is read in when that is not the site's default one. */
export type LocaleBlogOptions = BlogOptions & { locale?: string };

/** The folder of a blog's translations in a locale's folder: `{localeDir}/docusaurus-plugin-content-blog[-{id}]` (Docusaurus's getPluginI18nPath). */
function localizedBlogFolder(localeDir: string, id: string): string {
  return `${localeDir}/docusaurus-plugin-content-blog${id === 'default' ? '' : `-${id}`}`;
}

/** The blog a configuration serves at a URL root (`blog`, '' for the site root), if any. */
export function blogAt(config: SiteConfig, root: string): BlogOptions | undefined {
  return blogsOf(config).find((options) => blogRoot(options) === root);
}

/** The URL root of a blog without slashes (`blog`). */
export function blogRoot(options: BlogOptions): string {
  return options.routeBasePath.replace(/^\/+|\/+$/g, '');
}

/**
 * A blog instance of a commit, read once per commit, instance and URL root: a branch's preview is
 * the blog read at `/blog/~branch`, so every URL it shows (posts, tags, authors, pages) is on that ref.
 */
export function openBlog(
  site: Pick<Site, 'caches' | 'docs' | 'repository' | 'history'>,
  commit: string,
  options: LocaleBlogOptions,
  base = `/${blogRoot(options)}`,
): Promise<OpenedBlog> {
  return site.caches.derive(
    `${commit}:${options.id}:${base}`,
    'blog',
    async () => {
      const locale = options.locale;
      const [tree, config, commitObject] = await Promise.all([site.docs.treeAt(commit), site.docs.configAt(commit, locale), site.repository.readCommitObject(commit)]);
      const onRef = base === `/${blogRoot(options)}` ? options : { ...options, routeBasePath: base };
      // A post's source is kept by blob (with its path and the truncation marker it is read with) across commits.
      const postSource = (oid: string, path: string, read: () => Promise<PostSource>) =>
        site.caches.derive(oid, `post-source:${path}:${options.marker.source}`, read, (source) => 600 + JSON.stringify(source.frontMatter).length * 2);
      const localized = locale ? { localized: localizedBlogFolder(currentLocaleDir(config), options.id) } : {};
      const read = { tree, readBlob: (oid: string) => site.repository.readBlob(oid), options: onRef, postSource, ...localized };
      // A post with no date in its name or front matter has its file's first commit's, as Docusaurus
      // reads it from git: found for those posts only, then the blog is placed again (sources kept).
      const committed = new Date(commitObject.committer.timestamp * 1000);
      const undated = new Set<string>();
      let blog = await loadBlog({
        ...read,
        undated: (path) => {
          undated.add(path);
          return committed;
        },
      });
      if (undated.size) {
        const created = await firstCommitDates(site, commit, [...undated]);
        blog = await loadBlog({ ...read, undated: (path) => created.get(path) ?? committed });
      }
      // The config's processBlogPosts, if it has one, has the last word on which posts there are.
      blog = await processedBlog(site, commit, tree, blog);
      return { blog, docSet: docSetOf(blog, commit, config, tree) };
    },
    ({ blog }) => 2000 + blog.posts.length * 1500,
  );
}

/** The problems and warnings of every blog of a commit (for /readyz). */
export async function blogProblemsAt(site: Site, commit: string): Promise<Problem[]> {
  const blogs = blogsOf(await site.docs.configAt(commit));
  const lists = await Promise.all(
    blogs.map(async (options) => {
      const { blog } = await openBlog(site, commit, options);
      return blogProblemsOf(blog);
    }),
  );
  return lists.flat();
}

/** What an author should fix in a blog (/readyz and the link report): its problems, and what Docusaurus would warn of. */
export function blogProblemsOf(blog: Blog): Problem[] {
  return [...blog.problems, ...blog.warnings];
}

/** The blogs of a commit as purges compare them (caches/surrogate-keys.ts): each one's folder, and its posts read only when a purge needs them. */
export async function blogListingsAt(site: Site, commit: string): Promise<BlogListing[]> {
  return blogsOf(await site.docs.configAt(commit)).map((options) => ({
    id: options.id,
    folder: blogFolder(options),
    posts: async () => {
      const { blog } = await openBlog(site, commit, options);
      const posts = new Map<string, { permalink: string; listing: string } | 'draft'>();
      for (const draft of blog.drafts.values()) posts.set(draft.sourcePath, 'draft');
      for (const post of blog.posts) posts.set(post.sourcePath, { permalink: post.permalink, listing: listingOf(post) });
      return posts;
    },
  }));
}

/**
 * What the pages of other posts show of a post: its title and address (as a neighbour, in the recent
 * posts), its place (date, unlisted) and the blog's problems (its error, unknown authors or tags).
 * The rest (its body, description, reading time) shows on its own page and on pages that list posts.
 */
function listingOf(post: BlogPost): string {
  const { title, permalink, date, tags, authors, unlisted, error } = post;
  return JSON.stringify([title, permalink, date, tags, authors, unlisted, error]);
}

/** When each file was first committed, as of `commit` (files whose history cannot be read are left out). */
async function firstCommitDates(site: Pick<Site, 'repository' | 'history'>, commit: string, paths: string[]): Promise<Map<string, Date>> {
  const dates = new Map<string, Date>();
  await Promise.all(
    paths.map(async (path) => {
      const history = await site.history.fileHistory(site.repository, commit, path, 10_000).catch(() => undefined);
      const first = history?.entries.at(-1);
      if (first && !history?.more) dates.set(path, new Date(first.time));
    }),
  );
  return dates;
}

/** A post as the page renderer takes a doc. */
export function docOf(post: BlogPost, options: BlogOptions): Doc {
  const relativePath = post.sourcePath.slice(blogFolder(options).length + 1);
  return {
    id: post.id.replace(/^\/+/, ''),
    title: post.title,
    contentTitle: post.contentTitle,
    description: post.description,
    permalink: post.permalink,
    sourcePath: post.sourcePath,
    relativePath,
    sourceDirName: relativePath.includes('/') ? relativePath.slice(0, relativePath.lastIndexOf('/')) : '.',
    blobOid: post.blobOid,
    frontMatter: post.frontMatter as Record<string, unknown>,
    tags: post.tags.map((tag) => tag.label),
    unlisted: post.unlisted,
    error: post.error,
  };
}

/** The posts of a blog as a doc set: the renderer resolves links between posts and reads their files through it. */
function docSetOf(blog: Blog, commit: string, config: SiteConfig, tree: DocSet['tree']): DocSet {
  const { options } = blog;
  const docs = blog.posts.map((post) => docOf(post, options));
  return docSetOfDocs(
    { instance: `blog:${options.id}`, location: { path: blogFolder(options), base: blog.base.replace(/^\/+/, '') }, files: { include: options.include, exclude: options.exclude } },
    { commit, config, tree },
    docs,
  );
}
