// Release information from data/versions.json (and data/workplace/versions.json): release note
// intros, release tables, supported releases. Data from the same commit as the page.
import type { ElementContent } from 'hast';
import { h, stringProp, text, untitledAdmonition } from '../../../markdown/components/hast.js';
import { moodleData } from '../context.js';
import { ComponentError, type Component, type ComponentCall } from '../../../markdown/components/types.js';
import type { ReleaseEntry, VersionEntry } from '../data.js';
import { branchStatus, releaseStatus } from '../release-status.js';
import { endedBy, parseLenientDate } from '../dates.js';

const TRACKER_SEARCH =
  'https://moodle.atlassian.net/secure/IssueNavigator!executeAdvanced.jspa?jqlQuery=project+%3D+mdl+AND+resolution+%3D+fixed+AND+fixVersion+in+%28%22{X}%22%29+ORDER+BY+priority+DESC&runQuery=true&clear=true';

/** "Release date: ..." and a link to the fixed issues of a release. */
export const ReleaseNoteIntro: Component = ({ props, context }) => {
  const name = stringProp(props.releaseName);
  if (!name) throw new ComponentError('ReleaseNoteIntro needs a releaseName (front matter moodleVersion)');
  const branch = moodleData(context).versions.find((v) => v.name === name.split('.').slice(0, 2).join('.'));
  const full = name.split('.').length === 2 ? `${name}.0` : name;
  const date = branch?.releases?.find((r) => r.name === full)?.releaseDate ?? (full === `${branch?.name}.0` ? branch?.releaseDate : undefined);
  const fixVersion = name.replace(/\.0$/, '');
  return [
    h('p', [text(`Release date: ${date ?? 'not yet released'}`)]),
    h('p', [text('Here is '), h('a', { href: TRACKER_SEARCH.replace('{X}', encodeURIComponent(fixVersion)) }, [text(`the full list of fixed issues in ${name}`)]), text('.')]),
  ];
};

function releaseNotesLink(branch: VersionEntry, release: NonNullable<VersionEntry['releases']>[number], prefix: string): string | undefined {
  if (release.releaseNoteUrl === false) return undefined;
  if (typeof release.releaseNoteUrl === 'string') return release.releaseNoteUrl;
  const parts = release.name.split('.');
  if (parts.length === 2 || parts[2] === '0') return `${prefix}/releases/${branch.name}`;
  return `${prefix}/releases/${branch.name}/${release.name}`;
}

function cell(children: ElementContent[] | string): ElementContent {
  return h('td', typeof children === 'string' ? [text(children)] : children);
}

/** A table with one header row of `headers` above `rows`. */
function table(className: string[], headers: string[], rows: ElementContent[]): ElementContent {
  return h('table', { className }, [
    h('thead', [
      h(
        'tr',
        headers.map((t) => h('th', [text(t)])),
      ),
    ]),
    h('tbody', rows),
  ]);
}

/** Every release of one branch: date, version number, links to notes and upgrade notes. */
export const ReleaseTable: Component = ({ props, context }) => {
  const name = stringProp(props.releaseName);
  const branch = moodleData(context).versions.find((v) => v.name === name);
  if (!branch) throw new ComponentError(`ReleaseTable: no release "${name}" in data/versions.json`);
  const rows = (branch.releases ?? []).map((release) => {
    const notes = releaseNotesLink(branch, release, context.prefix);
    return h('tr', [
      cell(`Moodle ${release.name}`),
      cell(release.releaseDate ?? ''),
      cell(release.version !== undefined ? String(release.version) : ''),
      cell(notes ? [h('a', { href: notes }, [text('Release notes')])] : []),
      cell([...(release.upgradePath ? [h('a', { href: release.upgradePath }, [text('Upgrade notes')])] : []), ...(release.notes ? [text(` ${release.notes}`)] : [])]),
    ]);
  });
  return [table(['release-table'], ['Version', 'Release date', 'Version number', 'Release notes', 'Notes'], rows)];
};

/**
 * The Workplace branch a release table or note is about. data/workplace/versions.json lists a
 * branch twice from 4.1 on, rolling and standard, under one name: `isRolling` picks one.
 */
function workplaceBranch(context: ComponentCall['context'], name: string, rolling: boolean): VersionEntry {
  const major = name.split('.').slice(0, 2).join('.');
  const branch = moodleData(context).workplaceVersions.find((v) => v.name === major && (v.isRolling ?? false) === rolling);
  if (!branch) throw new ComponentError(`ReleaseTable: no ${rolling ? 'rolling ' : ''}Workplace release "${name}" in data/workplace/versions.json`);
  return branch;
}

