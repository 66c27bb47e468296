// The global stylesheets a site's code imports (`import './Hero.scss'` in a component): Docusaurus's
// webpack bundles every such file into the site's one CSS bundle, so its rules apply on every page,
// not only where the component is. Found by reading the import statements of the site's code files
// (not by running them): a static `import` or `require` at the start of a line, of a file of the
// commit (relative, or under `@site/`) that is a stylesheet and not a CSS module (those are scoped:
// asset-modules.ts). A package's stylesheet (`import 'swiper/css'`) is not a file of the commit.
import { posix } from 'node:path';

/** Code files whose imports are read: what Docusaurus's loaders take as modules. */
export const CODE_FILE = /\.(m?[jt]sx?|cjs)$/i;

/** A stylesheet's path, CSS modules excluded. */
const STYLESHEET = /\.(css|s[ac]ss)$/i;

/** `import … from '…'`, `import '…'` and `require('…')`, each at the start of a line. */
const IMPORT = /^[ \t]*(?:import\s+(?:[\w$*{}\s,]+?\s+from\s+)?|(?:const|let|var)?[\w$\s=]*require\(\s*)(['"])([^'"\n]+)\1/gm;

/**
 * The repository paths of the global stylesheets one code file imports, in the order written:
 * `path` is the file's repository path, `siteDir` the site's folder (where `@site/` leads).
 */
export function styleImportsOf(path: string, code: string, siteDir: string): string[] {
  const found: string[] = [];
  for (const [, , specifier] of code.matchAll(IMPORT)) {
    const file = specifier.split('?')[0];
    if (!STYLESHEET.test(file) || /\.module\.[^.]+$/i.test(file)) continue;
    let target: string | undefined;
    if (file.startsWith('./') || file.startsWith('../')) target = posix.join(posix.dirname(path), file);
    else if (file.startsWith('@site/')) target = posix.join(siteDir, file.slice('@site/'.length));
    // Outside the repository (`../` past its root) is no file of the commit.
    if (target !== undefined && !target.startsWith('../') && !found.includes(target)) found.push(target);
  }
  return found;
}
