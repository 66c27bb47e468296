import { endedBy, parseLenientDate } from './dates.js';
import type { VersionEntry } from './data.js';

/** The support state of a branch or minor release on a date. */
export type ReleaseStatus = 'experimental' | 'future' | 'future-stable' | 'current' | 'security' | 'unsupported';

/**
 * The status of a release on `now`, as the upstream site computes it. A three-part name missing
 * from `releases[]` counts as not yet released ("future-stable"), which is what production shows.
 * A date that does not name a day ("TBC 2027") is unknown: an unknown release date is not yet
 * released, an unknown end date has not ended (docs/decisions/011-moodle-preset.md).
 */
export function releaseStatus(versions: readonly VersionEntry[], name: string, now: Date): { status: ReleaseStatus; version?: VersionEntry } {
  const version = versions.find((v) => v.name === name.split('.').slice(0, 2).join('.'));
  return { status: version ? branchStatus(version, name, now) : 'future', version };
}

/** The status of `name` (the branch `version` itself, or one of its releases) on `now`. */
export function branchStatus(version: VersionEntry, name: string, now: Date): ReleaseStatus {
  if (version.isExperimental) return 'experimental';
  const at = (text: string | undefined) => parseLenientDate(text)?.getTime();
  const time = now.getTime();
  const released = at(version.releaseDate);
  if (released === undefined || time < released) return 'future';
  if (name.split('.').length > 2) {
    const release = version.releases?.find((r) => r.name === name);
    const date = at(release?.releaseDate);
    if (!release || date === undefined || time < date) return 'future-stable';
  }
  const generalEnd = at(version.generalEndDate);
  if (generalEnd === undefined || time < generalEnd) return 'current';
  if (!endedBy(version.extendedSecurityEndDate ?? version.securityEndDate, now)) return 'security';
  return 'unsupported';
}
