// A docs instance as a value (decision 028): its configuration, its versions resolved against one
// snapshot of refs, and the model those versions follow. Whether a version lives in a folder of one
// commit (Docusaurus's way) or at a git ref (ours) is decided here, in the two models, and nowhere else.
import type { InstanceConfig } from '../config/instance-config.js';
import { docsPrefix, folderPrefix, type Selector } from '../urls.js';
import { CURRENT_VERSION, type DocsVersion } from './docs-version.js';
import { versionedFiles } from './folder-versions.js';
import type { ArchivedVersion } from './instance-versions.js';

/** A version and the commit it reads in one snapshot. */
export interface ResolvedVersion extends DocsVersion {
  commit: string | undefined;
}

/** The refs of a snapshot a version may read: the default commit, and every branch and tag. */
export interface RefsOf {
  readonly defaultCommit: string;
  readonly branches: ReadonlyMap<string, string>;
  readonly tags: ReadonlyMap<string, string>;
}

/** How an instance's versions are stored, and so how URLs, commits and doc sets follow from a version. */
export interface VersionModel {
  /** `folders`: versions are folders of the commit read; `refs`: each version reads a branch or tag. */
  readonly kind: 'folders' | 'refs';
  /** The commit a version reads among `refs` (undefined: its ref does not exist). */
  commitOf(version: DocsVersion, refs: RefsOf): string | undefined;
  /** Which doc set of its commit a version reads: its own folder, or the instance folder every ref version reads. */
  docSetName(version: Pick<DocsVersion, 'name'>): string;
  /** The doc sets one commit of the instance holds, given its versions there. */
  docSetNames(versions: readonly Pick<DocsVersion, 'name'>[]): string[];
  /** The URL segment after a ref selector that picks the version in the commit (`5.2`); '' when the ref alone picks it. */
  folderOf(version: Pick<DocsVersion, 'path'>): string;
  /** The URL prefix a version is published at: `/docs/5.2`, `/docs`. */
  publishedPrefix(base: string, version: Pick<DocsVersion, 'path'>): string;
  /** The folders of the repository besides the instance's own that hold its docs (versioned docs). */
  extraFolders(instance: Pick<InstanceConfig, 'id' | 'siteDir'>): string[];
}

/** Docusaurus's model: every version is a folder of the same commit, picked by the URL segment after the ref. */
const FOLDER_MODEL: VersionModel = {
  kind: 'folders',
  commitOf: (_version, refs) => refs.defaultCommit,
  docSetName: (version) => version.name,
  docSetNames: (versions) => versions.map((version) => version.name),
  folderOf: (version) => version.path,
  publishedPrefix: (base, version) => folderPrefix(docsPrefix(base, { kind: 'default' }), version.path),
  extraFolders: (instance) => [
    versionedFiles(instance)
      .docsFolder('x')
      .replace(/\/[^/]*$/, ''),
  ],
};

/** Ours: every version reads a branch or tag (current reads the default ref), all from the instance's folder. */
const REF_MODEL: VersionModel = {
  kind: 'refs',
  commitOf: (version, refs) => (version.isCurrent ? refs.defaultCommit : (refs.branches.get(version.ref!) ?? refs.tags.get(version.ref!))),
  docSetName: () => CURRENT_VERSION,
  docSetNames: () => [CURRENT_VERSION],
  folderOf: () => '',
  publishedPrefix: (base, version) => docsPrefix(base, version.path ? { kind: 'version', path: version.path } : { kind: 'default' }),
  extraFolders: () => [],
};

/** The version model an instance's configuration chooses: a `versions` list is refs, anything else folders. */
export function versionModelOf(instance: InstanceConfig): VersionModel {
  return instance.refVersions !== undefined ? REF_MODEL : FOLDER_MODEL;
}

/** A docs instance in one snapshot. */
export interface DocsInstance {
  readonly config: InstanceConfig;
  readonly model: VersionModel;
  /** Its versions, each with the commit it reads (undefined when a ref version's ref does not exist). */
  readonly versions: readonly ResolvedVersion[];
  /** Versions no longer served, linked out from the version menu. */
  readonly archived: readonly ArchivedVersion[];
}

/** An instance's versions resolved against a snapshot's refs. */
export function docsInstance(config: InstanceConfig, versions: readonly DocsVersion[], archived: readonly ArchivedVersion[], refs: RefsOf): DocsInstance {
  const model = versionModelOf(config);
  return { config, model, archived, versions: versions.map((version) => ({ ...version, commit: model.commitOf(version, refs) })) };
}

/** The last version of an instance (served at its base), if it has one. */
export function lastVersionOf(instance: DocsInstance): ResolvedVersion | undefined {
  return instance.versions.find((version) => version.isLast);
}

/** The URL segment that picks an instance's last version in a commit (`5.3`); '' when the ref alone picks it. */
export function lastFolderOf(instance: DocsInstance): string {
  const last = lastVersionOf(instance);
  return last ? instance.model.folderOf(last) : '';
}

/** The URL prefix of an instance's last version on the ref a selector names: `/docs/5.3`, `/docs/~b/5.3`, `/general`. */
export function lastPrefixOn(instance: DocsInstance, selector: Selector): string {
  return folderPrefix(docsPrefix(instance.config.base, selector), lastFolderOf(instance));
}
