// Blog posts in search (issue 48, decision 039): each blog's listed posts at the ref searched are a
// section of their own, named after the blog (`blog`, or `blog-{id}` for another instance) and
// labelled with its title, merged with the docs' results by score. A post links to its URL on that
// ref (`/blog/...`, `/blog/~branch/...`, `/blog/@commit/...`): a search of a published version finds
// the published blog, a branch's or commit's search finds that commit's. A site with no blog
// searches its docs alone, as before.
import type { BlogOptions } from '../../blog/blog-options.js';
import type { DocSet } from '../../content/doc-set.js';
import { docsPrefix, docsUrl, permalinkOnRef, type Selector } from '../../urls.js';
import { blogRoot, blogsOf, openBlog } from '../blogs.js';
import { HttpError } from '../http-error.js';
import type { RequestContext } from '../request.js';
import type { BlogAt } from '../site-search.js';
import type { Located } from '../site.js';
import type { RequestBudget } from '../work/admission.js';
import { blogSearchIndexFor, prepareSearch, type SearchPart } from '../work/whole-site.js';
import { DATE_LABEL } from './blog-post-view.js';
import type { SearchAnswer, SearchResult } from './search.js';

/** What a search asks for: the words, a section, a page of results. */
export interface SearchAsked {
  query: string;
  truncated: boolean;
  section?: string;
  offset: number;
  limit: number;
  waitMs?: number;
  budget?: RequestBudget;
}

/** The posts one blog has for a query: its section's count and its best results. */
interface PostsAnswer {
  section: { name: string; label: string; count: number };
  results: SearchResult[];
  building: boolean;
  stale: boolean;
  /** True when the blog's first index is still being built: its posts are found as far as it has gone. */
  partial?: boolean;
}

/** The section name of a blog's posts in search: `blog` for the default instance, `blog-{id}` for another. */
export function blogSectionName(options: BlogOptions): string {
  return options.id === 'default' ? 'blog' : `blog-${options.id}`;
}

/**
 * A search of the docs (`searchDocs`, with the paging asked) and of every blog's posts at the same
 * ref, merged by score, best first; sections list the docs' sidebars, then each blog with matches.
 */
export async function withPosts(
  context: Pick<RequestContext, 'site' | 'snapshot' | 'budget'>,
  located: Located,
  docSet: DocSet,
  asked: SearchAsked,
  searchDocs: (asked: SearchAsked) => Promise<SearchAnswer>,
): Promise<SearchAnswer> {
  const blogs = blogsOf(context.snapshot.config);
  if (!blogs.length) return searchDocs(asked);
  await prepare(context, located, docSet, blogs);
  // Each part gives its best `offset + limit`: the page asked is cut from their merge.
  const wanted = { ...asked, offset: 0, limit: asked.offset + asked.limit };
  const [docs, ...posts] = await Promise.all([searchDocs(wanted), ...blogs.map((options) => searchPosts(context, located, options, wanted))]);
  const results = [...docs.results, ...posts.flatMap((answer) => answer.results)].sort((a, b) => b.score - a.score);
  const found = posts.filter((answer) => answer.section.count > 0);
  return {
    ...docs,
    stale: docs.stale || posts.some((answer) => answer.stale),
    // What is indexed answers: the docs while a blog's posts are still being indexed, and the reverse.
    building: docs.building && posts.every((answer) => answer.building),
    notIndexed: [...(docs.building ? [docs.scope] : (docs.notIndexed ?? [])), ...posts.flatMap((answer) => (answer.building || answer.partial ? [answer.section.label] : []))],
    total: docs.total + found.reduce((sum, answer) => sum + answer.section.count, 0),
    sections: [...docs.sections, ...found.map((answer) => answer.section)],
    results: results.slice(asked.offset, asked.offset + asked.limit),
  };
}

/**
 * Every blog's posts at a ref, searched alone: a site with no docs (Docusaurus's `docs: false`)
 * searches its posts, merged by score, best first, a section per blog with matches.
 */
export async function searchPostsAlone(context: Pick<RequestContext, 'site' | 'snapshot' | 'budget'>, place: BlogPlace, asked: SearchAsked): Promise<SearchAnswer> {
  const blogs = blogsOf(context.snapshot.config);
  const wanted = { ...asked, offset: 0, limit: asked.offset + asked.limit };
  const posts = await Promise.all(blogs.map((options) => searchPosts(context, place, options, wanted)));
  const found = posts.filter((answer) => answer.section.count > 0);
  return {
    query: asked.query,
    truncated: asked.truncated,
    scope: place.kind === 'branch' ? `branch ${place.branch}` : place.kind === 'commit' ? `commit ${place.commit.slice(0, 7)}` : 'the blog',
    commit: place.commit,
    stale: posts.some((answer) => answer.stale),
    building: posts.length > 0 && posts.every((answer) => answer.building),
    notIndexed: posts.flatMap((answer) => (answer.building ? [answer.section.label] : [])),
    total: found.reduce((sum, answer) => sum + answer.section.count, 0),
    sections: found.map((answer) => answer.section),
    results: posts
      .flatMap((answer) => answer.results)
      .sort((a, b) => b.score - a.score)
      .slice(asked.offset, asked.offset + asked.limit),
  };
}

