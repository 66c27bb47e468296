// The "Edit this page" link of a doc: Docusaurus's string `editUrl` (the file's path appended), or
// ours, a template with `{ref}` and `{path}`.
import { posix } from 'node:path';

/**
 * The edit link of the file at `sourcePath` on `ref`, or undefined when the instance has no edit URL.
 * Docusaurus appends the file's path relative to the site's folder (`siteDir`: `website/`), ours
 * puts the repository path at `{path}`.
 */
export function editUrlOf(editUrl: string | undefined, sourcePath: string, ref: string, siteDir = ''): string | undefined {
  if (!editUrl) return undefined;
  if (editUrl.includes('{path}') || editUrl.includes('{ref}')) return editUrl.replaceAll('{ref}', encodeURIComponent(ref)).replaceAll('{path}', sourcePath);
  return `${editUrl.replace(/\/+$/, '')}/${siteDir ? posix.relative(siteDir, sourcePath) : sourcePath}`;
}

/**
 * The file an edit link opens for a doc: its own, or with Docusaurus's `editCurrentVersion` the
 * file at the same place in the current version's folder, whichever version the doc is of. A
 * translation's is its original unless `editLocalizedFiles` (Docusaurus's getDocEditUrl: the
 * version's `editUrlLocalized` then, which `editCurrentVersion` moves to the current version's translations).
 */
export function editPathOf(
  instance: { path: string; editCurrentVersion?: boolean; editLocalizedFiles?: boolean; translations?: string } | undefined,
  doc: { sourcePath: string; relativePath: string; translationOf?: string },
): string {
  const localized = doc.translationOf !== undefined && instance?.editLocalizedFiles;
  if (instance?.editCurrentVersion)
    return localized && instance.translations ? `${instance.translations}/current/${doc.relativePath}` : `${instance.path.replace(/\/+$/, '')}/${doc.relativePath}`;
  return doc.translationOf !== undefined && !localized ? doc.translationOf : doc.sourcePath;
}

/**
 * A doc's edit link: front matter `custom_edit_url` when the page has it (null or empty: none), else
 * what the config's `editUrl` function gave for it (`computed`), else the instance's `editUrl` for
 * its file (editPathOf), as Docusaurus gives it.
 */
export function docEditUrl(
  instance: { path: string; editUrl?: string; editCurrentVersion?: boolean; editLocalizedFiles?: boolean; translations?: string; siteDir?: string } | undefined,
  doc: { sourcePath: string; relativePath: string; translationOf?: string; frontMatter: Record<string, unknown> },
  ref: string,
  computed?: string,
): string | undefined {
  if ('custom_edit_url' in doc.frontMatter) {
    const custom = doc.frontMatter.custom_edit_url;
    return typeof custom === 'string' && custom ? custom : undefined;
  }
  return computed ?? editUrlOf(instance?.editUrl, editPathOf(instance, doc), ref, instance?.siteDir);
}
