import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { articleOnce, diffView, HISTORY_PARAM, historyView, pageView, view } from '~/lib/site.server';
import { pageMeta, shellOf } from '~/lib/meta';
import type { loader as shellLoader } from './$base';
import { Breadcrumbs } from '~/components/Breadcrumbs';
import { Toc, TocFolded } from '~/components/Toc';
import { DocMeta } from '~/components/DocMeta';
import { Pagination } from '~/components/Pagination';
import { PageError } from '~/components/PageError';
import { PageVersions } from '~/components/PageVersions';
import { ARTICLE_ID, useDocumentHtml } from '~/lib/document-html';
import { useCodeCopy } from '~/lib/code-copy';
import { useImageZoom } from '~/lib/image-zoom';
import { useMermaid } from '~/lib/mermaid';
import { useTabs } from '~/lib/tabs';
import { lazy, Suspense, useRef } from 'react';

// A page's URL with `?diff` is its rendered diff (route kind `diff`, server/urls.ts), with
// `?history` its history (README "Page history"): no slug can clash with a query.
export const loader = ({ context }: LoaderFunctionArgs) =>
  view(async () => {
    if (context.route.kind === 'diff') return articleOnce(context, await diffView(context));
    if (context.search.has(HISTORY_PARAM)) return historyView(context);
    return articleOnce(context, { kind: 'page' as const, ...(await pageView(context)) });
  }, context);

export const meta: MetaFunction<typeof loader, { 'routes/$base': typeof shellLoader }> = ({ data, matches, location }) =>
  !data
    ? []
    : data.kind === 'diff'
      ? [{ title: `Changes: ${data.title}` }, { name: 'robots', content: 'noindex' }]
      : data.kind === 'history'
        ? [{ title: data.title }, { name: 'robots', content: 'noindex' }]
        : pageMeta(shellOf(matches), data, location.pathname);

// Reviewers' views, in chunks of their own: a reader's first visit does not download them.
const PageDiff = lazy(() => import('~/components/PageDiff').then((module) => ({ default: module.PageDiff })));
const PageHistory = lazy(() => import('~/components/PageHistory').then((module) => ({ default: module.PageHistory })));

/** A documentation page, its rendered diff, or its history. */
export default function DocRoute() {
  const data = useLoaderData<typeof loader>();
  if (data.kind === 'page') return <DocPage page={data} />;
  return <Suspense>{data.kind === 'diff' ? <PageDiff diff={data} /> : <PageHistory data={data} />}</Suspense>;
}

/** One documentation page: its title and its server-rendered, sanitized HTML, with where it sits around it. */
function DocPage({ page }: { page: Extract<ReturnType<typeof useLoaderData<typeof loader>>, { kind: 'page' }> }) {
  const html = useDocumentHtml('article', page.html);
  const article = useRef<HTMLElement>(null);
  useCodeCopy(article, html);
  useImageZoom(article);
  useMermaid(article, html);
  useTabs(article, html);
  return (
    <main id="main" className="doc">
      <div className="doc-column">
        <Breadcrumbs crumbs={page.breadcrumbs} />
        <TocFolded headings={page.headings} />
        <article ref={article}>
          {page.bannerHtml ? <div dangerouslySetInnerHTML={{ __html: page.bannerHtml }} /> : null}
          <h1>{page.title}</h1>
          <div className="markdown" id={ARTICLE_ID} dangerouslySetInnerHTML={{ __html: html }} />
        </article>
        <DocMeta tags={page.tags} editUrl={page.editUrl} lastUpdated={page.lastUpdated} historyUrl={page.historyUrl} />
        <PageVersions versions={page.versions} branchDiff={page.branchDiff} />
        <Pagination previous={page.previous} next={page.next} />
      </div>
      <Toc headings={page.headings} />
    </main>
  );
}

export const ErrorBoundary = PageError;
