import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { blogView, view } from '~/lib/site.server';
import { BlogPage } from '~/components/BlogPage';
import { PageError } from '~/components/PageError';
import blogStyles from '~/styles/blog.css?url';

// Every page of the blog at /blog (issue 48): list pages, posts, tags, authors and the archive, settled by the server (blogView).
// The blog's own styles load with its pages only: a docs page does not pay for them.
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: blogStyles }];

export const loader = ({ context }: LoaderFunctionArgs) => view(() => blogView(context));

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [];
  const feeds = data.feeds.map(({ type, href, title }) => ({ tagName: 'link', rel: 'alternate', type, href, title }));
  if (data.kind === 'blog-post') return [{ title: `${data.post.title} | ${data.siteTitle}` }, { name: 'description', content: data.post.description }, ...feeds];
  const titles = {
    'blog-tags': 'Tags',
    'blog-authors': 'Authors',
    'blog-archive': 'Archive',
    'blog-changes': data.kind === 'blog-changes' ? data.title : '',
    'blog-list': data.kind === 'blog-list' ? (data.heading?.title ?? data.blogTitle) : '',
  };
  return [{ title: `${titles[data.kind]} | ${data.siteTitle}` }, { name: 'description', content: data.blogDescription }, ...feeds];
};

/** A blog list page or post. */
export default function BlogRoute() {
  return <BlogPage data={useLoaderData<typeof loader>()} />;
}

export const ErrorBoundary = PageError;
