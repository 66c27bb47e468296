// The Moodle sidebar generators, natively (upstream computes them in JavaScript): release notes
// from data/versions.json and projects from data/projects.json.
import { autogenerate } from '../../content/sidebars/autogenerate.js';
import type { DraftCategory, DraftItem, GeneratorInput } from '../../content/sidebars/types.js';
import type { MoodleData } from './data.js';
import { endedBy } from './dates.js';

/**
 * The release-notes sidebar: one category per branch with a page or folder under `releases/`,
 * newest first as in the file, labelled `Moodle X.Y[ (LTS)]`, linked to `releases/X.Y`;
 * experimental branches left out; branches whose (extended) security support ended by `now` go
 * into a final "Archive" category.
 */
export function releaseNotesItems({ docs, categories, now }: GeneratorInput, data: MoodleData): DraftItem[] {
  const docIds = new Set(docs.map((doc) => doc.id));
  const folders = new Set(docs.map((doc) => doc.sourceDirName));
  const active: DraftItem[] = [];
  const archived: DraftItem[] = [];
  for (const branch of data.versions) {
    const folder = `releases/${branch.name}`;
    const hasFolder = [...folders].some((dir) => dir === folder || dir.startsWith(`${folder}/`));
    if ((!hasFolder && !docIds.has(folder)) || branch.isExperimental) continue;
    const category: DraftCategory = {
      type: 'category',
      label: `Moodle ${branch.name}${branch.isLTS ? ' (LTS)' : ''}`,
      items: hasFolder ? autogenerate(folder, docs, categories) : [],
      ...(docIds.has(folder) && { link: { type: 'doc', id: folder } }),
    };
    (endedBy(branch.extendedSecurityEndDate ?? branch.securityEndDate, now) ? archived : active).push(category);
  }
  return archived.length ? [...active, { type: 'category', label: 'Archive', items: archived }] : active;
}

const PROJECT_GROUPS: { label: string; statuses: string[]; collapsed?: boolean }[] = [
  { label: 'Active', statuses: ['In Progress', 'Pending'], collapsed: false },
  { label: 'Complete', statuses: ['Complete'] },
  { label: 'Abandoned', statuses: ['Abandoned'] },
];

/**
 * The projects sidebar: projects grouped by status into Active (expanded), Complete and
 * Abandoned, each the doc `projects/<key>` labelled with its title.
 */
export function projectItems(data: MoodleData): DraftItem[] {
  return PROJECT_GROUPS.map(
    ({ label, statuses, collapsed }): DraftCategory => ({
      type: 'category',
      label,
      ...(collapsed !== undefined && { collapsed }),
      items: Object.entries(data.projects)
        .filter(([, project]) => statuses.includes(project.status ?? ''))
        .map(([key, project]) => ({ type: 'doc', id: `projects/${key}`, label: project.title ?? key })),
    }),
  ).filter((group) => group.items.length > 0);
}
