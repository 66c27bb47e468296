import { ARTICLE_ID, useDocumentHtml } from '~/lib/document-html';

/** What the rendered diff shows (the façade's diffView). */
export interface PageDiffData {
  title: string;
  /** False when the page's HTML starts with its own h1 (its content title). */
  showTitle: boolean;
  status: string;
  ref: { label: string; url: string | null };
  base: { label: string; url: string | null };
  path: string | null;
  oldPath: string | null;
  frontMatter: { field: string; before: string | null; after: string | null }[];
  counts: { added: number; removed: number; changed: number };
  html?: string;
  changes: string;
}

/** What happened to the page, in words. */
const STATUS: Record<string, string> = {
  added: 'This page is new',
  removed: 'This page was removed',
  renamed: 'This page was moved',
  modified: 'This page changed',
  unchanged: 'This page did not change',
};

/**
 * A page's rendered diff: what was compared, the front matter changes, then the page as rendered
 * with inserted text underlined in `<ins>` and deleted text struck through in `<del>` (marked by
 * more than colour, and announced by the labels the stylesheet adds).
 */
export function PageDiff({ diff }: { diff: PageDiffData }) {
  const html = useDocumentHtml('article', diff.html);
  const { counts } = diff;
  return (
    <main id="main" className="doc review-diff">
      <div className="doc-column">
        <div className="diff-summary" role="note">
          <p>
            {STATUS[diff.status] ?? diff.status} on <strong>{diff.ref.label}</strong> compared with <strong>{diff.base.label}</strong>
            {diff.oldPath && (
              <>
                {' '}
                (moved from <code>{diff.oldPath}</code>)
              </>
            )}
            . {counts.changed} {counts.changed === 1 ? 'block' : 'blocks'} changed, {counts.added} added, {counts.removed} removed.
          </p>
          <p className="diff-links">
            {diff.ref.url && <a href={diff.ref.url}>View the page</a>}
            {diff.base.url && <a href={diff.base.url}>View it on {diff.base.label}</a>}
            <a href={diff.changes}>Every change</a>
          </p>
          <p className="diff-legend">
            Inserted text is <ins>underlined</ins>, deleted text is <del>struck through</del>.
          </p>
        </div>
        {diff.frontMatter.length > 0 && (
          <table className="diff-front-matter">
            <caption>Front matter changes</caption>
            <thead>
              <tr>
                <th scope="col">Field</th>
                <th scope="col">Before</th>
                <th scope="col">After</th>
              </tr>
            </thead>
            <tbody>
              {diff.frontMatter.map((change) => (
                <tr key={change.field}>
                  <th scope="row">
                    <code>{change.field}</code>
                  </th>
                  <td>{change.before === null ? <em>(none)</em> : <del>{change.before}</del>}</td>
                  <td>{change.after === null ? <em>(none)</em> : <ins>{change.after}</ins>}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <article>
          {diff.showTitle && <h1>{diff.title}</h1>}
          <div className="markdown" id={ARTICLE_ID} dangerouslySetInnerHTML={{ __html: html }} />
        </article>
      </div>
    </main>
  );
}
