// What a blog page puts in the document's head: its title, description and the links to its feeds.
import type { MetaDescriptor } from '@remix-run/node';
import type { BlogPageView } from '../../server/site/index.js';

/** True for the data of a blog page (a blog has its own kinds: `blog-list`, `blog-post`...). */
export function isBlogPage<T extends { kind: string }>(data: T): data is Extract<T, { kind: `blog-${string}` }> {
  return data.kind.startsWith('blog-');
}

/** The head of a blog page. */
export function blogMeta(data: BlogPageView): MetaDescriptor[] {
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
