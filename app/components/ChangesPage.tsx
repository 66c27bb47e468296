import type { ChangedPage } from '../../server/site/index.js';

/** What the changes page shows (the façade's changesView). */
export interface ChangesPageData {
  title: string;
  ref: { label: string; url: string };
  base: { label: string; url: string };
  counts: { added: number; modified: number; removed: number; renamed: number };
  truncated: boolean;
  pages: ChangedPage[];
  navigation: { status: string; kind: string; path: string; oldPath: string | null }[];
  moved: { title: string; url: string; from: string | null; to: string | null }[];
  /** The blogs' posts changed between the same commits. */
  posts: { status: string; title: string; url: string; diffUrl: string; path: string; oldPath: string | null }[];
  bases: { label: string; href: string; current: boolean }[];
  api: string;
}

const STATUS_LABEL: Record<string, string> = { added: 'Added', modified: 'Changed', removed: 'Removed', renamed: 'Renamed' };
const KIND_LABEL: Record<string, string> = { sidebars: 'Sidebars file', category: 'Category file', 'site-config': 'Site configuration' };

/**
 * The pages a ref changed: each with its status in words, a link to the page and to its rendered
 * diff; then the navigation files and the pages moved in the sidebars. Plain links: works without
 * JavaScript.
 */
export function ChangesPage({ data }: { data: ChangesPageData }) {
  const { counts } = data;
  const total = counts.added + counts.modified + counts.removed + counts.renamed;
  return (
    <main id="main" className="review-page">
      <h1>{data.title}</h1>
      <p>
        Compared with <a href={data.base.url}>{data.base.label}</a>: {total === 0 ? 'no page changed' : summary(counts)}.
      </p>
      {data.bases.length > 0 && (
        <details className="review-bases">
          <summary>Compare with another version</summary>
          <ul>
            {data.bases.map((base) => (
              <li key={base.href}>
                <a href={base.href} rel="nofollow" aria-current={base.current ? 'page' : undefined}>
                  {base.label}
                </a>
              </li>
            ))}
          </ul>
        </details>
      )}
      {data.pages.length > 0 && (
        <section aria-labelledby="changed-pages">
          <h2 id="changed-pages">Pages</h2>
          <ul className="change-list">
            {data.pages.map((page) => (
              <li key={`${page.status}:${page.path}`}>
                <span className={`change-status change-${page.status}`}>{STATUS_LABEL[page.status]}</span> <a href={page.url}>{page.title}</a>{' '}
                <a href={page.diffUrl} className="change-diff" rel="nofollow">
                  Rendered diff<span className="visually-hidden"> of {page.title}</span>
                </a>
                <div className="change-path">
                  <code>{page.path}</code>
                  {page.oldPath && (
                    <>
                      {' '}
                      from <code>{page.oldPath}</code>
                      {page.similarity !== null && page.similarity < 1 && ` (${Math.round(page.similarity * 100)}% similar)`}
                    </>
                  )}
                </div>
                {page.unknownComponents.length > 0 && (
                  <p className="change-problems">
                    Uses components this site does not know (readers see their content alone):{' '}
                    {page.unknownComponents.map((use, index) => (
                      <span key={`${use.name}:${use.line}`}>
                        {index > 0 && ', '}
                        <code>{`<${use.name}>`}</code> (line {use.line})
                      </span>
                    ))}
                  </p>
                )}
                {page.failedComponents.length > 0 && (
                  <div className="change-problems">
                    Site components that could not be rendered (readers see their content alone):
                    <ul>
                      {page.failedComponents.map((failure) => (
                        <li key={`${failure.line}:${failure.message}`}>
                          {failure.line !== null && `Line ${failure.line}: `}
                          {failure.message}
                        </li>
                      ))}
                    </ul>
                  </div>
                )}
              </li>
            ))}
          </ul>
          {data.truncated && <p>Only the first {data.pages.length} pages are listed.</p>}
        </section>
      )}
      {data.posts.length > 0 && (
        <section aria-labelledby="changed-posts">
          <h2 id="changed-posts">Blog posts</h2>
          <ul className="change-list">
            {data.posts.map((post) => (
              <li key={`${post.status}:${post.path}`}>
                <span className={`change-status change-${post.status}`}>{STATUS_LABEL[post.status]}</span> <a href={post.url}>{post.title}</a>{' '}
                <a href={post.diffUrl} className="change-diff" rel="nofollow">
                  Rendered diff<span className="visually-hidden"> of {post.title}</span>
                </a>
                <div className="change-path">
                  <code>{post.path}</code>
                  {post.oldPath && (
                    <>
                      {' '}
                      from <code>{post.oldPath}</code>
                    </>
                  )}
                </div>
              </li>
            ))}
          </ul>
        </section>
      )}
      {data.navigation.length > 0 && (
        <section aria-labelledby="changed-navigation">
          <h2 id="changed-navigation">Navigation files</h2>
          <ul className="change-list">
            {data.navigation.map((file) => (
              <li key={file.path}>
                <span className={`change-status change-${file.status}`}>{STATUS_LABEL[file.status]}</span> {KIND_LABEL[file.kind]} <code>{file.path}</code>
                {file.oldPath && (
                  <>
                    {' '}
                    from <code>{file.oldPath}</code>
                  </>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
      {data.moved.length > 0 && (
        <section aria-labelledby="moved-pages">
          <h2 id="moved-pages">Moved in the sidebars</h2>
          <ul className="change-list">
            {data.moved.map((page) => (
              <li key={page.url}>
                <a href={page.url}>{page.title}</a>
                <div className="change-path">
                  {page.from ?? 'in no sidebar'} → {page.to ?? 'in no sidebar'}
                </div>
              </li>
            ))}
          </ul>
        </section>
      )}
      <p className="review-api">
        As JSON: <a href={data.api}>{data.api}</a>
      </p>
    </main>
  );
}

/** `2 added, 1 changed` from the counts, leaving out zeros. */
function summary(counts: ChangesPageData['counts']): string {
  const parts = [
    [counts.added, 'added'],
    [counts.modified, 'changed'],
    [counts.renamed, 'renamed'],
    [counts.removed, 'removed'],
  ] as const;
  const total = counts.added + counts.modified + counts.removed + counts.renamed;
  return `${total} ${total === 1 ? 'page' : 'pages'}: ${parts
    .filter(([count]) => count > 0)
    .map(([count, word]) => `${count} ${word}`)
    .join(', ')}`;
}
