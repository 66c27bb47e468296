import { Link } from '@remix-run/react';
import type { HistoryEntry } from '../../server/site/index.js';

/** What the history page shows (the façade's historyView). */
export interface PageHistoryData {
  title: string;
  pageTitle: string;
  pageHref: string;
  sourcePath: string;
  ref: string;
  page: number;
  entries: HistoryEntry[];
  previous: string | null;
  next: string | null;
  truncated: boolean;
}

/** The commits that changed a page's file, newest first, with links to the page then and to each change; plain links, no script needed. */
export function PageHistory({ data }: { data: PageHistoryData }) {
  return (
    <main id="main" className="history-page">
      <h1>
        History of <Link to={data.pageHref}>{data.pageTitle}</Link>
      </h1>
      <p>
        The commits of {data.ref} that changed <code>{data.sourcePath}</code>, newest first, following renames.
      </p>
      {data.entries.length === 0 ? (
        <p>No commits on this page of the history.</p>
      ) : (
        <ol className="history-list" start={(data.page - 1) * 30 + 1}>
          {data.entries.map((entry) => (
            <li key={entry.commit}>
              <p className="history-subject">{entry.subject || '(no message)'}</p>
              <p>
                {entry.author}, <time dateTime={entry.date}>{entry.date}</time>, commit <code>{entry.short}</code>
                {entry.renamed && (
                  <>
                    {' '}
                    (renamed from <code>{entry.renamed.from}</code>)
                  </>
                )}
              </p>
              <p className="history-actions">
                <Link to={entry.href}>Page at {entry.short}</Link>
                {entry.diffHref && <Link to={entry.diffHref}>Changes in {entry.short}</Link>}
              </p>
            </li>
          ))}
        </ol>
      )}
      {data.truncated && <p>The history stops here: older commits are beyond what one page may read.</p>}
      {(data.previous || data.next) && (
        <nav aria-label="History pages" className="history-actions">
          {data.previous && <Link to={data.previous}>Newer commits</Link>}
          {data.next && <Link to={data.next}>Older commits</Link>}
        </nav>
      )}
    </main>
  );
}
