// What a page that brings its own frame puts in the document's head: a blog page its title,
// description and the links to its feeds; a page of the pages plugin its title and description.
import type { MetaDescriptor } from '@remix-run/node';
import type { BlogPageView, SitePageView } from '../../server/site/index.js';

/** True for the data of a page that brings its own frame: a blog's (its own kinds: `blog-list`, `blog-post`...), or a page of the pages plugin. */
export function isBlogPage<T extends { kind: string }>(data: T): data is Extract<T, { kind: `blog-${string}` | 'site-page' }> {
  return data.kind.startsWith('blog-') || data.kind === 'site-page';
}

/** The head of a blog page, or of a page of the pages plugin (its title as Docusaurus writes it, `Page | Site`). */
export function blogMeta(data: BlogPageView | SitePageView): MetaDescriptor[] {
  if (data.kind === 'site-page') return [{ title: data.title }, ...(data.description ? [{ name: 'description', content: data.description }] : [])];
  const feeds = data.feeds.map(({ type, href, title }) => ({ tagName: 'link', rel: 'alternate', type, href, title }));
  if (data.kind === 'blog-post') return [{ title: `${data.post.title} | ${data.siteTitle}` }, { name: 'description', content: data.post.description }, ...feeds];
  // A post's diff is for reviewers, as a doc's is: not for search engines.
  if (data.kind === 'blog-diff') return [{ title: `Changes: ${data.title} | ${data.siteTitle}` }, { name: 'robots', content: 'noindex' }];
  if (data.kind === 'blog-search') return [{ title: `${data.query ? `Search: ${data.query}` : 'Search'} | ${data.siteTitle}` }, { name: 'robots', content: 'noindex' }];
  const title =
    data.kind === 'blog-list'
      ? (data.heading?.title ?? data.blogTitle)
      : data.kind === 'blog-changes'
        ? data.title
        : { 'blog-tags': 'Tags', 'blog-authors': 'Authors', 'blog-archive': 'Archive' }[data.kind];
  return [{ title: `${title} | ${data.siteTitle}` }, { name: 'description', content: data.blogDescription }, ...feeds];
}
