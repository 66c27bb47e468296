// The Moodle data files (data/*.json at the page's commit), validated by zod schemas and read once
// per commit. Plain JSON, never executed. A missing file is empty data; a broken one is empty data
// plus a Problem naming the file and line, shown on the pages that use it and in /readyz.
import { z } from 'zod';
import { parseYaml } from '../../content/yaml.js';
import type { Problem } from '../../problem.js';
import type { ReadFile } from '../types.js';

const releaseSchema = z
  .object({
    name: z.string().describe('The release, e.g. "4.5.1".'),
    releaseDate: z.string().optional().describe('When it was released, e.g. "5 October 2026".'),
    version: z.number().optional().describe('The version number, e.g. 2024100701.'),
    upgradePath: z.string().optional().describe('URL of the upgrade notes.'),
    releaseNoteUrl: z
      .union([z.string(), z.literal(false)])
      .optional()
      .describe('URL of the release notes; false for none; absent: the page on this site.'),
    notes: z.string().optional().describe('A remark shown in release tables.'),
  })
  .passthrough();

const branchSchema = z
  .object({
    name: z.string().describe('The branch, major.minor: "4.5".'),
    releaseDate: z.string().optional().describe('When the branch was first released.'),
    generalEndDate: z.string().optional().describe('When general bug fixes end.'),
    securityEndDate: z.string().optional().describe('When security fixes end.'),
    extendedSecurityEndDate: z.string().optional().describe('When extended security fixes end (LTS).'),
    improvementsandnewfeaturesEndDate: z.string().optional().describe('Workplace: when improvements and new features end.'),
    codeFreezeDate: z.string().optional().describe('The code freeze of an unreleased branch.'),
    isLTS: z.boolean().optional().describe('A long-term support branch.'),
    isExperimental: z.boolean().optional().describe('An experimental branch: no sidebar entry, an "experimental" banner.'),
    isRolling: z.boolean().optional().describe('Workplace: a rolling release.'),
    hidden: z.boolean().optional().describe('Workplace: left out of the supported releases table.'),
    releases: z.array(releaseSchema).default([]).describe('Its releases, newest last.'),
  })
  .passthrough();

const versionsSchema = z.object({ versions: z.array(branchSchema).default([]).describe('Every branch, newest first.') }).passthrough();

const projectSchema = z
  .object({
    title: z.string().optional().describe('The project name, shown in the projects sidebar.'),
    status: z.string().optional().describe('In Progress, Pending, Complete or Abandoned.'),
    owners: z
      .array(z.object({ name: z.string().optional(), githubUsername: z.string().optional() }).passthrough())
      .optional()
      .describe('Who leads it.'),
    issueLinks: z
      .array(z.object({ link: z.string().optional(), title: z.string().optional() }).passthrough())
      .optional()
      .describe('Tracker issues.'),
    discussionLinks: z
      .array(z.object({ link: z.string().optional(), title: z.string().optional() }).passthrough())
      .optional()
      .describe('Forum discussions.'),
  })
  .passthrough();

const projectsSchema = z.object({ projects: z.record(projectSchema).default({}).describe('Projects by key: the doc `projects/<key>`.') }).passthrough();

const academySchema = z
  .object({
    siteHome: z.string().optional().describe('The Moodle Academy site, ending in /.'),
    courses: z
      .record(z.object({ id: z.number().optional(), name: z.string().optional(), summary: z.string().optional() }).passthrough())
      .default({})
      .describe('Courses by key, for <AcademyLink courseName>.'),
  })
  .passthrough();

/** One minor release of a branch in versions.json. */
export type ReleaseEntry = z.infer<typeof releaseSchema>;
/** One branch (major.minor) in versions.json. */
export type VersionEntry = z.infer<typeof branchSchema>;
/** A project of data/projects.json. */
export type Project = z.infer<typeof projectSchema>;

/** Every data file the Moodle components, banners and sidebars read. */
export interface MoodleData {
  versions: VersionEntry[];
  workplaceVersions: VersionEntry[];
  projects: Record<string, Project>;
  academy: { siteHome?: string; courses: Record<string, { id?: number; name?: string; summary?: string }> };
}

/** The files, their schemas and where their content goes. */
const FILES = {
  versions: { path: 'data/versions.json', schema: versionsSchema },
  workplaceVersions: { path: 'data/workplace/versions.json', schema: versionsSchema },
  projects: { path: 'data/projects.json', schema: projectsSchema },
  academy: { path: 'data/academycourses.json', schema: academySchema },
} as const;

/** Reads and validates the Moodle data files of a commit; never throws. */
export async function loadMoodleData(read: ReadFile): Promise<{ data: MoodleData; problems: Problem[] }> {
  const problems: Problem[] = [];
  const load = async <S extends z.ZodTypeAny>(file: string, schema: S): Promise<z.infer<S>> => {
    const empty = schema.parse({});
    const text = await read(file);
    if (text === undefined) return empty;
    const parsed = parseYaml(text, file, 'data-file');
    if (parsed.problem) {
      problems.push({ ...parsed.problem, message: `Invalid JSON: ${parsed.problem.message}` });
      return empty;
    }
    const result = schema.safeParse(parsed.data ?? {});
    if (result.success) return result.data;
    const issue = result.error.issues[0];
    problems.push({ code: 'data-file', file, line: parsed.lineOf(issue.path), message: `${issue.path.join('.') || '(top level)'}: ${issue.message}` });
    return empty;
  };
  const [versions, workplace, projects, academy] = await Promise.all([
    load(FILES.versions.path, FILES.versions.schema),
    load(FILES.workplaceVersions.path, FILES.workplaceVersions.schema),
    load(FILES.projects.path, FILES.projects.schema),
    load(FILES.academy.path, FILES.academy.schema),
  ]);
  return { data: { versions: versions.versions, workplaceVersions: workplace.versions, projects: projects.projects, academy }, problems };
}

/** The data files the Moodle preset reads, for the documentation and for knowing which pages use them. */
export const MOODLE_DATA_FILES = Object.values(FILES).map((file) => file.path);
