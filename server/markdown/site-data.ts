// The content repository's data files (data/*.json at the same commit), read once per commit as
// plain JSON and never executed. A missing or broken file reads as empty data.
import type { DocSet } from '../content/doc-set.js';
import { parseLooseDate } from './dates.js';

/** One minor release of a branch in versions.json. */
export interface ReleaseEntry {
  name: string;
  releaseDate?: string;
  version?: number;
  upgradePath?: string;
  releaseNoteUrl?: string | false;
  notes?: string;
}

/** One branch (major.minor) in versions.json. */
export interface VersionEntry {
  name: string;
  releaseDate?: string;
  generalEndDate?: string;
  securityEndDate?: string;
  extendedSecurityEndDate?: string;
  improvementsandnewfeaturesEndDate?: string;
  codeFreezeDate?: string;
  isLTS?: boolean;
  isExperimental?: boolean;
  isRolling?: boolean;
  releases?: ReleaseEntry[];
}

/** A project of data/projects.json. */
export interface Project {
  title?: string;
  status?: string;
  owners?: { name?: string; githubUsername?: string }[];
  issueLinks?: { link?: string; title?: string }[];
  discussionLinks?: { link?: string; title?: string }[];
}

/** Every data file the components read. */
export interface SiteData {
  versions: VersionEntry[];
  workplaceVersions: VersionEntry[];
  projects: Record<string, Project>;
  academy: { siteHome?: string; courses: Record<string, { id?: number; name?: string; summary?: string }> };
}

const loaded = new WeakMap<object, Promise<SiteData>>();

/** The data files of a DocSet's commit, read once per DocSet by blob oid. */
export function siteData(docSet: Pick<DocSet, 'tree'>, readBlob: (oid: string) => Promise<Uint8Array>): Promise<SiteData> {
  let data = loaded.get(docSet);
  if (!data) {
    data = readSiteData(docSet.tree, readBlob);
    loaded.set(docSet, data);
  }
  return data;
}

async function readSiteData(tree: DocSet['tree'], readBlob: (oid: string) => Promise<Uint8Array>): Promise<SiteData> {
  const json = async (path: string): Promise<Record<string, unknown>> => {
    const entry = tree.get(path);
    if (!entry) return {};
    try {
      const value = JSON.parse(new TextDecoder().decode(await readBlob(entry.oid)));
      return value && typeof value === 'object' ? value : {};
    } catch {
      return {};
    }
  };
  const [versions, workplace, projects, academy] = await Promise.all([
    json('data/versions.json'),
    json('data/workplace/versions.json'),
    json('data/projects.json'),
    json('data/academycourses.json'),
  ]);
  return {
    versions: Array.isArray(versions.versions) ? (versions.versions as VersionEntry[]) : [],
    workplaceVersions: Array.isArray(workplace.versions) ? (workplace.versions as VersionEntry[]) : [],
    projects: (projects.projects as Record<string, Project>) ?? {},
    academy: { siteHome: academy.siteHome as string | undefined, courses: (academy.courses as SiteData['academy']['courses']) ?? {} },
  };
}

/** The support state of a branch or minor release on a date. */
export type ReleaseStatus = 'experimental' | 'future' | 'future-stable' | 'current' | 'security' | 'unsupported';

/**
 * The status of a release on `now`, as the upstream site computes it. A three-part name missing
 * from `releases[]` counts as not yet released ("future-stable"), which is what production shows.
 */
export function releaseStatus(versions: VersionEntry[], name: string, now: Date): { status: ReleaseStatus; version?: VersionEntry } {
  const branch = name.split('.').slice(0, 2).join('.');
  const version = versions.find((v) => v.name === branch);
  if (!version) return { status: 'future' };
  if (version.isExperimental) return { status: 'experimental', version };
  const at = (text: string | undefined) => parseLooseDate(text)?.getTime();
  const time = now.getTime();
  const released = at(version.releaseDate);
  if (released === undefined || time < released) return { status: 'future', version };
  if (name.split('.').length > 2) {
    const release = version.releases?.find((r) => r.name === name);
    const date = at(release?.releaseDate);
    if (!release || date === undefined || time < date) return { status: 'future-stable', version };
  }
  const generalEnd = at(version.generalEndDate);
  if (generalEnd === undefined || time < generalEnd) return { status: 'current', version };
  const securityEnd = at(version.extendedSecurityEndDate ?? version.securityEndDate);
  if (securityEnd !== undefined && time < securityEnd) return { status: 'security', version };
  return { status: 'unsupported', version };
}
