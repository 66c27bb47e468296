/** A heading listed in the table of contents. */
export interface TocHeading {
  depth: number;
  id: string;
  text: string;
}

function TocList({ headings }: { headings: TocHeading[] }) {
  return (
    <ul>
      {headings.map((heading) => (
        <li key={heading.id} className={heading.depth > 2 ? 'toc-sub' : undefined}>
          <a href={`#${heading.id}`}>{heading.text}</a>
        </li>
      ))}
    </ul>
  );
}

/** The table of contents beside the page (wide screens). */
export function Toc({ headings }: { headings: TocHeading[] }) {
  if (headings.length === 0) return null;
  return (
    <nav className="toc" aria-label="On this page">
      <p className="toc-title">On this page</p>
      <TocList headings={headings} />
    </nav>
  );
}

/** The table of contents folded above the page (narrow screens), a `<details>` that needs no script. */
export function TocFolded({ headings }: { headings: TocHeading[] }) {
  if (headings.length === 0) return null;
  return (
    <details className="toc-folded">
      <summary>On this page</summary>
      <TocList headings={headings} />
    </details>
  );
}
