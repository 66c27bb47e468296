import type { Doc } from '../doc-set.js';
import type { CategoryMetadata } from './category-metadata.js';
import { autogenerate } from './autogenerate.js';
import { parseLenientDate } from './dates.js';
import type { DraftCategory, DraftItem } from './types.js';

/** A branch of `data/versions.json`, as far as the release-notes sidebar needs it. */
export interface BranchInfo {
  name: string;
  isLTS?: boolean;
  isExperimental?: boolean;
  securityEndDate?: string;
  extendedSecurityEndDate?: string;
}

/**
 * The release-notes sidebar (upstream's releaseNotes.js, natively): one category per branch
 * with a page or folder under `releases/`, newest first as in the file, labelled
 * `Moodle X.Y[ (LTS)]`, linked to `releases/X.Y`; experimental branches left out; branches whose
 * (extended) security support ended by `now` go into a final "Archive" category.
 */
export function releaseNotesItems(
  branches: readonly BranchInfo[],
  docs: readonly Doc[],
  categories: ReadonlyMap<string, CategoryMetadata>,
  now: Date,
): DraftItem[] {
  const docIds = new Set(docs.map((doc) => doc.id));
  const folders = new Set(docs.map((doc) => doc.sourceDirName));
  const active: DraftItem[] = [];
  const archived: DraftItem[] = [];
  for (const branch of branches) {
    const folder = `releases/${branch.name}`;
    const hasFolder = [...folders].some((dir) => dir === folder || dir.startsWith(`${folder}/`));
    if ((!hasFolder && !docIds.has(folder)) || branch.isExperimental) continue;
    const category: DraftCategory = {
      type: 'category',
      label: `Moodle ${branch.name}${branch.isLTS ? ' (LTS)' : ''}`,
      items: hasFolder ? autogenerate(folder, docs, categories) : [],
      ...(docIds.has(folder) && { link: { type: 'doc', id: folder } }),
    };
    // Unreadable end dates count as ended, as upstream's Invalid Date comparison does.
    const end = parseLenientDate(branch.extendedSecurityEndDate ?? branch.securityEndDate);
    (end && end.getTime() > now.getTime() ? active : archived).push(category);
  }
  return archived.length ? [...active, { type: 'category', label: 'Archive', items: archived }] : active;
}

/** A project of `data/projects.json`, as far as the projects sidebar needs it. */
export interface ProjectInfo {
  title?: string;
  status?: string;
}

const PROJECT_GROUPS: { label: string; statuses: string[]; collapsed?: boolean }[] = [
  { label: 'Active', statuses: ['In Progress', 'Pending'], collapsed: false },
  { label: 'Complete', statuses: ['Complete'] },
  { label: 'Abandoned', statuses: ['Abandoned'] },
];

/**
 * The projects sidebar (upstream's JavaScript, natively): projects grouped by status into
 * Active (expanded), Complete and Abandoned, each the doc `projects/<key>` labelled with its title.
 */
export function projectItems(projects: Record<string, ProjectInfo>): DraftItem[] {
  return PROJECT_GROUPS.map(
    ({ label, statuses, collapsed }): DraftCategory => ({
      type: 'category',
      label,
      ...(collapsed !== undefined && { collapsed }),
      items: Object.entries(projects)
        .filter(([, project]) => statuses.includes(project.status ?? ''))
        .map(([key, project]) => ({ type: 'doc', id: `projects/${key}`, label: project.title ?? key })),
    }),
  ).filter((group) => group.items.length > 0);
}
