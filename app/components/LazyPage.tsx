// The pages a docs reader rarely opens, each in a chunk of its own, so a first visit to a doc does
// not download them: the reviewers' views (a diff, a history, the link report, the changes) and
// the pages that bring their own frame: the blog's, and the pages of the pages plugin (src/pages).
import { lazy, Suspense } from 'react';
import type { BlogPageView, SitePageView } from '../../server/site/index.js';
import type { ChangesPageData } from './ChangesPage';
import type { LinkReportData } from './LinkReport';
import type { PageDiffData } from './PageDiff';
import type { PageHistoryData } from './PageHistory';

const PageDiff = lazy(() => import('./PageDiff').then((module) => ({ default: module.PageDiff })));
const PageHistory = lazy(() => import('./PageHistory').then((module) => ({ default: module.PageHistory })));
const LinkReport = lazy(() => import('./LinkReport').then((module) => ({ default: module.LinkReport })));
const ChangesPage = lazy(() => import('./ChangesPage').then((module) => ({ default: module.ChangesPage })));
const BlogPage = lazy(() => import('./BlogPage').then((module) => ({ default: module.OwnFramePage })));

/** The data of a page this component shows, by its kind. */
export type LazyPageData =
  | ({ kind: 'diff' } & PageDiffData)
  | ({ kind: 'history' } & PageHistoryData)
  | ({ kind: 'links' } & LinkReportData)
  | ({ kind: 'changes' } & ChangesPageData)
  | BlogPageView
  | SitePageView;

/** A reviewer's view or a blog page, loaded when first shown (the server renders it whole). */
export function LazyPage({ data }: { data: LazyPageData }) {
  return (
    <Suspense>
      {data.kind === 'diff' ? (
        <PageDiff diff={data} />
      ) : data.kind === 'history' ? (
        <PageHistory data={data} />
      ) : data.kind === 'links' ? (
        <LinkReport data={data} />
      ) : data.kind === 'changes' ? (
        <ChangesPage data={data} />
      ) : (
        <BlogPage data={data} />
      )}
    </Suspense>
  );
}
