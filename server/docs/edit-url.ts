// The "Edit this page" link of a doc: Docusaurus's string `editUrl` (the file's path appended), or
// ours, a template with `{ref}` and `{path}`.

/** The edit link of the file at `sourcePath` on `ref`, or undefined when the instance has no edit URL. */
export function editUrlOf(editUrl: string | undefined, sourcePath: string, ref: string): string | undefined {
  if (!editUrl) return undefined;
  if (editUrl.includes('{path}') || editUrl.includes('{ref}')) return editUrl.replaceAll('{ref}', encodeURIComponent(ref)).replaceAll('{path}', sourcePath);
  return `${editUrl.replace(/\/+$/, '')}/${sourcePath}`;
}

/**
 * The file an edit link opens for a doc: its own, or with Docusaurus's `editCurrentVersion` the
 * file at the same place in the current version's folder, whichever version the doc is of.
 */
export function editPathOf(instance: { path: string; editCurrentVersion?: boolean } | undefined, doc: { sourcePath: string; relativePath: string }): string {
  return instance?.editCurrentVersion ? `${instance.path.replace(/\/+$/, '')}/${doc.relativePath}` : doc.sourcePath;
}
