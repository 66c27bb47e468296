import { useRef } from 'react';
import { Link } from '@remix-run/react';
import type { BlogPageView, SitePageView } from '../../server/site/index.js';
import { SitePage } from './SitePage';
import { Navbar, SectionLinks, type Section } from './Navbar';
import { Footer } from './Footer';
import { SearchForm } from './SearchForm';
import { PostHeader, PostList, PostTags } from './BlogPostParts';
import { BlogIndex } from './BlogIndex';
import { Toc, TocFolded } from './Toc';
import { SidebarProblems } from './Sidebar';
import { useArticleScripts } from '~/lib/article-scripts';
import { ARTICLE_ID, useDocumentHtml } from '~/lib/document-html';
import { PageDiff } from './PageDiff';
import { SearchPage } from './SearchPage';
import blogStyles from '~/styles/blog.css?url';
import { FormulaStyles } from './FormulaStyles';
import { SkipLink } from './SkipLink';
import { LastUpdated } from './DocMeta';
import { useThemeStrings } from '../lib/theme-strings';

/** A page that brings its own frame: a blog's, or a page of the pages plugin (one lazy chunk, which a doc page never loads). */
export function OwnFramePage({ data }: { data: BlogPageView | SitePageView }) {
  return data.kind === 'site-page' ? <SitePage data={data} /> : <BlogPage data={data} />;
}

/** A blog list page or post, in the site's navbar and footer, with the recent-posts sidebar; plain links, so usable without JavaScript. */
export function BlogPage({ data }: { data: BlogPageView }) {
  // A post's HTML is sent once on a document request, as a doc's is (decision 005).
  const postHtml = useDocumentHtml('article', data.kind === 'blog-post' ? data.post.html : undefined);
  const { text } = useThemeStrings();
  // Posts get what script adds to a doc's article (code copy, image zoom, diagrams, tabs).
  const main = useRef<HTMLElement>(null);
  useArticleScripts(main, data.kind === 'blog-post' ? postHtml : data.kind === 'blog-list' ? data.posts.map((post) => post.html).join('') : '');
  // A post's rendered diff is a reviewer's page, and the search page of a site with no docs a page
  // of results: either alone between the navbar and the footer.
  if (data.kind === 'blog-diff' || data.kind === 'blog-search')
    return (
      <>
        <Navbar title={data.siteTitle} home="/" sections={data.navbar as Section[]} menu={false} search={data.search && <SearchForm links={data.search} />} />
        {data.kind === 'blog-diff' ? <PageDiff diff={data} /> : <SearchPage data={data} />}
        <Footer title={data.siteTitle} />
      </>
    );
  return (
    <>
      {/* The blog's own styles come with its pages only (a docs page does not pay for them), wherever its root is. */}
      <link rel="stylesheet" href={blogStyles} />
      <SkipLink />
      <Navbar title={data.siteTitle} home="/" sections={data.navbar as Section[]} menu={false} search={data.search && <SearchForm links={data.search} />} />
      {/* Below 996 px the navbar shows no sections: they are here, above the page (the recent posts go below it). */}
      <SectionLinks sections={data.navbar as Section[]} className="menu-sections blog-phone-sections" />
      <div className="blog-layout">
        <nav className="blog-sidebar" aria-label={data.sidebar.title}>
          <h2>{data.sidebar.title}</h2>
          <ul>
            {data.sidebar.posts.map((post) => (
              <li key={post.permalink}>
                <Link to={post.permalink}>{post.title}</Link>
              </li>
            ))}
          </ul>
          <SidebarProblems intro="The blog has problems:" problems={data.problems} />
        </nav>
        <main id="main" className="blog-main" ref={main}>
          {data.kind === 'blog-list' ? (
            <PostList data={data} />
          ) : data.kind === 'blog-post' ? (
            <>
              <TocFolded headings={data.post.toc} />
              <article className="blog-post">
                <PostHeader post={data.post} linked={false} />
                <div className="markdown" id={ARTICLE_ID} dangerouslySetInnerHTML={{ __html: postHtml }} />
                <FormulaStyles html={postHtml} />
                <footer className="blog-post-footer">
                  <PostTags tags={data.post.tags} />
                  {data.post.editUrl ? <a href={data.post.editUrl}>{text('theme.common.editThisPage')}</a> : null}
                  {data.lastUpdated?.date || data.lastUpdated?.author ? <LastUpdated date={data.lastUpdated.date} author={data.lastUpdated.author} /> : null}
                </footer>
              </article>
              <nav className="pagination-nav" aria-label="Blog post page navigation">
                {data.newer ? <Link to={data.newer.permalink}>« {data.newer.title}</Link> : <span />}
                {data.older ? <Link to={data.older.permalink}>{data.older.title} »</Link> : <span />}
              </nav>
            </>
          ) : (
            <BlogIndex data={data} />
          )}
        </main>
        {data.kind === 'blog-post' ? <Toc headings={data.post.toc} /> : null}
      </div>
      <Footer title={data.siteTitle} />
    </>
  );
}
