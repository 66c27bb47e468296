/** One entry of the switcher: a version and the same page in it. */
export interface SwitcherVersion {
  name: string;
  label: string;
  href: string;
  current: boolean;
  /** The page being read is not in this version: the link leads to the version's home. */
  missing?: boolean;
}

/** A link of the version menu besides the versions: an archived version, or a configured extra. */
export interface SwitcherLink {
  label: string;
  href: string;
  external: boolean;
  before: boolean;
}

/**
 * The version switcher: a disclosure of plain links to the same page in every version, so it
 * works without JavaScript. A page missing in the chosen version leads to that version's home,
 * which says so (the server handles it; see pageView in server/site/views/page.ts). Archived
 * versions and configured links follow, as links out.
 */
export function VersionSwitcher({ versions, links = [], currentLabel }: { versions: SwitcherVersion[]; links?: SwitcherLink[]; currentLabel: string }) {
  if (versions.length < 2 && links.length === 0) return null;
  const extra = (link: SwitcherLink) => (
    <li key={`${link.label} ${link.href}`} className="switcher-link">
      <a href={link.href} rel={link.external ? 'noopener' : undefined}>
        {link.label}
      </a>
    </li>
  );
  return (
    <details className="version-switcher">
      <summary>
        <span className="visually-hidden">Version: </span>
        {currentLabel}
      </summary>
      <ul aria-label="Versions">
        {links.filter((link) => link.before).map(extra)}
        {versions.map((version) => (
          <li key={version.name}>
            <a href={version.href} aria-current={version.current ? 'page' : undefined} rel="nofollow">
              {version.label}
              {version.missing && <span className="switcher-missing"> (page not in this version)</span>}
            </a>
          </li>
        ))}
        {links.filter((link) => !link.before).map(extra)}
      </ul>
    </details>
  );
}
