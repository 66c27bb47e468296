import { useRef } from 'react';
import { useRouteLoaderData } from '@remix-run/react';
import type { loader as rootLoader } from '~/root';
import type { SitePageView } from '../../server/site/index.js';
import { Navbar, SectionLinks, type Section } from './Navbar';
import { Footer } from './Footer';
import { SearchForm } from './SearchForm';
import { AnnouncementBar } from './AnnouncementBar';
import { Toc } from './Toc';
import { useArticleScripts } from '~/lib/article-scripts';
import { ARTICLE_ID, useDocumentHtml } from '~/lib/document-html';
import pageStyles from '~/styles/site-page.css?url';
import { FormulaStyles } from './FormulaStyles';
import { SkipLink } from './SkipLink';

/**
 * A page of the site's pages plugin (src/pages) in the site's announcement bar, navbar and footer:
 * its HTML rendered on the server (a React page in the sandbox, a Markdown page by the pipeline),
 * with no code of the site's sent to the browser. A page that draws its own `<main>` keeps it as
 * the page's landmark; the frame is then a plain element.
 */
export function SitePage({ data }: { data: SitePageView }) {
  // The page's HTML is sent once on a document request, as a doc's is (decision 005).
  const html = useDocumentHtml('article', data.html);
  const frame = useRef<HTMLElement>(null);
  const siteCss = useRouteLoaderData<typeof rootLoader>('root')?.siteCss;
  useArticleScripts(frame, html);
  const markdown = data.format === 'markdown';
  const ownMain = /<main[\s>]/i.test(html);
  // A page's own <header> outside its <main> is its banner (a Docusaurus hero): the navbar is then no second one.
  const ownBanner = ownMain && /<header[\s>]/i.test(html.split(/<main[\s>]/i)[0]);
  const className = ['site-page', markdown ? 'site-page-markdown' : 'site-page-react', data.wrapperClassName].filter(Boolean).join(' ');
  const content = markdown ? (
    <div className="site-page-columns">
      <article className="markdown" id={ARTICLE_ID} dangerouslySetInnerHTML={{ __html: html }} />
      <Toc headings={data.toc} />
    </div>
  ) : (
    <div id={ARTICLE_ID} dangerouslySetInnerHTML={{ __html: html }} />
  );
  return (
    <>
      <link rel="stylesheet" href={pageStyles} />
      <FormulaStyles html={html} />
      {/* A React page is written against Infima (decision 042): its sheet, then the site's again, so that the site's overrides of Infima win
          as in its build; here in the page's chunk, a doc page loads none of it. */}
      {data.infima ? <link rel="stylesheet" href={data.infima} /> : null}
      {data.infima && siteCss ? <link rel="stylesheet" href={siteCss} /> : null}
      {/* The CSS of the page's own CSS modules, compiled and sanitized on the server (no URL leaves the site). */}
      {data.styles ? <style dangerouslySetInnerHTML={{ __html: data.styles }} /> : null}
      <SkipLink />
      <AnnouncementBar announcement={data.announcement} />
      <Navbar
        title={data.siteTitle}
        home="/"
        sections={data.navbar as Section[]}
        menu={false}
        landmark={ownBanner ? 'nav' : 'header'}
        label={ownBanner ? 'Site' : undefined}
        search={data.search && <SearchForm links={data.search} />}
      />
      {/* Below 996 px the navbar shows no sections: they are here, above the page. */}
      <SectionLinks sections={data.navbar as Section[]} className="menu-sections site-page-sections" />
      {ownMain ? (
        <div id="main" className={className} ref={frame as React.RefObject<HTMLDivElement>}>
          {content}
        </div>
      ) : (
        <main id="main" className={className} ref={frame}>
          {content}
        </main>
      )}
      {data.noFooter ? null : <Footer title={data.siteTitle} />}
    </>
  );
}
