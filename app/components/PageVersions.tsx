import type { PageInVersion as PageVersion } from '../../server/site/index.js';

/**
 * Below a page: the versions that hold it, and "Compare with…" links to its rendered diff against
 * another version (or, on a branch, against where the branch started). A disclosure of plain links:
 * works without JavaScript.
 */
export function PageVersions({ versions, branchDiff }: { versions: PageVersion[]; branchDiff: string | null }) {
  const holding = versions.filter((version) => version.has);
  const others = holding.filter((version) => !version.current);
  if (versions.length < 2 && !branchDiff) return null;
  return (
    <div className="page-versions">
      {versions.length > 1 && (
        <p>
          Available in:{' '}
          {holding.length === 0
            ? 'no version'
            : holding.map((version, index) => (
                <span key={version.name}>
                  {index > 0 && ', '}
                  {version.current ? <strong aria-current="page">{version.label}</strong> : <a href={version.href}>{version.label}</a>}
                </span>
              ))}
          {holding.length < versions.length && (
            <span className="page-versions-missing">
              {' '}
              (not in{' '}
              {versions
                .filter((version) => !version.has)
                .map((version) => version.label)
                .join(', ')}
              )
            </span>
          )}
        </p>
      )}
      {(others.length > 0 || branchDiff) && (
        <details className="page-compare">
          <summary>Compare with…</summary>
          <ul>
            {branchDiff && (
              <li>
                <a href={branchDiff} rel="nofollow">
                  What this branch changed
                </a>
              </li>
            )}
            {others.map((version) => (
              <li key={version.name}>
                <a href={version.compare} rel="nofollow">
                  Version {version.label}
                </a>
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}
