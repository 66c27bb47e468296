import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { lazy, Suspense } from 'react';
import { articleOnce, docsPageView, view } from '~/lib/site.server';
import { pageMeta, shellOf } from '~/lib/meta';
import type { loader as shellLoader } from './$base';
import { DocPage } from '~/components/DocPage';
import { CategoryPage } from '~/components/CategoryPage';
import { TagsView } from '~/components/TagsView';
import { SearchPage } from '~/components/SearchPage';
import { PageError } from '~/components/PageError';

// Every page under a docs URL: what it is (a doc, its ?history or ?diff, a category, tags, search,
// the link report, the changes) is settled by the server once it knows the commit (docsPageView).
export const loader = ({ context }: LoaderFunctionArgs) =>
  view(async () => {
    const data = await docsPageView(context);
    return data.kind === 'page' || data.kind === 'diff' ? articleOnce(context, data) : data;
  }, context);

export const meta: MetaFunction<typeof loader, { 'routes/$base': typeof shellLoader }> = ({ data, matches, location }) => {
  if (!data) return [];
  const noindex = { name: 'robots', content: 'noindex' };
  if (data.kind === 'page' || data.kind === 'category') return pageMeta(shellOf(matches), data, location.pathname);
  if (data.kind === 'tags') return pageMeta(shellOf(matches), data.tags, location.pathname);
  if (data.kind === 'search') return [{ title: data.query ? `Search: ${data.query}` : 'Search' }, noindex];
  if (data.kind === 'links') return [{ title: `Broken links of ${data.scope}` }, noindex];
  return [{ title: data.kind === 'diff' ? `Changes: ${data.title}` : data.title }, noindex];
};

// Reviewers' views, in chunks of their own: a reader's first visit does not download them.
const PageDiff = lazy(() => import('~/components/PageDiff').then((module) => ({ default: module.PageDiff })));
const PageHistory = lazy(() => import('~/components/PageHistory').then((module) => ({ default: module.PageHistory })));
const LinkReport = lazy(() => import('~/components/LinkReport').then((module) => ({ default: module.LinkReport })));
const ChangesPage = lazy(() => import('~/components/ChangesPage').then((module) => ({ default: module.ChangesPage })));

/** The page a docs URL names. */
export default function DocsRoute() {
  const data = useLoaderData<typeof loader>();
  if (data.kind === 'page') return <DocPage page={data} />;
  if (data.kind === 'category') return <CategoryPage page={data} />;
  if (data.kind === 'tags') return <TagsView data={data.tags} />;
  if (data.kind === 'search') return <SearchPage data={data} />;
  return (
    <Suspense>
      {data.kind === 'diff' ? (
        <PageDiff diff={data} />
      ) : data.kind === 'history' ? (
        <PageHistory data={data} />
      ) : data.kind === 'links' ? (
        <LinkReport data={data} />
      ) : (
        <ChangesPage data={data} />
      )}
    </Suspense>
  );
}

export const ErrorBoundary = PageError;
