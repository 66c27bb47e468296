/** One entry of the switcher: a version and the same page in it. */
export interface SwitcherVersion {
  name: string;
  label: string;
  href: string;
  current: boolean;
  /** The page being read is not in this version: the link leads to the version's main doc. */
  missing?: boolean;
  /** The version's main doc (its root), where the link leads when the page is missing there. */
  mainHref?: string;
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
 * works without JavaScript. A version that lacks the page links to its main doc, as Docusaurus's
 * dropdown does (which then says which page it lacks). Archived versions and configured links
 * follow, as links out.
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
            <a href={version.missing && version.mainHref ? version.mainHref : version.href} aria-current={version.current ? 'page' : undefined} rel="nofollow">
              {version.label}
            </a>
          </li>
        ))}
        {links.filter((link) => !link.before).map(extra)}
      </ul>
    </details>
  );
}
