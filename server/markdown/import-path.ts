// Where an import of a page points in the repository (`!!raw-loader!` files).
import path from 'node:path/posix';

/**
 * The repository path an import names from a page: `@site/...` from the site's folder (Docusaurus's
 * siteDir, '' for the repository root), else from the page's folder; undefined when it leaves the repository.
 */
export function importPath(file: string, specifier: string, siteDir = ''): string | undefined {
  const target = specifier.startsWith('@site/') ? path.normalize(path.join(siteDir, specifier.slice('@site/'.length))) : path.normalize(path.join(path.dirname(file), specifier));
  return target.startsWith('..') || target.startsWith('/') ? undefined : target;
}
