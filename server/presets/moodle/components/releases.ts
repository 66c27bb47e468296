// Release information from data/versions.json (and data/workplace/versions.json): release note
// intros, release tables, supported releases. Data from the same commit as the page.
import type { ElementContent } from 'hast';
import { h, stringProp, text } from '../../../markdown/components/hast.js';
import { moodleData } from '../context.js';
import { ComponentError, type Component } from '../../../markdown/components/types.js';
import type { VersionEntry } from '../data.js';
import { releaseStatus } from '../release-status.js';
import { parseLenientDate } from '../dates.js';

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
  return [
    h('table', { className: ['release-table'] }, [
      h('thead', [
        h(
          'tr',
          ['Version', 'Release date', 'Version number', 'Release notes', 'Notes'].map((t) => h('th', [text(t)])),
        ),
      ]),
      h('tbody', rows),
    ]),
  ];
};

/** Workplace releases of one branch (data/workplace/versions.json). */
export const WorkplaceReleaseTable: Component = ({ props, context }) => {
  const name = stringProp(props.releaseName);
  const branch = moodleData(context).workplaceVersions.find((v) => v.name === name);
  if (!branch) throw new ComponentError(`ReleaseTable: no Workplace release "${name}" in data/workplace/versions.json`);
  const rows = (branch.releases ?? []).map((release) =>
    h('tr', [
      cell(`Moodle Workplace ${release.name}`),
      cell(release.releaseDate ?? ''),
      cell(release.version !== undefined ? String(release.version) : ''),
      cell(release.upgradePath ? [h('a', { href: release.upgradePath }, [text('LMS upgrade notes')])] : []),
      cell(typeof release.releaseNoteUrl === 'string' ? [h('a', { href: release.releaseNoteUrl }, [text('Workplace release notes')])] : []),
    ]),
  );
  return [
    h('table', { className: ['release-table', 'moodle-workplace-release'] }, [
      h('thead', [
        h(
          'tr',
          ['Version name', 'Date', 'Version number', 'LMS notes', 'Workplace notes'].map((t) => h('th', [text(t)])),
        ),
      ]),
      h('tbody', rows),
    ]),
  ];
};

const STATUS_LABEL: Record<string, string> = {
  future: 'Future release',
  'future-stable': 'Future release',
  current: 'Current stable',
  security: 'Current security',
};

function supportedTable(versions: VersionEntry[], now: Date, workplace: boolean): ElementContent[] {
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
  return [
    h('table', { className: ['supported-releases', ...(workplace ? ['moodle-workplace-release'] : [])] }, [
      h('thead', [
        h(
          'tr',
          ['Version', 'Release status', 'Initial release', 'General support ends', 'Security support ends'].map((t) => h('th', [text(t)])),
        ),
      ]),
      h('tbody', rows),
    ]),
  ];
}

/** The versions supported on the date being rendered for (date-dependent). */
export const SupportedReleases: Component = ({ context, state }) => {
  state.dateDependent = true;
  return supportedTable(moodleData(context).versions, context.now, false);
};

/** The Workplace versions supported on the date being rendered for (date-dependent). */
export const WorkplaceSupportedReleases: Component = ({ context, state }) => {
  state.dateDependent = true;
  return supportedTable(moodleData(context).workplaceVersions, context.now, true);
};
