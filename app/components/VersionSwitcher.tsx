/** One entry of the switcher: a version and the same page in it. */
export interface SwitcherVersion {
  name: string;
  label: string;
  href: string;
  current: boolean;
  /** The page being read is not in this version: the link leads to the version's home. */
  missing?: boolean;
}

/**
 * The version switcher: a disclosure of plain links to the same page in every version, so it
 * works without JavaScript. A page missing in the chosen version leads to that version's home,
 * which says so (the server handles it; see pageView in server/site/views/page.ts).
 */
export function VersionSwitcher({ versions, currentLabel }: { versions: SwitcherVersion[]; currentLabel: string }) {
  if (versions.length < 2) return null;
  return (
    <details className="version-switcher">
      <summary>
        <span className="visually-hidden">Version: </span>
        {currentLabel}
      </summary>
      <ul aria-label="Versions">
        {versions.map((version) => (
          <li key={version.name}>
            <a href={version.href} aria-current={version.current ? 'page' : undefined} rel="nofollow">
              {version.label}
              {version.missing && <span className="switcher-missing"> (page not in this version)</span>}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}
