// What readers get from the Moodle preset's components (CONTENT-FORMAT §4, §7), rendered with the
// site's components and the preset's data files.
import { describe, expect, it } from 'vitest';
import { renderTest } from '../../markdown/test-support.js';
import { SITE_COMPONENTS } from '../index.js';
import type { MoodleData } from './data.js';

const empty: MoodleData = { versions: [], workplaceVersions: [], projects: {}, academy: { courses: {} } };
const versions = [
  { name: '5.3', releaseDate: '5 October 2027', codeFreezeDate: '24 August 2027', releases: [] },
  {
    name: '4.5',
    releaseDate: '7 October 2024',
    generalEndDate: '6 October 2025',
    securityEndDate: '4 October 2027',
    isLTS: true,
    releases: [
      { name: '4.5.0', releaseDate: '7 October 2024', version: 2024100700 },
      { name: '4.5.1', releaseDate: '9 December 2024', version: 2024100701 },
    ],
  },
  { name: '3.6', releaseDate: '3 December 2018', generalEndDate: '11th May 2020', securityEndDate: '30 JUne 2020', releases: [] },
];

// Workplace lists a branch twice, rolling first, under one name (as upstream's data does).
const workplaceVersions = [
  {
    name: '5.2',
    releaseDate: '12 May 2026',
    generalEndDate: '9 February 2027',
    securityEndDate: '9 February 2027',
    improvementsandnewfeaturesEndDate: '6 October 2026',
    isRolling: true,
    releases: [
      { name: '5.2.0', releaseDate: '12 May 2026', version: 2026051200, releaseNoteUrl: 'https://wp.example/rolling' },
      { name: '5.2.1', releaseDate: '9 June 2026', version: 2026060900, releaseNoteUrl: 'https://wp.example/rolling#5.2.1' },
    ],
  },
  {
    name: '5.2',
    releaseDate: '12 May 2026',
    generalEndDate: '20 April 2027',
    securityEndDate: '5 October 2027',
    improvementsandnewfeaturesEndDate: '',
    isRolling: false,
    releases: [{ name: '5.2.0', releaseDate: '12 May 2026', version: 2026051200, releaseNoteUrl: 'https://wp.example/standard' }],
  },
  {
    name: '3.9',
    releaseDate: '30 June 2020',
    generalEndDate: '29 June 2021',
    securityEndDate: '29 December 2021',
    releases: [{ name: '3.9.1', releaseDate: '1 July 2020', version: 1 }],
  },
];

interface Case {
  name: string;
  source: string;
  contains?: string[];
  excludes?: string[];
  opts?: Parameters<typeof renderTest>[1];
}