/** Which ref a search of posts reads: how it was named, and its commit. */
type BlogPlace = Pick<Located, 'kind' | 'commit' | 'branch'>;

/** Where a blog is read for a search of `located`: the default ref's for a published version, else the branch's or commit's. */
function blogAt(located: BlogPlace, options: BlogOptions, defaultCommit: string): { at: BlogAt; selector: Selector } {
  if (located.kind === 'branch') return { at: { options, branch: located.branch!, commit: located.commit }, selector: { kind: 'branch', name: located.branch! } };
  if (located.kind === 'commit') return { at: { options, commit: located.commit }, selector: { kind: 'commit', oid: located.commit } };
  return { at: { options, branch: '', commit: defaultCommit }, selector: { kind: 'default' } };
}

/** The indexes a search of a branch or commit reads, its docs' and its blogs' posts', built by one whole-site job when more than one is missing. */
async function prepare(context: Pick<RequestContext, 'site' | 'snapshot' | 'budget'>, located: Located, docSet: DocSet, blogs: BlogOptions[]): Promise<void> {
  const { site, snapshot } = context;
  const posts = await Promise.all(
    blogs.map(async (options): Promise<SearchPart> => {
      const { at } = blogAt(located, options, snapshot.defaultCommit);
      const { docSet: postSet } = await openBlog(site, at.commit, options);
      return { docSet: postSet, ready: () => site.search.blogReady(postSet), lookup: (waitMs) => site.search.blogIndex(snapshot, at, postSet, waitMs) };
    }),
  );
  const docs = { docSet, ready: () => site.search.ready(docSet), lookup: (waitMs?: number) => site.search.index(snapshot, located, docSet, waitMs) };
  await prepareSearch(context, [docs, ...posts]);
}

/** One blog's posts matching a query, with their URLs on the reader's ref; none when a docs section is asked for. */
async function searchPosts(context: Pick<RequestContext, 'site' | 'snapshot' | 'budget'>, located: BlogPlace, options: BlogOptions, asked: SearchAsked): Promise<PostsAnswer> {
  const { site, snapshot } = context;
  const name = blogSectionName(options);
  const section = { name, label: options.blogTitle, count: 0 };
  const { at, selector } = blogAt(located, options, snapshot.defaultCommit);
  const index = await blogSearchIndexFor(context, at, (await openBlog(site, at.commit, options)).docSet, asked.waitMs);
  if (index.status === 'too-big')
    throw new HttpError(
      503,
      'Search needs more memory',
      `The search index of the blog "${options.blogTitle}" needs ${Math.ceil(index.bytes / 2 ** 20)} MiB, more than the search share of the cache budget: the operator should raise MEMORY_MB (see the README, "Memory").`,
    );
  if (index.status === 'building') return { section, results: [], building: true, stale: false };
  // An older commit of the ref answered while this one's index builds: its posts are read from its own blog.
  const { blog, docSet: indexed } = await openBlog(site, index.commit.split(':')[0], options);
  const matches = index.index.search(asked.query).filter((match) => indexed.byId.get(match.docId)?.unlisted === false);
  section.count = matches.length;
  if (asked.section && asked.section !== name) return { section, results: [], building: false, stale: index.stale };
  const prefix = docsPrefix(blogRoot(options), selector);
  const results = matches.slice(asked.offset, asked.offset + asked.limit).map((match): SearchResult => {
    const hit = match.hit();
    const post = blog.byPermalink.get(indexed.byId.get(hit.docId)!.permalink)!;
    const url = postUrl(post.permalink, blogRoot(options), prefix);
    return {
      title: post.title,
      url: hit.anchor ? `${url}#${encodeURIComponent(hit.anchor)}` : url,
      anchor: hit.anchor || null,
      heading: hit.heading || null,
      breadcrumb: [DATE_LABEL.format(post.date)],
      section: { name, label: options.blogTitle },
      snippet: hit.snippet,
      score: Math.round(hit.score * 100) / 100,
    };
  });
  return { section, results, building: false, stale: index.stale, partial: !!index.partial };
}

/**
 * A post's URL on the reader's ref (`prefix`: `/blog/~branch`, or `/~branch` for a blog at the site
 * root): the blog was read at its root, so its permalink moves under the prefix, encoded as docs' URLs are.
 */
export function postUrl(permalink: string, root: string, prefix: string): string {
  return root ? permalinkOnRef(permalink, root, prefix) : docsUrl(prefix === '/' ? '' : prefix, permalink);
}
