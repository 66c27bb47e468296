// What a URL's ref selector names in a snapshot: the last version, a named version, a preview
// branch or tag the pattern allows, or a commit reachable from a served ref.
import { docsPrefix, type Selector } from '../urls.js';
import { notFound } from './http-error.js';
import type { ResolvedVersion, Snapshot } from './snapshot.js';
import { previewAllowed } from './versions.js';

/** What a docs URL selects in a snapshot: the commit and how it was named. */
export interface Located {
  /** `commit`: an immutable permalink; `version`: a configured version; `branch`: a preview. */
  kind: 'commit' | 'version' | 'branch';
  commit: string;
  /** The URL prefix that selects this ref, for building links (`/general/~feature%2Fx`). */
  prefix: string;
  version?: ResolvedVersion;
  /** The branch or tag name of a preview. */
  branch?: string;
}

/**
 * The commit a URL's selector names in a snapshot: the last version, a named version, a preview
 * branch or tag the pattern allows, or a commit reachable from one of those. Throws a 404
 * HttpError saying what is missing.
 */
export async function locate(snapshot: Snapshot, selector: Selector, reachable: (snapshot: Snapshot) => Promise<Set<string>>): Promise<Located> {
  const base = snapshot.config.docs.base;
  const prefix = docsPrefix(base, selector);
  switch (selector.kind) {
    case 'default':
    case 'version':
    case 'version-name': {
      const version = snapshot.versions.find((candidate) =>
        selector.kind === 'default' ? candidate.isLast : selector.kind === 'version' ? candidate.path === selector.path : candidate.name === selector.name,
      );
      if (!version)
        throw notFound(
          `No version "${selector.kind === 'version' ? selector.path : selector.kind === 'version-name' ? selector.name : ''}"; versions are ${snapshot.versions.map((v) => v.name).join(', ')} (or ~branch, @commit).`,
          'Version not found',
        );
      if (!version.commit) throw notFound(`Version ${version.label} reads "${version.ref}", which is not in the content repository.`, 'Version not found');
      return { kind: 'version', commit: version.commit, prefix: docsPrefix(base, version.path ? { kind: 'version', path: version.path } : { kind: 'default' }), version };
    }
    case 'branch': {
      const commit = snapshot.branches.get(selector.name) ?? snapshot.tags.get(selector.name);
      if (!commit || !previewAllowed(snapshot.previewBranches, selector.name)) {
        const served = [...snapshot.branches.keys(), ...snapshot.tags.keys()].filter((name) => previewAllowed(snapshot.previewBranches, name));
        const closest = closestNames(selector.name, served, 3);
        throw notFound(`No branch named "${selector.name}" is served here.${closest.length ? ` The closest are: ${closest.join(', ')}.` : ''}`, 'Branch not found');
      }
      // The default ref previews the commit the site serves, even while its newest one is broken.
      return { kind: 'branch', commit: selector.name === snapshot.defaultRef ? snapshot.defaultCommit : commit, prefix, branch: selector.name };
    }
    case 'commit': {
      const commit = await reachableCommit(snapshot, selector.oid, reachable);
      if (!commit) throw notFound(`No commit "${selector.oid}" of a served version, branch or tag.`, 'Commit not found');
      return { kind: 'commit', commit, prefix };
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