const cases: Case[] = [
  { name: 'a JSX block followed by a list keeps the list', source: '<ValidExample title="Example">\n- one\n- two\n</ValidExample>', contains: ['<li>one</li>', 'Example</span>'] },
  {
    name: 'Since and DeprecatedSince chips',
    source: '<Since version="4.2" issueNumber="MDL-1" /> <DeprecatedSince versions={["4.5", 5]} />',
    contains: ['Since 4.2', 'href="https://moodle.atlassian.net/browse/MDL-1"', 'Deprecated 4.5', 'Deprecated 5.0'],
  },
  {
    name: 'InvalidExample and CodeExample',
    source: '<InvalidExample>\nbad\n</InvalidExample>\n\n<CodeExample type="warning" title="Discouraged">\nmeh\n</CodeExample>',
    contains: ['alert--danger', 'An example of incorrect behaviour', 'alert--warning', 'Discouraged'],
  },
  {
    name: 'CodeDiff puts the first block as incorrect and the second as correct',
    source: '<CodeDiff titles="4.0, 4.1">\n\n```php\nold();\n```\n\n```php\nnew();\n```\n\n</CodeDiff>',
    contains: ['code-diff', '>4.0</span>', '>4.1</span>'],
  },
  {
    name: 'CSS-module lookups give class names',
    source: "import SupportedReleases, { styles as S } from '@site/src/components/SupportedReleases';\n\n<span className={S['release-state-current']}>x</span>",
    contains: ['<span class="release-state-current">x</span>'],
  },
  {
    name: 'ReleaseNoteIntro from front matter and versions.json',
    source: "import { ReleaseNoteIntro } from '@site/src/components/ReleaseInformation';\n\n" + '<ReleaseNoteIntro releaseName={frontMatter.moodleVersion} />',
    opts: { frontMatter: { moodleVersion: '4.5.1' }, data: { moodle: { ...empty, versions } } },
    contains: ['Release date: 9 December 2024', 'the full list of fixed issues in 4.5.1', '%224.5.1%22'],
  },
  {
    name: 'ReleaseTable lists every release with notes links',
    source: 'import ReleaseTable from \'@site/src/components/ReleaseTable\';\n\n<ReleaseTable releaseName="4.5" />',
    opts: { data: { moodle: { ...empty, versions } } },
    contains: ['Moodle 4.5.1', 'href="/general/releases/4.5/4.5.1"', 'href="/general/releases/4.5"', '2024100701'],
  },
  {
    name: 'SupportedReleases shows supported versions for the date',
    source: "import SupportedReleases from '@site/src/components/SupportedReleases';\n\n<SupportedReleases />",
    opts: { data: { moodle: { ...empty, versions } } },
    contains: ['4.5 (LTS)', 'Current security'],
    excludes: ['3.6'],
  },
  {
    name: 'a Workplace rolling ReleaseTable links LMS and rolling notes and says when features end',
    source: 'import { ReleaseTable } from \'@site/src/components/Workplace\';\n\n<ReleaseTable releaseName="5.2" isRolling/>',
    opts: { data: { moodle: { ...empty, workplaceVersions } } },
    contains: [
      '<a href="/general/releases/5.2">Moodle LMS 5.2</a>',
      '<a href="https://wp.example/rolling">Moodle Workplace 5.2 rolling</a>',
      '<a href="/general/releases/5.2/5.2.1">Moodle LMS 5.2.1</a>',
      '<a href="https://wp.example/rolling#5.2.1">Moodle Workplace 5.2.1 rolling</a>',
      'admonition-info',
      'Improvements and new features will end 6 October 2026<br>Bug fixes and security fixes will end 9 February 2027',
    ],
    excludes: ['https://wp.example/standard'],
  },
  {
    name: 'a Workplace standard ReleaseTable is the standard branch, whose features end with its bug fixes',
    source: 'import { ReleaseTable } from \'@site/src/components/Workplace\';\n\n<ReleaseTable releaseName="5.2" />',
    opts: { data: { moodle: { ...empty, workplaceVersions } } },
    contains: [
      '<a href="https://wp.example/standard">Moodle Workplace 5.2</a>',
      'Improvements and new features will end 20 April 2027<br>Bug fixes and security fixes will end 5 October 2027',
    ],
    excludes: ['https://wp.example/rolling', '5.2.1'],
  },
  {
    name: 'a Workplace ReleaseTable of an unsupported branch says support has ended',
    source: 'import { ReleaseTable } from \'@site/src/components/Workplace\';\n\n<ReleaseTable releaseName="3.9" />',
    opts: { data: { moodle: { ...empty, workplaceVersions } } },
    contains: ['<a href="/general/releases/3.9/3.9.1">Moodle LMS 3.9.1</a>', 'Support has ended'],
    excludes: ['will end'],
  },
  {
    name: 'Workplace SupportedReleases lists rolling and standard branches still getting security fixes',
    source: "import { SupportedReleases } from '@site/src/components/Workplace';\n\n<SupportedReleases />",
    opts: { data: { moodle: { ...empty, workplaceVersions } } },
    contains: [
      '<td>5.2 Rolling</td><td>9 June 2026</td><td>6 October 2026</td><td>9 February 2027</td>',
      '<td>5.2</td><td>12 May 2026</td><td></td><td>20 April 2027</td><td>5 October 2027</td>',
    ],
    excludes: ['3.9'],
  },
  {
    name: 'ProjectSummary from projects.json',
    source: 'import { ProjectSummary } from \'@site/src\';\n\n<ProjectSummary projectName="api/x" />',
    opts: {
      data: {
        moodle: {
          ...empty,
          projects: {
            'api/x': { title: 'X', status: 'Complete', owners: [{ name: 'Ann', githubUsername: 'ann' }], issueLinks: [{ link: 'https://t.example/1', title: 'MDL-1' }] },
          },
        },
      },
    },
    contains: ['Ann', 'href="https://github.com/ann"', 'Complete', '<a href="https://t.example/1">MDL-1</a>'],
  },
  {
    name: 'AcademyLink',
    source: '<AcademyLink subject="Setup" courseName="setup" />',
    opts: { data: { moodle: { ...empty, academy: { siteHome: 'https://academy.example/', courses: { setup: { id: 29, name: 'Set up' } } } } } },
    contains: ['Learn more on Moodle Academy', 'href="https://academy.example/course/view.php?id=29"', '<strong>Setup</strong>'],
  },
];

describe('the Moodle components', () => {
  it.each(cases)('$name', async ({ source, contains = [], excludes = [], opts }) => {
    const page = await renderTest(source, { components: SITE_COMPONENTS, data: { moodle: empty }, ...opts });
    expect(page.error).toBeUndefined();
    for (const text of contains) expect(page.html).toContain(text);
    for (const text of excludes) expect(page.html).not.toContain(text);
  });
});
