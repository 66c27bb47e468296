// Whether a request names only published versions, or also a ref of its client's choosing (a
// preview branch, a commit permalink, or another ref to compare with): the first are readers, whose
// work the site always does; the second pay for theirs (docs/decisions/030-cost-model.md).
import { DIFF_PARAM, HISTORY_PARAM, parseSelector, type Route, type Selector } from '../../urls.js';

/** Query parameters that name a ref: `?ref=` (the APIs), `?base=` (changes), `?diff=` (a page's diff). */
const REF_PARAMS = ['ref', 'base', DIFF_PARAM];

/** Route kinds whose answers read a whole commit (decision 030); a page's `?history` is one too. */
const WHOLE_SITE_KINDS: ReadonlySet<Route['kind']> = new Set(['links', 'api-links', 'search', 'api-search', 'changes', 'api-changes', 'diff']);

/** True when a request asks for an answer that reads a whole commit: search, the link report, llms-full.txt, changes, a history or a diff. */
export function asksWholeSite(route: Route, search: URLSearchParams): boolean {
  if (route.kind === 'llms') return route.full;
  if (route.kind === 'doc') return search.has(HISTORY_PARAM);
  return WHOLE_SITE_KINDS.has(route.kind) && (route.kind !== 'search' || search.has('q'));
}

/** True when every ref a request names is a published version (by name, path or the default). */
export function namesOnlyPublished(route: Route, search: URLSearchParams): boolean {
  const selectors: (Selector | undefined)[] = 'selector' in route ? [route.selector] : [];
  for (const param of REF_PARAMS) {
    const value = search.get(param);
    if (value) selectors.push(parseSelector(encodeURIComponent(value)));
  }
  return selectors.every((selector) => !selector || selector.kind === 'default' || selector.kind === 'version' || selector.kind === 'version-name');
}
