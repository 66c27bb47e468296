// A blog post as the pages show it: its title, date, reading time, authors and tags, and its
// article HTML from the page renderer (whole, or up to its truncation marker on list pages).
import type { BlogPost } from '../../blog/blog.js';
import { docEditUrl } from '../../docs/edit-url.js';
import type { Problem } from '../../problem.js';
import { frontMatterDate } from '../../blog/post-front-matter.js';
import { safeUrl } from '../../blog/blog-url.js';
import type { RequestContext } from '../request.js';
import { docOf, type OpenedBlog } from '../blogs.js';
import type { Site } from '../site.js';

/** An author as a post shows them. */
export interface BlogAuthorView {
  name?: string;
  title?: string;
  url?: string;
  imageURL?: string;
  /** The author's page on the blog. */
  page?: string;
}

/** A post as list pages and its own page show it. */
export interface BlogPostView {
  title: string;
  permalink: string;
  /** ISO date, for <time datetime>. */
  date: string;
  /** The date as Docusaurus writes it: "January 1, 2019". */
  dateLabel: string;
  /** Minutes, when the blog shows reading times. */
  readingTime?: number;
  description: string;
  authors: BlogAuthorView[];
  tags: { label: string; permalink: string }[];
  html: string;
  /** True when only the part before the truncation marker is shown. */
  truncated: boolean;
  problems: Problem[];
  /** The table of contents of a whole post (none with `hide_table_of_contents`, nor on list pages). */
  toc: { depth: number; id: string; text: string }[];
  /** "Edit this page": the blog's `editUrl` for the post's file, or its `custom_edit_url`. */
  editUrl?: string;
}

/** Docusaurus's date format for posts, in UTC as dates are read. */
export const DATE_LABEL = new Intl.DateTimeFormat('en-US', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** The h1 a post starts with: its header already shows the title (Docusaurus removes it too). */
const LEADING_H1 = /^\s*<h1\b[^>]*>[\s\S]*?<\/h1>\s*/;

/**
 * A post rendered for a page; `excerpt` renders only the part before its truncation marker. `ref`
 * is the branch, tag or commit the post is read at, which its edit link names, as a doc's does.
 */
export async function postView(site: Site, opened: OpenedBlog, post: BlogPost, excerpt: boolean, ref = site.snapshot().defaultRef): Promise<BlogPostView> {
  const { blog, docSet } = opened;
  const truncated = excerpt && post.hasTruncateMarker;
  const doc = docOf(post, blog.options);
  const page = await site.render.renderDoc(doc, docSet, { prefix: blog.base, excerpt: truncated ? blog.options.marker : undefined });
  return {
    title: post.title,
    permalink: post.permalink,
    date: post.date.toISOString(),
    dateLabel: DATE_LABEL.format(post.date),
    readingTime: post.readingTime,
    description: post.description,
    authors: post.authors.map(({ name, title, url, imageURL, page: authorPage }) => ({ name, title, url, imageURL, page: authorPage?.permalink })),
    tags: post.tags.map(({ label, permalink }) => ({ label, permalink })),
    html: post.contentTitle ? page.html.replace(LEADING_H1, '') : page.html,
    truncated,
    problems: page.problems,
    editUrl: safeUrl(docEditUrl(blog.options, doc, ref)),
    toc: excerpt || post.frontMatter.hide_table_of_contents === true ? [] : page.toc,
  };
}

/**
 * When and by whom a post last changed, as the blog's `showLastUpdateTime` and `showLastUpdateAuthor`
 * ask: front matter `last_update` first, else git (the docs' history table of the commit).
 */
export async function lastUpdateOf(context: Pick<RequestContext, 'reads'>, opened: OpenedBlog, post: BlogPost): Promise<{ date?: string; author?: string } | undefined> {
  const { showLastUpdateTime, showLastUpdateAuthor } = opened.blog.options;
  if (!showLastUpdateTime && !showLastUpdateAuthor) return undefined;
  const written = post.frontMatter.last_update;
  const git = (await context.reads.lastUpdated(opened.docSet)).get(post.sourcePath);
  const time = frontMatterDate(written?.date) ?? (git ? new Date(git.time) : undefined);
  const author = written?.author ?? git?.author;
  return { date: showLastUpdateTime && time ? time.toISOString().slice(0, 10) : undefined, author: showLastUpdateAuthor ? author : undefined };
}
