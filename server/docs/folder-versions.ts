// Docusaurus's versions kept in folders of one commit (plugin-content-docs `versions/`): which
// versions exist, in which order, and each one's path, label, banner, badge and files. Pure: the
// caller reads the versions file. The rules and upstream's values: ../shared/DOCUSAURUS-VERSIONS.md §2.1-2.3.
import type { InstanceConfig } from '../config/instance-config.js';
import { CURRENT_VERSION, versionRoot, type DocsVersion } from './docs-version.js';

/** The versions of an instance at a commit, and what in its configuration names no version. */
export interface FolderVersions {
  versions: DocsVersion[];
  /** Options that name no version (Docusaurus throws; here they are reported and ignored). */
  problems: string[];
}

/**
 * Where Docusaurus keeps an instance's versioned files, in the site's folder: `versions.json` for
 * `default`, `{id}_versions.json` otherwise.
 */
export function versionedFiles(instance: Pick<InstanceConfig, 'id' | 'siteDir'>): {
  versionsFile: string;
  docsFolder: (name: string) => string;
  sidebarsFile: (name: string) => string;
} {
  const prefix = `${instance.siteDir ? `${instance.siteDir.replace(/\/+$/, '')}/` : ''}${instance.id === 'default' ? '' : `${instance.id}_`}`;
  return {
    versionsFile: `${prefix}versions.json`,
    docsFolder: (name) => `${prefix}versioned_docs/version-${name}`,
    sidebarsFile: (name) => `${prefix}versioned_sidebars/version-${name}-sidebars.json`,
  };
}

/**
 * The versions of a folder-versioned instance, as Docusaurus orders and describes them: `current`
 * first (unless left out), then the versions file's names; the last version is `lastVersion`, else
 * the first released one. `names` is the versions file as read (undefined: there is none, so the
 * instance has one version); `exists` says whether a version's folder is in the commit.
 */
export function folderVersions(instance: InstanceConfig, names: readonly string[] | undefined, exists: (folder: string) => boolean): FolderVersions {
  const problems: string[] = [];
  const files = versionedFiles(instance);
  let list = instance.disableVersioning ? [] : [...(names ?? [])];
  if (instance.includeCurrentVersion && !list.includes(CURRENT_VERSION)) list.unshift(CURRENT_VERSION);
  if (instance.onlyIncludeVersions) {
    const only = new Set(instance.onlyIncludeVersions);
    for (const name of only) if (!list.includes(name)) problems.push(`onlyIncludeVersions names "${name}", which is not a version`);
    list = list.filter((name) => only.has(name));
  }
  list = list.filter((name) => {
    if (name === CURRENT_VERSION || exists(files.docsFolder(name))) return true;
    problems.push(`version "${name}" has no folder ${files.docsFolder(name)}`);
    return false;
  });
  for (const name of Object.keys(instance.folderVersions)) if (!list.includes(name)) problems.push(`versions.${name} names no version`);
  let last = instance.lastVersion ?? list.find((name) => name !== CURRENT_VERSION) ?? CURRENT_VERSION;
  if (!list.includes(last)) {
    problems.push(`lastVersion "${last}" is not a version`);
    last = list[0];
  }
  const lastIndex = list.indexOf(last);
  const versions = list.map((name, index): DocsVersion => {
    const options = instance.folderVersions[name] ?? {};
    const isCurrent = name === CURRENT_VERSION;
    const path = options.path ?? (name === last ? '' : isCurrent ? 'next' : name);
    return {
      instance: instance.id,
      name,
      label: options.label ?? (isCurrent ? 'Next' : name),
      path,
      root: versionRoot(instance.base, path),
      banner: options.banner ?? (name === last ? 'none' : index < lastIndex ? 'unreleased' : 'unmaintained'),
      badge: options.badge ?? list.length !== 1,
      noIndex: options.noIndex ?? false,
      className: options.className ?? `docs-version-${name}`,
      isLast: name === last,
      isCurrent,
      contentPath: isCurrent ? instance.path.replace(/\/+$/, '') : files.docsFolder(name),
      sidebars: isCurrent ? instance.sidebars : files.sidebarsFile(name),
      pluginId: instance.id,
      version: name,
      docsSidebars: null,
    };
  });
  return { versions, problems };
}
