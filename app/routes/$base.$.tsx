import type { LoaderFunctionArgs, MetaFunction, SerializeFrom } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { articleOnce, blogView, docsPageView, sitePageView, view } from '~/lib/site.server';
import { pageMeta, shellOf } from '~/lib/meta';
import { blogMeta, isBlogPage } from '~/lib/blog-meta';
import type { loader as shellLoader } from './$base';
import { DocPage } from '~/components/DocPage';
import { CategoryPage } from '~/components/CategoryPage';
import { TagsView } from '~/components/TagsView';
import { SearchPage } from '~/components/SearchPage';
import { LazyPage } from '~/components/LazyPage';
import { PageError } from '~/components/PageError';

// Every page under a docs or blog URL, and the pages of the pages plugin (src/pages): what it is (a
// doc, its ?history or ?diff, a category, tags, search, the link report, the changes; a blog's list,
// post, tags, authors or archive) is settled by the server once it knows the commit (docsPageView, blogView). A blog's root is its routeBasePath,
// known at run time only, so its pages come here rather than to a route of their own.
export const loader = ({ context }: LoaderFunctionArgs) =>
  view(async () => {
    if (context.route.kind === 'page') return articleOnce(context, await sitePageView(context));
    if (context.route.kind === 'blog') {
      const data = await blogView(context);
      return data.kind === 'blog-post' ? { ...data, post: articleOnce(context, data.post) } : data;
    }
    const data = await docsPageView(context);
    return data.kind === 'page' || data.kind === 'diff' ? articleOnce(context, data) : data;
  }, context);

export const meta: MetaFunction<typeof loader, { 'routes/$base': typeof shellLoader }> = ({ data, matches, location }) => {
  if (!data) return [];
  if (isBlogPage(data)) return blogMeta(data);
  const noindex = { name: 'robots', content: 'noindex' };
  if (data.kind === 'page' || data.kind === 'category') return pageMeta(shellOf(matches), data, location.pathname);
  if (data.kind === 'tags') return pageMeta(shellOf(matches), data.tags, location.pathname);
  if (data.kind === 'search') return [{ title: data.query ? `Search: ${data.query}` : 'Search' }, noindex];
  if (data.kind === 'links') return [{ title: `Broken links of ${data.scope}` }, noindex];
  return [{ title: data.kind === 'diff' ? `Changes: ${data.title}` : data.title }, noindex];
};

/** The page a docs or blog URL names. */
export default function DocsRoute() {
  return <DocsPageOf data={useLoaderData<typeof loader>()} />;
}

/** A docs or blog page from its loader data (also the root doc of docs at the site root, routes/_index). */
export function DocsPageOf({ data }: { data: SerializeFrom<typeof loader> }) {
  if (data.kind === 'page') return <DocPage page={data} />;
  if (data.kind === 'category') return <CategoryPage page={data} />;
  if (data.kind === 'tags') return <TagsView data={data.tags} />;
  if (data.kind === 'search') return <SearchPage data={data} />;
  return <LazyPage data={data} />;
}

export const ErrorBoundary = PageError;
