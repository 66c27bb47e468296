import { useActiveHeading } from '~/lib/scrollspy';
import { useThemeStrings } from '../lib/theme-strings';

/** A heading listed in the table of contents. */
export interface TocHeading {
  depth: number;
  id: string;
  text: string;
}

/** The headings as a list, with the classic theme's `table-of-contents` class names (a site's CSS styles them). */
function TocList({ headings, active }: { headings: TocHeading[]; active?: number }) {
  return (
    <ul className="table-of-contents">
      {headings.map((heading, index) => (
        <li key={index} className={heading.depth > 2 ? 'toc-sub' : undefined}>
          <a
            href={`#${heading.id}`}
            className={index === active ? 'table-of-contents__link table-of-contents__link--active toc-active' : 'table-of-contents__link'}
            aria-current={index === active ? 'location' : undefined}
          >
            {heading.text}
          </a>
        </li>
      ))}
    </ul>
  );
}

/** The table of contents beside the page (wide screens); with JavaScript it marks the section being read. */
export function Toc({ headings }: { headings: TocHeading[] }) {
  const active = useActiveHeading(headings.map((heading) => heading.id));
  const { text } = useThemeStrings();
  if (headings.length === 0) return null;
  return (
    <nav className="toc" aria-label={text('theme.TOCCollapsible.toggleButtonLabel')}>
      <p className="toc-title">{text('theme.TOCCollapsible.toggleButtonLabel')}</p>
      <TocList headings={headings} active={active} />
    </nav>
  );
}

/** The table of contents folded above the page (narrow screens), a `<details>` that needs no script. */
export function TocFolded({ headings }: { headings: TocHeading[] }) {
  const { text } = useThemeStrings();
  if (headings.length === 0) return null;
  return (
    <details className="toc-folded">
      <summary>{text('theme.TOCCollapsible.toggleButtonLabel')}</summary>
      <TocList headings={headings} />
    </details>
  );
}
