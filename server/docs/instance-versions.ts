// The versions of a docs instance as one commit has them: for folder versions, its versions file
// and folders (Docusaurus), for ref versions the configuration; plus the archived versions the
// version menu links out to. Bad files are problems with a position, never a failure.
import type { InstanceConfig } from '../config/instance-config.js';
import type { Problem } from '../problem.js';
import type { DocsVersion } from './docs-version.js';
import { folderVersions, versionedFiles } from './folder-versions.js';
import { refVersions } from './ref-versions.js';
import { versionModelOf } from './docs-instance.js';
import { messagesOf, versionTranslationsFile } from './translations.js';

/** A version no longer served, listed in the version menu as a link out. */
export interface ArchivedVersion {
  name: string;
  href: string;
}

/** An instance's versions at one commit, with what is wrong in their files. */
export interface InstanceVersions {
  versions: DocsVersion[];
  archived: ArchivedVersion[];
  problems: Problem[];
}

/** What reading versions needs of a commit: a file's text by repository path, and whether a folder has files. */
export interface CommitFiles {
  read(path: string): Promise<string | undefined>;
  hasFolder(path: string): boolean;
}

/** The versions of `instance` at a commit (`defaultRef` names the current version of ref versions). */
export async function instanceVersions(instance: InstanceConfig, files: CommitFiles, defaultRef: string): Promise<InstanceVersions> {
  const problems: Problem[] = [];
  const archived = instance.archivedVersions ? await readArchived(instance.archivedVersions, files, problems) : [];
  if (versionModelOf(instance).kind === 'refs') return { versions: refVersions(instance, defaultRef), archived, problems };
  const { versionsFile } = versionedFiles(instance);
  const names = instance.disableVersioning ? undefined : await readNames(versionsFile, files, problems);
  const folders = folderVersions(instance, names, (folder) => files.hasFolder(folder));
  for (const message of folders.problems) problems.push({ code: 'versions', file: versionsFile, message });
  // A label the default locale's translation file gives wins (Docusaurus's `version.label` message).
  const versions = await Promise.all(
    folders.versions.map(async (version) => {
      const file = versionTranslationsFile(instance.translations, version.name);
      const label = messagesOf(await files.read(file), file, problems).get('version.label');
      return label === undefined ? version : { ...version, label };
    }),
  );
  return { versions, archived, problems };
}

/** A versions file's names (`["5.2", "5.1"]`), undefined when there is none; a malformed one is a problem and no versions. */
async function readNames(file: string, files: CommitFiles, problems: Problem[]): Promise<string[] | undefined> {
  const text = await files.read(file);
  if (text === undefined) return undefined;
  const parsed = parseJson(text, file, problems);
  if (Array.isArray(parsed) && parsed.every((name) => typeof name === 'string' && /^[\w.-]{1,32}$/.test(name) && name !== '.' && name !== '..')) return parsed;
  if (parsed !== undefined)
    problems.push({ code: 'versions', file, message: 'expected a list of version names such as ["2.0", "1.0"] (letters, digits, ".", "-", "_"; at most 32 characters)' });
  return [];
}

/** The archived versions file (`{"4.1": "https://…"}`) in its key order; only http(s) links are kept. */
async function readArchived(file: string, files: CommitFiles, problems: Problem[]): Promise<ArchivedVersion[]> {
  const text = await files.read(file);
  if (text === undefined) return [];
  const parsed = parseJson(text, file, problems);
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    if (parsed !== undefined) problems.push({ code: 'versions', file, message: 'expected an object of version names and URLs' });
    return [];
  }
  return Object.entries(parsed).flatMap(([name, href]) => {
    if (typeof href === 'string' && /^https?:\/\//.test(href)) return [{ name, href }];
    problems.push({ code: 'versions', file, message: `${name}: expected an http(s) URL` });
    return [];
  });
}

/** JSON text parsed, or undefined with a problem that gives the line. */
function parseJson(text: string, file: string, problems: Problem[]): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    const at = /position (\d+)/.exec(String(error))?.[1];
    const line = at === undefined ? undefined : text.slice(0, Number(at)).split('\n').length;
    problems.push({ code: 'versions', file, line, message: `not valid JSON: ${(error as Error).message}` });
    return undefined;
  }
}
