// The global rules of a CSS module. CSS Modules make a module's class names (and ids, and keyframes)
// local; a rule with none of them (`h1 { … }`, `:global(.navbar) …`, `@font-face`) stays global. Docusaurus
// bundles every module's CSS into the one stylesheet of the site, so such a rule of a page's module
// applies on every page of its build (Moodle's home page module styles every h1 of the site).
import postcss, { type AtRule, type Rule } from 'postcss';

/** A selector with a class or id of its own, outside `:global(…)`: CSS Modules make it local. */
function isLocal(selector: string): boolean {
  const bare = selector
    .replace(/:global\((?:[^()]|\([^()]*\))*\)/g, '')
    .replace(/"[^"]*"|'[^']*'/g, '')
    .replace(/\[[^\]]*\]/g, '');
  return /[.#][A-Za-z_\\-]/.test(bare);
}

/** `css` (a module's, sanitized) with only its global rules: each rule with a local selector left out, keyframes (local names) too. */
export function moduleGlobals(css: string): string {
  const root = postcss.parse(css);
  root.walkAtRules(/keyframes$/i, (atRule: AtRule) => {
    atRule.remove();
  });
  root.walkRules((rule: Rule) => {
    if (rule.selectors.some(isLocal)) rule.remove();
    else rule.selectors = rule.selectors.map((selector) => selector.replace(/:global\(((?:[^()]|\([^()]*\))*)\)/g, '$1'));
  });
  // At-rules (`@media`, `@supports`) left with no rule inside go too.
  let emptied = true;
  while (emptied) {
    emptied = false;
    root.walkAtRules((atRule: AtRule) => {
      if (atRule.nodes && !atRule.nodes.some((node) => node.type !== 'comment')) {
        atRule.remove();
        emptied = true;
      }
    });
  }
  return root.toString().trim();
}
