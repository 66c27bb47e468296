// What a docs URL names in a snapshot: its instance, the commit of its ref (the last version, a
// named version, a preview branch or tag the pattern allows, or a commit reachable from a served
// ref) and, for versions kept in folders, the version of that commit (decision 028).
import type { InstanceConfig } from '../config/instance-config.js';
import type { InstanceVersions } from '../docs/instance-versions.js';
import { versionModelOf } from '../docs/docs-instance.js';
import { docsPrefix, folderPrefix, refineFolder, type DocsAddress, type Route, type Selector } from '../urls.js';
import { isHttpError, notFound } from './http-error.js';
import { previewAllowed } from './preview-pattern.js';
import { instanceAt, type ResolvedVersion, type Snapshot, type DocsInstance } from './snapshot.js';

/** What a docs URL selects in a snapshot: the commit, how it was named, and which docs of it. */
export interface Located {
  /** `commit`: an immutable permalink; `version`: a published version; `branch`: a preview. */
  kind: 'commit' | 'version' | 'branch';
  commit: string;
  /** The URL prefix of the ref and version, for building links (`/docs/~feature%2Fx/5.2`). */
  prefix: string;
  /** The instance read, as the commit's configuration has it. */
  instance: InstanceConfig;
  /** The version read: a published ref version, or the folder version of the commit (any kind). */
  version?: ResolvedVersion;
  /** The branch or tag name of a preview. */
  branch?: string;
  /** Which doc set of the commit: the version folder (`current` for versions that are refs). */
  versionName: string;
}

/** What locating needs besides the snapshot: what served refs reach, and an instance's versions at a commit. */
export interface LocateDeps {
  reachable(snapshot: Snapshot): Promise<Set<string>>;
  /** An instance of a commit's configuration by id, in the configuration of `locale` when given. */
  instanceAt(commit: string, id: string, locale?: string): Promise<InstanceConfig>;
  versionsAt(commit: string, instance: InstanceConfig): Promise<InstanceVersions>;
}

/** The URL prefix of the docs `located` reads (same instance, same version folder) on another ref. */
export function prefixOn(located: Located, selector: Selector): string {
  const folder = located.version ? versionModelOf(located.instance).folderOf(located.version) : '';
  return folderPrefix(docsPrefix(located.instance.base, selector), folder);
}

/** A route (or bare address) with its version folder fitted to the commit it reads. */
export type DocsRoute = Extract<Route, DocsAddress>;

/** The address of a ref of an instance, with no version folder named: `/{base}/{ref}`. */
export function addressOf(base: string, selector: Selector, folder = ''): DocsAddress {
  return { base, selector, folder, prefix: folderPrefix(docsPrefix(base, selector), folder) };
}

/**
 * The commit and docs a docs address names in a snapshot, and the address (or route) fitted to
 * that commit's version folders (a branch may have versions the default commit lacks). Throws a 404
 * HttpError saying what is missing.
 */
export async function locate<T extends DocsAddress>(snapshot: Snapshot, address: T, deps: LocateDeps): Promise<{ located: Located; route: T }> {
  const instance = instanceAt(snapshot, address.base);
  if (!instance) throw notFound(`No docs at /${address.base}.`);
  const ref = await locateRef(snapshot, instance, address.selector, deps);
  const atCommit = ref.commit === snapshot.defaultCommit ? instance.config : await deps.instanceAt(ref.commit, instance.config.id, instance.config.locale).catch(() => undefined);
  if (!atCommit) throw notFound(`Commit ${ref.commit.slice(0, 7)} has no docs instance "${instance.config.id}".`, 'Page not found');
  if (instance.model.kind === 'refs') {
    const { refPrefix, ...rest } = ref;
    return { located: { ...rest, prefix: refPrefix, instance: atCommit, versionName: 'current' }, route: address };
  }
  const { versions } = await deps.versionsAt(ref.commit, atCommit);
  const paths = new Set(versions.filter((version) => version.path).map((version) => version.path));
  const route = 'slug' in address ? refineFolder(address as unknown as DocsRoute, paths) : address;
  const named = address.selector.kind === 'version-name' ? address.selector.name : undefined;
  // A ref given without its page (`?ref=~branch`) is read at the version the folder names on the
  // default commit, by name where the ref has no such folder (a branch cut before 5.3: its `current`).
  const sameName = 'slug' in address ? undefined : instance.versions.find((version) => version.path === route.folder)?.name;
  const wanted =
    named === undefined
      ? (versions.find((version) => version.path === route.folder) ?? (sameName === undefined ? undefined : versions.find((version) => version.name === sameName)))
      : byNameOrPath(versions, named);
  if (!wanted) {
    const where = named !== undefined ? `"${named}"` : route.folder ? `"${route.folder}"` : 'at the base';
    throw notFound(`No version ${where} of /${address.base}; its versions are ${namesOf(versions)}.`, 'Version not found');
  }
  const kind = ref.kind === 'version' ? 'version' : ref.kind;
  const prefix = folderPrefix(ref.refPrefix, wanted.path);
  return {
    located: { kind, commit: ref.commit, prefix, instance: atCommit, version: { ...wanted, commit: ref.commit }, branch: ref.branch, versionName: wanted.name },
    route: { ...route, folder: wanted.path, prefix } as T,
  };
}

/**
 * `locate`, and on a 404 for a branch or commit the snapshot does not know (pushed a second ago):
 * one fetch (or a wait for the fetch another request started), then a look in the newest snapshot.
 */
