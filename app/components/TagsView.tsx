import { Link } from '@remix-run/react';

type TagsData =
  | { kind: 'index'; title: string; tags: { label: string; href: string; count: number }[] }
  | { kind: 'tag'; title: string; allTagsHref: string; docs: { title: string; href: string; description?: string }[] };

/** The tag index (every tag and its count) or one tag's pages. */
export function TagsView({ data }: { data: TagsData }) {
  return (
    <main id="main" className="doc">
      <div className="doc-column">
        <h1>{data.title}</h1>
        {data.kind === 'index' ? (
          <ul className="tags tag-index">
            {data.tags.map((tag) => (
              <li key={tag.href}>
                <Link to={tag.href}>
                  {tag.label} <span className="count">{tag.count}</span>
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <>
            <ul className="tagged-docs">
              {data.docs.map((doc) => (
                <li key={doc.href}>
                  <Link to={doc.href} prefetch="intent">
                    {doc.title}
                  </Link>
                  {doc.description && <p>{doc.description}</p>}
                </li>
              ))}
            </ul>
            <p>
              <Link to={data.allTagsHref}>View all tags</Link>
            </p>
          </>
        )}
      </div>
    </main>
  );
}
