import { Link } from '@remix-run/react';
import { useThemeStrings } from '../lib/theme-strings';

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
  const { text } = useThemeStrings();
  if (tags.length === 0 && !editUrl && !lastUpdated && !historyUrl) return null;
  return (
    <div className="doc-meta theme-doc-footer">
      {tags.length > 0 && (
        <ul className="tags" aria-label={text('theme.tags.tagsListLabel').replace(/:$/, '')}>
          {tags.map((tag) => (
            <li key={tag.href}>
              <Link to={tag.href}>{tag.label}</Link>
            </li>
          ))}
        </ul>
      )}
      <div className="doc-meta-row">
        {editUrl && <a href={editUrl}>{text('theme.common.editThisPage')}</a>}
        {lastUpdated && <LastUpdated date={lastUpdated.date} author={lastUpdated.author} />}
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

/** "Last updated on {date} by {author}" in the page's locale, either part left out when unknown. */
export function LastUpdated({ date, author }: { date?: string; author?: string }) {
  const { t, text, parts } = useThemeStrings();
  return (
    <span className="last-updated">
      {t('theme.lastUpdated.lastUpdatedAtBy', {
        atDate: date ? parts('theme.lastUpdated.atDate', { date: <time dateTime={date}>{date}</time> }) : '',
        byUser: author ? text('theme.lastUpdated.byUser', { user: author }) : '',
      })}
    </span>
  );
}