export async function locateFetching<T extends DocsAddress>(
  snapshot: Snapshot,
  address: T,
  deps: LocateDeps,
  misses: { fetchFor(selector: Selector): Promise<void>; newest(): Snapshot },
): Promise<{ located: Located; route: T }> {
  try {
    return await locate(snapshot, address, deps);
  } catch (error) {
    if (!isHttpError(error) || error.status !== 404) throw error;
    await misses.fetchFor(address.selector);
    const newest = misses.newest();
    if (newest === snapshot) throw error;
    return locate(newest, address, deps);
  }
}

/** The commit a selector names for one instance, and the URL prefix of that ref (no version folder). */
export async function locateRef(
  snapshot: Snapshot,
  instance: DocsInstance,
  selector: Selector,
  deps: LocateDeps,
): Promise<{ kind: Located['kind']; commit: string; refPrefix: string; version?: ResolvedVersion; branch?: string }> {
  const base = instance.config.base;
  const refPrefix = docsPrefix(base, selector);
  switch (selector.kind) {
    case 'default':
    case 'version':
    case 'version-name': {
      // Versions kept in folders are all in the default commit; `version-name` then names a folder (see locate).
      if (instance.model.kind === 'folders') return { kind: 'version', commit: snapshot.defaultCommit, refPrefix: docsPrefix(base, { kind: 'default' }) };
      const version =
        selector.kind === 'version-name'
          ? byNameOrPath(instance.versions, selector.name)
          : instance.versions.find((candidate) => (selector.kind === 'default' ? candidate.isLast : candidate.path === selector.path));
      if (!version)
        throw notFound(
          `No version "${selector.kind === 'version' ? selector.path : selector.kind === 'version-name' ? selector.name : ''}"; versions are ${namesOf(instance.versions)} (or ~branch, @commit).`,
          'Version not found',
        );
      if (!version.commit) throw notFound(`Version ${version.label} reads "${version.ref}", which is not in the content repository.`, 'Version not found');
      return { kind: 'version', commit: version.commit, refPrefix: docsPrefix(base, version.path ? { kind: 'version', path: version.path } : { kind: 'default' }), version };
    }
    case 'branch': {
      const commit = snapshot.branches.get(selector.name) ?? snapshot.tags.get(selector.name);
      if (!commit || !previewAllowed(snapshot.previewBranches, selector.name)) {
        const served = [...snapshot.branches.keys(), ...snapshot.tags.keys()].filter((name) => previewAllowed(snapshot.previewBranches, name));
        const closest = closestNames(selector.name, served, 3);
        throw notFound(`No branch named "${selector.name}" is served here.${closest.length ? ` The closest are: ${closest.join(', ')}.` : ''}`, 'Branch not found');
      }
      // The default ref previews the commit the site serves, even while its newest one is broken.
      return { kind: 'branch', commit: selector.name === snapshot.defaultRef ? snapshot.defaultCommit : commit, refPrefix, branch: selector.name };
    }
    case 'commit': {
      const commit = await reachableCommit(snapshot, selector.oid, deps.reachable);
      if (!commit) throw notFound(`No commit "${selector.oid}" of a served version, branch or tag.`, 'Commit not found');
      return { kind: 'commit', commit, refPrefix };
    }
  }
}

/**
 * The full id of the one commit starting with `oid` that is reachable from a served ref (a
 * version, or a branch or tag the preview pattern allows), so a permalink never reaches past
 * what the site publishes. Undefined when none or several match.
 */
async function reachableCommit(snapshot: Snapshot, oid: string, reachableFrom: (snapshot: Snapshot) => Promise<Set<string>>): Promise<string | undefined> {
  const reachable = await reachableFrom(snapshot);
  if (oid.length === 40) return reachable.has(oid) ? oid : undefined;
  let found: string | undefined;
  for (const candidate of reachable) {
    if (!candidate.startsWith(oid)) continue;
    if (found) return undefined;
    found = candidate;
  }
  return found;
}

/** Up to `count` names nearest to `name` by edit distance, nearest first; none further than half its length. */
export function closestNames(name: string, names: readonly string[], count: number): string[] {
  const limit = Math.max(2, Math.ceil(name.length / 2));
  return names
    .map((candidate) => ({ candidate, distance: editDistance(name.toLowerCase(), candidate.toLowerCase()) }))
    .filter(({ distance }) => distance <= limit)
    .sort((a, b) => a.distance - b.distance || a.candidate.localeCompare(b.candidate))
    .slice(0, count)
    .map(({ candidate }) => candidate);
}

/** Levenshtein distance, one row at a time. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row[j] = Math.min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = row;
  }
  return previous[b.length];
}

/**
 * The version a name given to the API names: its name, else its path (`current` and `5.3` both name
 * the version /api/versions lists as `{name: "current", path: "/docs/5.3"}`).
 */
function byNameOrPath<V extends { name: string; path: string }>(versions: readonly V[], text: string): V | undefined {
  return versions.find((version) => version.name === text) ?? versions.find((version) => version.path === text);
}

/** The versions' names for a message, each with its path where that differs (`current (or 5.3), 5.2`). */
function namesOf(versions: readonly { name: string; path: string }[]): string {
  return versions.map((version) => (version.path && version.path !== version.name ? `${version.name} (or ${version.path})` : version.name)).join(', ');
}
