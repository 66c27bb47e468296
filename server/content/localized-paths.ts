// Where a doc's file is in a locale's doc set (issue 57): the default locale's docs folder, or the
// locale's folder of translations; a leaf module, so the render workers read it without the doc model.
import type { DocsLocation } from './doc-set.js';

/**
 * The repository paths a doc's file may be named by in a locale's doc set: its own, and the same
 * relative path in the other folder (the original's for a translation, the translation's for a page
 * not translated), as Docusaurus resolves a link against every content path of a version.
 */
export function sourcePathsOf(location: DocsLocation, sourcePath: string): string[] {
  if (!location.localized) return [sourcePath];
  const [original, localized] = [`${location.path.replace(/\/+$/, '')}/`, `${location.localized.replace(/\/+$/, '')}/`];
  if (sourcePath.startsWith(localized)) return [sourcePath, original + sourcePath.slice(localized.length)];
  return sourcePath.startsWith(original) ? [sourcePath, localized + sourcePath.slice(original.length)] : [sourcePath];
}
