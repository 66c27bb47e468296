// A blog's feeds as Docusaurus writes them (`feed.ts`, with the `feed` package it uses): RSS 2.0,
// Atom 1.0 and JSON Feed 1.1, of the newest listed posts (`feedOptions.limit`), each with its full
// HTML, its authors and its tags, every link absolute.
import { Feed } from 'feed';
import type { BlogPost } from './blog.js';
import type { BlogOptions } from './blog-options.js';
import { feedStylesheetOf, withStylesheet } from './feed-stylesheet.js';

/** Their media types. */
export const FEED_TYPES = { rss: 'application/rss+xml; charset=utf-8', atom: 'application/atom+xml; charset=utf-8', json: 'application/feed+json; charset=utf-8' } as const;

/** What a feed says of the site. */
export interface FeedSite {
  title: string;
  /** The site's origin, `https://docs.example.org`. */
  origin: string;
  /** The blog's URL path, `/blog`. */
  base: string;
  favicon?: string;
  /** The locale the blog is read in: the feeds' language unless `feedOptions.language` says otherwise, as Docusaurus's. */
  locale: string;
}

/** A post of a feed with its rendered HTML. */
export interface FeedPost {
  post: BlogPost;
  html: string;
}

/** Site-relative links and images of some HTML made absolute (feed readers have no base URL). */
export function absoluteLinks(html: string, origin: string): string {
  return html.replace(/\b(href|src)="(\/(?!\/)[^"]*)"/g, (_, attribute: string, path: string) => `${attribute}="${origin}${path}"`);
}

/** The posts a feed holds: the newest listed ones, up to the limit. */
export function feedPosts(posts: readonly BlogPost[], options: BlogOptions): BlogPost[] {
  const { limit } = options.feedOptions;
  return typeof limit === 'number' ? posts.slice(0, limit) : [...posts];
}

/** One entry of a feed: the `feed` package's item, as Docusaurus's `createFeedItems` gives it. */
export interface FeedItem {
  title: string;
  id?: string;
  link: string;
  date: Date;
  description?: string;
  content?: string;
  author?: { name?: string; email?: string; link?: string }[];
  category?: { name?: string; domain?: string }[];
}

/** Docusaurus's default items of a feed: each post with its full HTML, authors and tags, every link absolute. */
export function defaultFeedItems(posts: readonly FeedPost[], site: FeedSite): FeedItem[] {
  return posts.map(({ post, html }) => {
    // Raw, as Docusaurus's feeds have them (non-ASCII slugs included); a ref's escapes are already in.
    const url = `${site.origin}${post.permalink}`;
    return {
      title: post.title,
      id: url,
      link: url,
      date: post.date,
      description: post.description,
      content: absoluteLinks(html, site.origin),
      // `feed` reads the first author of a JSON item unchecked: none is no list at all.
      author: post.authors.length ? post.authors.map((author) => ({ name: author.name, link: author.url, email: author.email })) : undefined,
      category: post.tags.map((tag) => ({ name: tag.label, domain: `${site.origin}${tag.permalink}` })),
    };
  });
}

/** One feed of a blog, as text: its items, `updated` at its newest post's date. */
export function blogFeed(kind: 'rss' | 'atom' | 'json', items: readonly FeedItem[], options: BlogOptions, site: FeedSite, updated: Date | undefined): string {
  const { feedOptions } = options;
  const link = `${site.origin}${site.base}`;
  const feed = new Feed({
    id: link,
    title: feedOptions.title ?? `${site.title} Blog`,
    updated,
    language: feedOptions.language ?? site.locale,
    link,
    description: feedOptions.description ?? `${site.title} Blog`,
    favicon: site.favicon ? `${site.origin}/${site.favicon.replace(/^\/+/, '')}` : undefined,
    copyright: feedOptions.copyright,
  });
  for (const item of items) feed.addItem(item);
  if (kind === 'json') return feed.json1();
  const stylesheet = feedStylesheetOf(options, kind);
  const xml = kind === 'rss' ? feed.rss2() : feed.atom1();
  return stylesheet ? withStylesheet(xml, stylesheet) : xml;
}
