import { useEffect, useRef } from 'react';
import { useNavigate } from '@remix-run/react';
import type { SerializeFrom } from '@remix-run/node';
import type { pageView } from '../../server/site/index.js';
import { Breadcrumbs } from './Breadcrumbs';
import { Toc, TocFolded } from './Toc';
import { DocMeta } from './DocMeta';
import { Pagination } from './Pagination';
import { PageVersions } from './PageVersions';
import { ARTICLE_ID, useDocumentHtml } from '~/lib/document-html';
import { useArticleScripts } from '~/lib/article-scripts';
import { FormulaStyles } from './FormulaStyles';

/** What a doc page shows (pageView's answer, as loader data: the article HTML may be in the document instead). */
export type DocPageData = SerializeFrom<Omit<Awaited<ReturnType<typeof pageView>>, 'html'> & { html?: string }>;

/** One documentation page: its title and its server-rendered, sanitized HTML, with where it sits around it. */
export function DocPage({ page }: { page: DocPageData }) {
  const html = useDocumentHtml('article', page.html);
  const article = useRef<HTMLElement>(null);
  useArticleScripts(article, html);
  // A `<Redirect>` page, reached by a link inside the app: on to its target at once (a document load follows its refresh).
  const navigate = useNavigate();
  useEffect(() => {
    if (page.redirect) navigate(page.redirect, { replace: true });
  }, [page.redirect, navigate]);
  return (
    <main id="main" className="doc">
      <div className="doc-column">
        <Breadcrumbs crumbs={page.breadcrumbs} />
        <TocFolded headings={page.headings} />
        <article ref={article}>
          {page.bannerHtml ? <div dangerouslySetInnerHTML={{ __html: page.bannerHtml }} /> : null}
          {page.showTitle && <h1>{page.title}</h1>}
          <div className="markdown theme-doc-markdown" id={ARTICLE_ID} dangerouslySetInnerHTML={{ __html: html }} />
          <FormulaStyles html={html} />
        </article>
        <DocMeta tags={page.tags} editUrl={page.editUrl} lastUpdated={page.lastUpdated} historyUrl={page.historyUrl} markdownUrl={page.markdownUrl} />
        <PageVersions versions={page.versions} branchDiff={page.branchDiff} />
        <Pagination previous={page.previous} next={page.next} />
      </div>
      <Toc headings={page.headings} />
    </main>
  );
}