/** The LMS release notes on this site and the Workplace release notes (when it has some) of one Workplace release. */
function workplaceNotes(branch: VersionEntry, release: ReleaseEntry, rolling: boolean, prefix: string): { lms: ElementContent; workplace?: ElementContent } {
  const parts = release.name.split('.');
  const major = parts.length === 2 || parts[2] === '0';
  const shown = major ? branch.name : release.name;
  const lms = h('a', { href: major ? `${prefix}/releases/${branch.name}` : `${prefix}/releases/${branch.name}/${release.name}` }, [text(`Moodle LMS ${shown}`)]);
  if (typeof release.releaseNoteUrl !== 'string' || !release.releaseNoteUrl) return { lms };
  return { lms, workplace: h('a', { href: release.releaseNoteUrl }, [text(`Moodle Workplace ${shown}${rolling ? ' rolling' : ''}`)]) };
}

/**
 * Workplace releases of one branch, standard or rolling (`isRolling`), with their LMS and Workplace
 * release notes, and a note of when its support ends (date-dependent: "Support has ended" once it has).
 */
export const WorkplaceReleaseTable: Component = ({ props, context, state }) => {
  const rolling = props.isRolling === true;
  const branch = workplaceBranch(context, stringProp(props.releaseName), rolling);
  state.dateDependent = true;
  const rows = (branch.releases ?? []).map((release) => {
    const notes = workplaceNotes(branch, release, rolling, context.prefix);
    return h('tr', [
      cell(`Moodle Workplace ${release.name}`),
      cell(release.releaseDate ?? ''),
      cell(release.version !== undefined ? String(release.version) : ''),
      cell([notes.lms]),
      cell(notes.workplace ? [notes.workplace] : []),
    ]);
  });
  // A rolling release stops getting features before the standard one stops getting bug fixes.
  const featuresEnd = (rolling ? branch.improvementsandnewfeaturesEndDate : branch.generalEndDate) ?? '';
  const note =
    branchStatus(branch, branch.name, context.now) === 'unsupported'
      ? [text('Support has ended')]
      : [text(`Improvements and new features will end ${featuresEnd}`), h('br'), text(`Bug fixes and security fixes will end ${branch.securityEndDate ?? ''}`)];
  return [
    table(['release-table', 'moodle-workplace-release'], ['Version name', 'Date', 'Version number', 'Moodle LMS release notes', 'Moodle Workplace release notes'], rows),
    untitledAdmonition('info', 'info', [h('p', note)]),
  ];
};

const STATUS_LABEL: Record<string, string> = {
  future: 'Future release',
  'future-stable': 'Future release',
  current: 'Current stable',
  security: 'Current security',
};

function supportedTable(versions: VersionEntry[], now: Date): ElementContent[] {
  const rows = versions
    .filter((v) => !v.isExperimental)
    .map((v) => ({ v, status: releaseStatus(versions, v.name, now).status }))
    .filter(({ v, status }) => status !== 'unsupported' && (status !== 'future' || parseLenientDate(v.releaseDate) !== undefined))
    .map(({ v, status }) =>
      h('tr', { className: [`release-state-${status}`] }, [
        cell(`${v.name}${v.isLTS ? ' (LTS)' : ''}`),
        cell(STATUS_LABEL[status] ?? status),
        cell(v.releaseDate ?? ''),
        cell(v.generalEndDate ?? ''),
        cell(v.extendedSecurityEndDate ?? v.securityEndDate ?? ''),
      ]),
    );
  return [table(['supported-releases'], ['Version', 'Release status', 'Initial release', 'General support ends', 'Security support ends'], rows)];
}

/** The versions supported on the date being rendered for (date-dependent). */
export const SupportedReleases: Component = ({ context, state }) => {
  state.dateDependent = true;
  return supportedTable(moodleData(context).versions, context.now);
};

/** The latest release date of a branch (as upstream compares them: by parsed date, the first of equals). */
function latestReleaseDate(branch: VersionEntry): string {
  let latest: ReleaseEntry | undefined;
  for (const release of branch.releases ?? []) {
    if (!latest || (parseLenientDate(release.releaseDate)?.getTime() ?? 0) > (parseLenientDate(latest.releaseDate)?.getTime() ?? 0)) latest = release;
  }
  return latest?.releaseDate ?? '';
}

/**
 * The Workplace branches still getting security fixes on the date being rendered for (date-dependent):
 * standard and rolling, with when features, bug fixes and security fixes end.
 */
export const WorkplaceSupportedReleases: Component = ({ context, state }) => {
  state.dateDependent = true;
  const rows = moodleData(context)
    .workplaceVersions.filter((v) => !v.hidden && !v.isExperimental && !endedBy(v.extendedSecurityEndDate ?? v.securityEndDate, context.now))
    .map((v) =>
      h('tr', [
        cell(`${v.name}${v.isLTS ? ' (LTS)' : v.isRolling ? ' Rolling' : ''}`),
        cell(latestReleaseDate(v)),
        cell(v.improvementsandnewfeaturesEndDate ?? ''),
        cell(v.generalEndDate ?? ''),
        cell(v.securityEndDate ?? ''),
      ]),
    );
  return [table(['supported-releases', 'moodle-workplace-release'], ['Version', 'Latest Release', 'Improvements and new features', 'Bug fixes', 'Security fixes'], rows)];
};
