import { Link } from '@remix-run/react';
import type { PageLinkProblems } from '../../server/site/index.js';

/** What the link report page shows (the façade's linksView). */
export interface LinkReportData {
  scope: string;
  commit: string;
  pages: PageLinkProblems[];
  links: number;
  external: number;
  outside: number;
  brokenCount: number;
}

/** The broken links and anchors of a ref, by page and source line; plain HTML, no script needed. */
export function LinkReport({ data }: { data: LinkReportData }) {
  const checked = data.links - data.external - data.outside;
  return (
    <main id="main" className="links-page">
      <h1>Broken links of {data.scope}</h1>
      <p role="status">
        {data.brokenCount === 0 ? 'No broken links' : `${data.brokenCount} broken ${data.brokenCount === 1 ? 'link' : 'links'}`} among {checked} links to pages, headings and files
        of the docs (commit <code>{data.commit.slice(0, 7)}</code>). {data.external} links to other sites and {data.outside} to addresses outside the docs are not checked.
      </p>
      {data.pages.map((page) => (
        <section key={page.source} aria-labelledby={`links-${page.source}`}>
          <h2 id={`links-${page.source}`}>
            <Link to={page.href}>{page.title}</Link>
          </h2>
          <p className="links-source">
            <code>{page.source}</code>
          </p>
          <ul>
            {page.links.map((link) => (
              <li key={`${link.line}:${link.url}`}>
                Line {link.line}: <code>{link.url}</code>: {link.reason}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </main>
  );
}
