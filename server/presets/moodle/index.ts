// The Moodle preset: what the Moodle developer docs add to Docusaurus conventions. Its data files
// (versions, Workplace versions, projects, Academy courses), the release and project components,
// the coding-style examples, the version chips, the page banner and the sidebar generators.
import { component } from '../../markdown/components/index.js';
import type { Preset } from '../types.js';
import { moodleBanner } from './banner.js';
import { AcademyLink } from './components/academy.js';
import { CodeDiff, CodeExample, InvalidExample, ValidExample } from './components/examples.js';
import { ProjectSummary } from './components/projects.js';
import { ReleaseNoteIntro, ReleaseTable, SupportedReleases, WorkplaceReleaseTable, WorkplaceSupportedReleases } from './components/releases.js';
import { DeprecatedSince, Since } from './components/since.js';
import { MOODLE } from './context.js';
import { loadMoodleData, MOODLE_DATA_FILES, type MoodleData } from './data.js';
import { projectItems, releaseNotesItems } from './sidebars.js';

/** The Moodle developer docs preset. */
export const moodle: Preset<MoodleData> = {
  name: MOODLE,
  components: {
    ValidExample,
    InvalidExample,
    CodeExample,
    CodeDiff,
    Since,
    DeprecatedSince,
    ReleaseNoteIntro,
    ReleaseTable,
    SupportedReleases,
    WorkplaceReleaseTable,
    WorkplaceSupportedReleases,
    ProjectSummary,
    AcademyLink,
  },
  // The upstream site's src/theme/MDXComponents.js registers these for every page.
  globals: {
    AcademyLink: 'AcademyLink',
    CodeDiff: 'CodeDiff',
    CodeExample: 'CodeExample',
    Since: 'Since',
    DeprecatedSince: 'DeprecatedSince',
    ValidExample: 'ValidExample',
    InvalidExample: 'InvalidExample',
  },
  modules: {
    '@site/src/components/ReleaseInformation': { ReleaseNoteIntro: component('ReleaseNoteIntro') },
    '@site/src': { ProjectSummary: component('ProjectSummary') },
    '@site/src/components/SupportedReleases': { default: component('SupportedReleases'), styles: { kind: 'css-module' } },
    '@site/src/components/ReleaseTable': { default: component('ReleaseTable') },
    '@site/src/components/Workplace': {
      ReleaseTable: component('WorkplaceReleaseTable'),
      SupportedReleases: component('WorkplaceSupportedReleases'),
      SupportedReleasesStyles: { kind: 'css-module' },
    },
  },
  loadData: loadMoodleData,
  generators: (data) => ({ releaseNotes: (input) => releaseNotesItems(input, data), projects: () => projectItems(data) }),
  banner: moodleBanner,
  dataFiles: MOODLE_DATA_FILES,
  // Upstream's three remark plugins (src/remark/), done natively: the page banner above, tracker
  // links, and unversioned /docs/ links sent to the current version (the `path` nextVersion.js gives it).
  remarkPlugins: {
    'src/remark/moodleBanner.js': () => ({}),
    'src/remark/trackerLinks.js': () => ({ trackerLinks: { pattern: '(MDL|MDLQA|MDLSITE|MOBILE|CONTRIB)-\\d+', url: 'https://moodle.atlassian.net/browse/{id}' } }),
    'src/remark/unversionedDocsLinks.js': (instances) => {
      const versions = instances.find((instance) => instance.id === 'default')?.versions as Record<string, { path?: string }> | undefined;
      return versions?.current?.path ? { docsVersion: versions.current.path } : {};
    },
  },
};
