import { Link } from '@remix-run/react';

/** Below a page: its tags, where to edit it, when it last changed, its history and its Markdown. */
export function DocMeta({
  tags,
  editUrl,
  lastUpdated,
  historyUrl,
  markdownUrl,
}: {
  tags: { label: string; href: string }[];
  editUrl?: string;
  lastUpdated?: { date: string; author: string };
  historyUrl?: string;
  markdownUrl?: string;
}) {
  if (tags.length === 0 && !editUrl && !lastUpdated && !historyUrl) return null;
  return (
    <div className="doc-meta theme-doc-footer">
      {tags.length > 0 && (
        <ul className="tags" aria-label="Tags">
          {tags.map((tag) => (
            <li key={tag.href}>
              <Link to={tag.href}>{tag.label}</Link>
            </li>
          ))}
        </ul>
      )}
      <div className="doc-meta-row">
        {editUrl && <a href={editUrl}>Edit this page</a>}
        {lastUpdated && (
          <span className="last-updated">
            Last updated on <time dateTime={lastUpdated.date}>{lastUpdated.date}</time> by {lastUpdated.author}
          </span>
        )}
        {historyUrl && <Link to={historyUrl}>Page history</Link>}
        {/* A plain link (no client navigation): the Markdown itself, to copy into a chat. */}
        {markdownUrl && (
          <a href={markdownUrl} type="text/markdown">
            Page as Markdown
          </a>
        )}
      </div>
    </div>
  );
}
