/**
 * Generates the Moodle LMS release-note pages of the embedded default content.
 *
 * Why this exists: the default content ships one page per server branch (1.4 to 5.3, plus the
 * experimental 4.6) and one page per patch release, more than 450 pages in all. Their facts
 * (release dates, version numbers, LTS status, support windows) already live in
 * content/data/versions.json, which the server also reads for its release-notes sidebar and version
 * banners. Writing the pages by hand would let them drift from that file, so they are derived from it,
 * plus the small table of per-branch facts (requirements, headline features) kept below.
 *
 * Usage:
 *   npx tsx scripts/generate-release-pages.ts           write the pages
 *   npx tsx scripts/generate-release-pages.ts --check   exit 1 if any page is missing or out of date
 *
 * It writes content/general/releases/<branch>.md and content/general/releases/<branch>/<x.y.z>.md.
 * It is idempotent (a file is only rewritten when its text changes), never deletes anything, and
 * never touches the hand-written overview content/general/releases.md. Edit this script or the data
 * file, not the generated pages: a later run overwrites hand edits.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

interface Release {
  name: string;
  releaseDate: string;
  version?: number;
}

interface Branch {
  name: string;
  releaseDate: string;
  generalEndDate: string;
  securityEndDate: string;
  extendedSecurityEndDate?: string;
  codeFreezeDate?: string;
  isLTS: boolean;
  isExperimental?: boolean;
  isSupported?: boolean;
  releases: Release[];
}

interface BranchFacts {
  /** Minimum PHP version, e.g. "8.3.0". */
  php?: string;
  /** Free-text requirement note for branches without a single PHP minimum. */
  requirementNote?: string;
  /** Oldest branch a site can upgrade from in one step. */
  upgradeFrom?: string;
  /** Minimum database server versions. */
  databases?: Array<[string, string]>;
  /** Headline changes, one sentence each, in our own words. */
  features: string[];
  /** Changes that matter mostly to developers. */
  developer?: string[];
}

const DB_27: Array<[string, string]> = [
  ['PostgreSQL', '9.1'],
  ['MySQL', '5.5.31'],
  ['MariaDB', '5.5.31'],
  ['Microsoft SQL Server', '2008'],
  ['Oracle Database', '10.2'],
];
const DB_33: Array<[string, string]> = [
  ['PostgreSQL', '9.3'],
  ['MySQL', '5.5.31'],
  ['MariaDB', '5.5.31'],
  ['Microsoft SQL Server', '2008'],
  ['Oracle Database', '10.2'],
];
const DB_36: Array<[string, string]> = [
  ['PostgreSQL', '9.4'],
  ['MySQL', '5.6'],
  ['MariaDB', '5.5.31'],
  ['Microsoft SQL Server', '2008'],
  ['Oracle Database', '11.2'],
];
const DB_42: Array<[string, string]> = [
  ['PostgreSQL', '13'],
  ['MySQL', '8.0'],
  ['MariaDB', '10.6.7'],
  ['Microsoft SQL Server', '2017'],
  ['Oracle Database', '19c'],
];

/** Per-branch facts. Everything stated here is checked against the published release notes. */
const FACTS: Record<string, BranchFacts> = {
  '1.4': {
    requirementNote: 'Moodle 1.4 ran on PHP 4 with MySQL or PostgreSQL, and it was the first release that also worked on PHP 5.',
    features: [
      'A web-based installer that asks a few questions and writes the initial `config.php` file.',
      'Pluggable enrolment, with plugins for PayPal payments, flat files and external databases.',
      'The Wiki activity joined the standard distribution.',
      'A chat server daemon written in PHP, so the Chat activity could serve more people at once.',
      'A rebuilt Resource module with pluggable resource types.',
    ],
    developer: ['Quiz question types and enrolment methods were refactored into class-based plugins.'],
  },
  '1.5': {
    requirementNote: 'Moodle 1.5 ran on PHP 4 with MySQL or PostgreSQL.',
    features: [
      'Pages produced valid XHTML, as part of a wider accessibility effort.',
      'A cascading theme system: themes can inherit from a parent, and users or courses can pick their own.',
      'Messaging between the users of a site.',
      'Read and unread tracking in forums.',
      'A more flexible gradebook with weighting of activities.',
      'The Journal activity was deprecated: the upgrade turns journals into online text assignments.',
    ],
  },
  '1.6': {
    requirementNote: 'Moodle 1.6 needs PHP 4.3.0 (or PHP 5.1.0) or later, and MySQL 4.1.16 or later when MySQL is used.',
    features: [
      'The code and the language packs moved to UTF-8; upgrading sites run a conversion of their data.',
      'The Database activity, for building shared collections of entries.',
      'User blogs.',
      'A personal My Moodle page.',
      'Integration with the LAMS learning design system.',
    ],
  },
  '1.7': {
    requirementNote: 'Moodle 1.7 needs PHP 4.3.0 or later.',
    features: [
      'Roles and capabilities replaced the fixed administrator, teacher and student model.',
      'XMLDB: the database schema is described in XML, which brought Microsoft SQL Server and Oracle support next to MySQL and PostgreSQL.',
      'A reorganised administration area.',
      'AJAX course editing, shipped switched off by default.',
    ],
    developer: ['A unit testing framework for core and plugin code.'],
  },
  '1.8': {
    requirementNote: 'Moodle 1.8 needs PHP 4.3.0 or later.',
    features: [
      'Accessibility improvements across the interface.',
      'Moodle Networking (MNet), which lets separate Moodle sites share users and services.',
      'Several authentication methods can be enabled at the same time.',
      'Custom user profile fields.',
      'A reworked groups implementation.',
    ],
    developer: ['The forms library (formslib), still the basis of Moodle forms today.'],
  },
  '1.9': {
    requirementNote: 'Moodle 1.9 needs PHP 4.3.0 or later; it was the last branch to run on PHP 4.',
    features: [
      'A new gradebook, with outcomes that teachers can grade against.',
      'Tags and user notes.',
      'Bulk actions on user accounts.',
      'A reworked question bank.',
      'Interoperability with the Mahara e-portfolio through Moodle Networking.',
      'Broad performance work, notably in the roles code, for large sites.',
    ],
    developer: ['An events API that lets plugins react to things that happen elsewhere in Moodle.'],
  },
  '2.0': {
    php: '5.2.8',
    upgradeFrom: '1.9',
    features: [
      'Repositories, so files can be picked from external sources, and portfolios, so work can be exported to them.',
      'Course completion tracking and conditional activities.',
      'Cohorts (site-wide groups of users).',
      'Web services for integration with other systems.',
      'An API for plagiarism prevention plugins.',
      'A new File API and blocks that can appear on any page.',
    ],
  },
  '2.1': {
    php: '5.3.2',
    upgradeFrom: '1.9',
    features: ['A new question engine behind the Quiz activity.', 'Restoring course content from Moodle 1.9 backup files.', 'Web services used by the official mobile app.'],
  },
  '2.2': {
    php: '5.3.2',
    upgradeFrom: '1.9',
    features: [
      'Rubrics, the first advanced grading method.',
      'Import of IMS Common Cartridge packages.',
      'An upgraded TinyMCE editor that works on iOS devices.',
      'Uploading users straight into a cohort.',
    ],
    developer: ['Admin tools became a plugin type of their own (`admin/tool`).'],
  },
  '2.3': {
    php: '5.3.2',
    upgradeFrom: '2.2',
    features: [
      'A redesigned file picker with thumbnails and drag and drop from the desktop.',
      'File aliases, so one file can be used in several places.',
      'A new Assignment activity, rewritten from scratch.',
      'Export to IMS Common Cartridge 1.1.',
    ],
  },
  '2.4': {
    php: '5.3.2',
    upgradeFrom: '2.2',
    features: [
      'The Moodle Universal Cache (MUC), a configurable caching layer.',
      'Performance work, including a new context index for large sites.',
      'New icons, with SVG support.',
      'Workshop activity improvements.',
    ],
  },
  '2.5': {
    php: '5.3.3',
    upgradeFrom: '2.2',
    features: [
      'Open Badges: badges can be awarded for site or course achievements.',
      'Plugins can be installed from the administration area.',
      'Bootstrap-based responsive themes.',
      'Drag and drop of blocks across the whole site.',
    ],
  },
  '2.6': {
    php: '5.3.3',
    upgradeFrom: '2.2',
    features: [
      'A new interface for managing course categories and courses.',
      'Bulk creation of courses from a file.',
      'Import and export of role definitions.',
      'Restore of very large courses.',
      'Support for alternative calendar types.',
    ],
  },
  '2.7': {
    php: '5.4.4',
    upgradeFrom: '2.2',
    databases: DB_27,
    features: [
      'Atto, a new text editor, with an equation editor.',
      'A new logging subsystem with pluggable log stores.',
      'Scheduled tasks that replace much of the old cron code.',
      'The More theme, customisable from the administration settings.',
      'A MathJax filter for mathematical notation.',
    ],
  },
  '2.8': {
    php: '5.4.4',
    upgradeFrom: '2.2',
    databases: DB_27,
    features: [
      'A reworked grader report that works on small screens.',
      'Natural weighting, a simpler way to aggregate grades.',
      'A single view for editing one grade item or one user at a time.',
    ],
  },
  '2.9': {
    php: '5.4.4',
    upgradeFrom: '2.2',
    databases: DB_27,
    features: [
      'The Dashboard replaced the My home page.',
      'A user menu and a single Preferences page.',
      'Consistent headers and breadcrumbs on user pages, and a leaner navigation tree.',
    ],
  },
  '3.0': {
    php: '5.4.4',
    upgradeFrom: '2.2',
    databases: DB_27,
    features: [
      'New question types in core: select missing words and three drag and drop types.',
      'Embedded answers (Cloze) questions can shuffle their choices.',
      'Users can delete their own messages.',
    ],
  },
  '3.1': {
    php: '5.4.4',
    upgradeFrom: '2.7',
    databases: DB_27,
    features: [
      'Competencies and learning plans.',
      'Global search across forums and other content.',
      'The recycle bin became part of the standard distribution.',
      'Faster gradebook calculations.',
      'Plugins can declare the mobile app add-ons they provide.',
    ],
  },
  '3.2': {
    php: '5.6.5',
    upgradeFrom: '2.7',
    databases: DB_27,
    features: [
      'Boost, a new theme built on Bootstrap 4.',
      'User tours that walk people through a page.',
      'A reworked messaging interface.',
      'Pluggable media players, with Video.js as the default.',
    ],
    developer: ['A charts API for drawing graphs.'],
  },
  '3.3': {
    php: '5.6.5',
    upgradeFrom: '2.7',
    databases: DB_33,
    features: [
      'A redesigned Course overview block on the Dashboard.',
      'OAuth 2 services for logging in with external accounts and reaching their files.',
      'Stealth activities: available to people who have the link but hidden on the course page.',
      'Font Awesome icons across the interface.',
    ],
  },
  '3.4': {
    php: '7.0.0',
    upgradeFrom: '3.0',
    databases: DB_33,
    features: ['A more usable calendar.', 'Easier management of course participants.', 'An analytics engine for predictive models, such as students at risk of dropping out.'],
  },
  '3.5': {
    php: '7.0.0',
    upgradeFrom: '3.1',
    databases: DB_33,
    features: [
      'Privacy tools for the GDPR: data requests, data registry and site policies.',
      'Tags on questions in the question bank.',
      'Audio and video recording in the Atto editor.',
      'Support for LTI Advantage.',
    ],
    developer: ['The Privacy API: every plugin declares the personal data it stores and how to export or delete it.'],
  },
  '3.6': {
    php: '7.0.0',
    upgradeFrom: '3.1',
    databases: DB_36,
    features: ['A new messaging drawer with group conversations.', 'Reworked Dashboard and Course overview.', 'Improvements to badges, repositories and the Workshop activity.'],
  },
  '3.7': {
    php: '7.1.0',
    upgradeFrom: '3.2',
    databases: DB_36,
    features: ['Forum improvements, including private replies.', 'Messaging, Dashboard and Course overview refinements.', 'Learning analytics improvements.'],
  },
  '3.8': {
    php: '7.1.0',
    upgradeFrom: '3.2',
    databases: [
      ['PostgreSQL', '9.4'],
      ['MySQL', '5.6'],
      ['MariaDB', '5.5.31'],
      ['Microsoft SQL Server', '2012'],
      ['Oracle Database', '11.2'],
    ],
    features: ['H5P interactive content built into core.', 'Forum grading, a forum summary report and forum export.', 'Relative course dates, as an experimental feature.'],
  },
  '3.9': {
    php: '7.2.0',
    upgradeFrom: '3.5',
    databases: [
      ['PostgreSQL', '9.5'],
      ['MySQL', '5.6'],
      ['MariaDB', '10.2.29'],
      ['Microsoft SQL Server', '2012'],
      ['Oracle Database', '11.2'],
    ],
    features: [
      'A redesigned activity chooser.',
      'The content bank, for sharing H5P content within a site.',
      'Integration with MoodleNet.',
      'Filtering on the participants page.',
      'Course copy.',
      'Closer integration with Safe Exam Browser.',
    ],
  },
  '3.10': {
    php: '7.2.0',
    upgradeFrom: '3.5',
    databases: [
      ['PostgreSQL', '9.6'],
      ['MySQL', '5.7'],
      ['MariaDB', '10.2.29'],
      ['Microsoft SQL Server', '2012'],
      ['Oracle Database', '11.2'],
    ],
    features: ['Downloading the content of a course.', 'A payment subsystem with payment gateway plugins.', 'Further content bank and H5P improvements.'],
  },
  '3.11': {
    php: '7.3.0',
    upgradeFrom: '3.6',
    databases: [
      ['PostgreSQL', '9.6'],
      ['MySQL', '5.7'],
      ['MariaDB', '10.2.29'],
      ['Microsoft SQL Server', '2017'],
      ['Oracle Database', '11.2'],
    ],
    features: [
      'Students see activity dates and completion conditions on the course page.',
      'The Brickfield accessibility toolkit.',
      'Badges, content bank and assignment improvements.',
    ],
  },
  '4.0': {
    php: '7.3.0',
    upgradeFrom: '3.6',
    databases: [
      ['PostgreSQL', '10'],
      ['MySQL', '5.7'],
      ['MariaDB', '10.2.29'],
      ['Microsoft SQL Server', '2017'],
      ['Oracle Database', '11.2'],
    ],
    features: [
      'A redesigned interface: new navigation, a course index and a My courses page.',
      'A reworked timeline block and calendar.',
      'The report builder, brought over from Moodle Workplace.',
      'BigBlueButton integration in core.',
    ],
  },
  '4.1': {
    php: '7.4.0',
    upgradeFrom: '3.9',
    databases: [
      ['PostgreSQL', '12'],
      ['MySQL', '5.7'],
      ['MariaDB', '10.4'],
      ['Microsoft SQL Server', '2017'],
      ['Oracle Database', '19c'],
    ],
    features: ['Usability work on the gradebook and the Database activity.', 'The TinyMCE 6 editor, available alongside Atto.', 'New report sources in the report builder.'],
  },
  '4.2': {
    php: '8.0.0',
    upgradeFrom: '3.11.8',
    databases: DB_42,
    features: [
      'TinyMCE 6 became the default text editor.',
      'A first phase of MoodleNet integration.',
      'Bulk editing of course activities.',
      'Gradebook and course hierarchy improvements.',
    ],
  },
  '4.3': {
    php: '8.0.0',
    upgradeFrom: '3.11.8',
    databases: DB_42,
    features: [
      'Redesigned activity cards on the course page.',
      'Multi-factor authentication in core.',
      'Course chat rooms through the Matrix communication provider.',
      'Easier configuration of LTI external tools in courses.',
    ],
    developer: ['The Hooks API, which starts replacing one-to-many `lib.php` callbacks.'],
  },
  '4.4': {
    php: '8.1.0',
    upgradeFrom: '4.1.2',
    databases: DB_42,
    features: ['Course hierarchy improvements.', 'A wider communication API and Matrix integration.', 'A first phase of notification improvements.'],
    developer: ['Hooks can be declared with PHP attributes.'],
  },
  '4.5': {
    php: '8.1.0',
    upgradeFrom: '4.1.2',
    databases: DB_42,
    features: [
      'An AI subsystem with provider and placement plugins.',
      'An SMS subsystem with SMS gateway plugins.',
      'Subsections and other course hierarchy improvements.',
      'Assignment settings and submissions page improvements.',
      'Icons updated to Font Awesome 6.',
    ],
    developer: ['A first implementation of the routing system.'],
  },
  '4.6': {
    features: ['The shared question bank rework, later part of Moodle 5.0, on top of the 4.5 code.'],
  },
  '5.0': {
    php: '8.2.0',
    upgradeFrom: '4.2.3',
    databases: [
      ['PostgreSQL', '14'],
      ['MySQL', '8.4'],
      ['MariaDB', '10.11.0'],
      ['Microsoft SQL Server', '2017'],
    ],
    features: [
      'Shared question banks that are easier to manage.',
      'A centralised course overview page for activities.',
      'New AI features and SMS notifications.',
      'The Boost theme moved to Bootstrap 5.',
      'Oracle Database is no longer supported.',
    ],
  },
  '5.1': {
    php: '8.2.0',
    upgradeFrom: '4.2.3',
    databases: [
      ['PostgreSQL', '15'],
      ['MySQL', '8.4'],
      ['MariaDB', '10.11.0'],
      ['Microsoft SQL Server', '2017'],
    ],
    features: [
      'A restructured code tree: web-served files now live in a `public` directory, which must become the document root.',
      'A friendlier activity chooser.',
      'More AI features and improvements to the course overview page.',
    ],
  },
  '5.2': {
    php: '8.3.0',
    upgradeFrom: '4.4',
    databases: [
      ['PostgreSQL', '16'],
      ['MySQL', '8.4'],
      ['MariaDB', '10.11.0'],
      ['Microsoft SQL Server', '2019'],
    ],
    features: [
      'A first phase of the new Dashboard experience.',
      'Improved marking workflows in the Assignment activity.',
      'Linear navigation through the activities of a course.',
      'Design tokens from the Moodle design system.',
    ],
    developer: ['Base support for React in the interface.', 'Installation with Composer.'],
  },
  '5.3': {
    php: '8.3.0',
    upgradeFrom: '4.5',
    databases: [
      ['PostgreSQL', '16'],
      ['MySQL', '8.4'],
      ['MariaDB', '10.11.0'],
      ['Microsoft SQL Server', '2019'],
    ],
    features: [
      'It carries the features of 5.0, 5.1 and 5.2 into a branch with three years of security support.',
      'Sites on 4.5, the previous long-term support release, can upgrade to it in one step.',
    ],
  },
};

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** Parses "5 October 2026" (also tolerating "8th July 2019" and odd casing). */
function parseDate(text: string): Date {
  const m = /^(\d{1,2})(?:st|nd|rd|th)?\s+([A-Za-z]+),?\s+(\d{4})$/.exec(text.trim());
  if (!m) throw new Error(`Unparseable date: ${text}`);
  const month = MONTHS.findIndex((name) => name.toLowerCase() === m[2].toLowerCase());
  if (month < 0) throw new Error(`Unknown month in date: ${text}`);
  return new Date(Date.UTC(Number(m[3]), month, Number(m[1])));
}

function daysBetween(a: string, b: string): number {
  return Math.round((parseDate(b).getTime() - parseDate(a).getTime()) / 86_400_000);
}

function monthsBetween(a: string, b: string): number {
  return Math.round(daysBetween(a, b) / 30.44);
}

function duration(months: number): string {
  if (months < 22) return `about ${months} months`;
  const years = months / 12;
  const whole = Math.floor(years);
  const fraction = years - whole;
  if (fraction >= 0.25 && fraction < 0.75) return `about ${NUMBER_WORDS[whole]} and a half years`;
  return `about ${NUMBER_WORDS[Math.round(years)]} years`;
}

/** `version.php` numbers such as 2007101591.10 keep their two decimals. */
function formatVersion(version: number): string {
  return Number.isInteger(version) ? String(version) : version.toFixed(2);
}

const NUMBER_WORDS = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
  'twenty',
];
const ORDINAL_WORDS = [
  '',
  'first',
  'second',
  'third',
  'fourth',
  'fifth',
  'sixth',
  'seventh',
  'eighth',
  'ninth',
  'tenth',
  'eleventh',
  'twelfth',
  'thirteenth',
  'fourteenth',
  'fifteenth',
  'sixteenth',
  'seventeenth',
  'eighteenth',
  'nineteenth',
  'twentieth',
];

function ordinal(n: number): string {
  if (n < ORDINAL_WORDS.length) return ORDINAL_WORDS[n];
  const tens = ['', '', 'twenty', 'thirty'][Math.floor(n / 10)];
  return `${tens}-${ORDINAL_WORDS[n % 10]}`;
}

function count(n: number, noun: string): string {
  const word = n < NUMBER_WORDS.length ? NUMBER_WORDS[n] : String(n);
  return `${word} ${noun}${n === 1 ? '' : 's'}`;
}

function listJoin(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** Sort position: 5.3 -> -503, 3.10 -> -310. */
function branchPosition(name: string): number {
  const [major, minor] = name.split('.').map(Number);
  return -(major * 100 + minor);
}

function patchNumber(release: Release): number {
  return Number(release.name.split('.')[2]);
}

function trackerFixedUrl(version: string): string {
  const jql = `project = MDL AND fixVersion = "${version}" ORDER BY priority DESC`;
  return `https://moodle.atlassian.net/issues/?jql=${encodeURIComponent(jql)}`;
}

function gitBranchName(name: string): string {
  const [major, minor] = name.split('.').map(Number);
  return major >= 4 ? `MOODLE_${major}${String(minor).padStart(2, '0')}_STABLE` : `MOODLE_${major}${minor}_STABLE`;
}

function frontMatter(fields: { title: string; branch: string; position: number; moodleVersion: string; description: string; sidebarLabel?: string }): string {
  const lines = ['---', `title: ${fields.title}`];
  if (fields.sidebarLabel) lines.push(`sidebar_label: ${fields.sidebarLabel}`);
  lines.push(
    'tags:',
    '  - Release notes',
    `  - Moodle ${fields.branch}`,
    `sidebar_position: ${fields.position}`,
    `moodleVersion: '${fields.moodleVersion}'`,
    `description: ${fields.description}`,
    '---',
    '',
    "import { ReleaseNoteIntro } from '@site/src/components/ReleaseInformation';",
    '',
    '<ReleaseNoteIntro releaseName={frontMatter.moodleVersion} />',
    '',
  );
  return lines.join('\n');
}

interface Context {
  branches: Branch[];
  /** Releases of every branch, keyed by release date, for "released together with". */
  byDate: Map<string, string[]>;
}

function securityEnd(branch: Branch): string {
  return branch.extendedSecurityEndDate ?? branch.securityEndDate;
}

function neighbours(ctx: Context, branch: Branch): { older?: Branch; newer?: Branch } {
  const regular = ctx.branches.filter((b) => !b.isExperimental);
  const i = regular.findIndex((b) => b.name === branch.name);
  if (i < 0) return {};
  return { newer: regular[i - 1], older: regular[i + 1] };
}

function branchIntro(ctx: Context, branch: Branch): string {
  const patches = branch.releases.filter((r) => patchNumber(r) > 0);
  const { older, newer } = neighbours(ctx, branch);
  const parts: string[] = [];
  const window = duration(monthsBetween(branch.releaseDate, securityEnd(branch)));
  const kind = branch.isLTS
    ? `Moodle ${branch.name} is a long-term support (LTS) release, published on ${branch.releaseDate}.`
    : parseDate(branch.releaseDate) < parseDate('12 May 2014')
      ? `Moodle ${branch.name} was released on ${branch.releaseDate}, before Moodle had long-term support releases (the first was 2.7).`
      : `Moodle ${branch.name} was released on ${branch.releaseDate} as a standard (non-LTS) release.`;
  const support = branch.isSupported
    ? `Its general bug fixing period ends on ${branch.generalEndDate} and its security support on ${securityEnd(branch)}, ${window} after the release.`
    : branch.generalEndDate === securityEnd(branch)
      ? `It received bug and security fixes until ${branch.generalEndDate}, ${window} after the release.`
      : `It received general bug fixes until ${branch.generalEndDate} and security fixes until ${securityEnd(branch)}, ${window} after the release.`;
  parts.push(`${kind} ${support}`);
  if (branch.isLTS) {
    parts.push('The long security window makes an LTS branch the natural choice for sites that upgrade rarely.');
  }
  if (branch.extendedSecurityEndDate) {
    parts.push(`Because many sites stayed on it for a long time, its security support was extended from ${branch.securityEndDate} to ${branch.extendedSecurityEndDate}.`);
  }
  if (branch.codeFreezeDate) {
    parts.push(`Code freeze for this branch was on ${branch.codeFreezeDate}, ${daysBetween(branch.codeFreezeDate, branch.releaseDate)} days before the release.`);
  }
  const sequence: string[] = [];
  if (older) sequence.push(`It came after [Moodle ${older.name}](./${older.name}.md)`);
  if (newer) sequence.push(`${older ? 'and was followed by' : 'It was followed by'} [Moodle ${newer.name}](./${newer.name}.md)`);
  if (sequence.length) parts.push(`${sequence.join(' ')}.`);
  if (patches.length) {
    const last = patches[patches.length - 1];
    // Count by patch number: a few early releases (1.4.1 to 1.4.4) have no page or data entry.
    const total = patchNumber(last);
    parts.push(
      branch.isSupported
        ? `So far the branch has had ${count(total, 'maintenance release')}; the latest is [${last.name}](./${branch.name}/${last.name}.md), from ${last.releaseDate}.`
        : `The branch had ${count(total, 'maintenance release')}, the last being [${last.name}](./${branch.name}/${last.name}.md) on ${last.releaseDate}.`,
    );
  } else if (!branch.isExperimental) {
    parts.push(`No maintenance release of ${branch.name} has been published yet; the first is due about two months after the release.`);
  }
  return parts.join(' ');
}

function requirementsSection(branch: Branch, facts: BranchFacts): string {
  const out = ['## Requirements {/* #requirements */}', ''];
  if (facts.requirementNote) {
    out.push(facts.requirementNote, '');
  }
  const bullets: string[] = [];
  if (facts.php) bullets.push(`PHP ${facts.php} or later.`);
  if (facts.upgradeFrom) {
    bullets.push(`Upgrading: a site must run Moodle ${facts.upgradeFrom} or later before it can upgrade to ${branch.name}; older sites first upgrade to an intermediate release.`);
  }
  if (branch.name === '5.3') {
    bullets.push('A 64-bit build of PHP (required since Moodle 4.1).');
  }
  if (bullets.length) out.push(...bullets.map((b) => `- ${b}`), '');
  if (facts.databases) {
    out.push('Minimum database server versions:', '', '| Database | Minimum version |', '| --- | --- |', ...facts.databases.map(([db, version]) => `| ${db} | ${version} |`), '');
    if (branch.name === '5.0') {
      out.push('Oracle Database is not in the list: support for it was removed in this release.', '');
    }
  }
  if (!facts.php && !facts.requirementNote) {
    out.push(`See the notes of the previous branch for the server requirements.`, '');
  }
  out.push('These are minimums. Running current, supported versions of PHP and of the database server is strongly recommended.', '');
  return out.join('\n');
}

function branchPage(ctx: Context, branch: Branch): string {
  const facts = FACTS[branch.name];
  if (!facts) throw new Error(`No facts for branch ${branch.name}`);
  const patches = branch.releases.filter((r) => patchNumber(r) > 0);
  const zero = branch.releases.find((r) => patchNumber(r) === 0);

  if (branch.isExperimental) {
    return [
      frontMatter({
        title: `Moodle ${branch.name}`,
        branch: branch.name,
        position: branchPosition(branch.name),
        moodleVersion: branch.name,
        description: `Moodle ${branch.name} was an experimental preview build published on ${branch.releaseDate}, not meant for production sites.`,
      }),
      `Moodle ${branch.name} was never a regular release. It was an experimental build published on ${branch.releaseDate} so that the community could try a large change before it landed in a real release:`,
      '',
      ...facts.features.map((f) => `- ${f}`),
      '',
      `The build was not maintained: it had no maintenance releases, and it stopped being relevant on ${branch.securityEndDate}, when [Moodle 5.0](./5.0.md) came out with the finished work. There is no upgrade path from it.`,
      '',
      ':::danger[Not for production]',
      '',
      `Do not run Moodle ${branch.name} on a site with real users or data. Use a supported release instead: see the [release overview](../releases.md).`,
      '',
      ':::',
      '',
      '## Requirements {/* #requirements */}',
      '',
      'The build has the same server requirements as [Moodle 4.5](./4.5.md), whose code it is based on.',
      '',
    ].join('\n');
  }

  const out: string[] = [
    frontMatter({
      title: `Moodle ${branch.name}`,
      branch: branch.name,
      position: branchPosition(branch.name),
      moodleVersion: branch.name,
      description: `Release notes for Moodle ${branch.name}${branch.isLTS ? ' (LTS)' : ''}, released on ${branch.releaseDate}.`,
    }),
    branchIntro(ctx, branch),
    '',
  ];
  if (zero?.version) {
    out.push(
      `The ${zero.name} release has the version number \`${formatVersion(zero.version)}\` in \`version.php\`, and the branch is maintained in git as \`${gitBranchName(branch.name)}\`.`,
      '',
    );
  }
  out.push(requirementsSection(branch, facts));
  out.push('## Major features {/* #major-features */}', '', ...facts.features.map((f) => `- ${f}`), '');
  if (facts.developer?.length) {
    out.push('### For developers {/* #for-developers */}', '', ...facts.developer.map((f) => `- ${f}`), '');
  }
  out.push('## Security fixes {/* #security-fixes */}', '');
  const isOld = parseDate(branch.releaseDate).getUTCFullYear() < 2010;
  if (isOld) {
    out.push(
      `Security issues fixed in the ${branch.name} branch were announced on moodle.org once the fixed releases were available. The branch reached the end of its security support on ${securityEnd(branch)}, so sites still running it are exposed to every vulnerability found since.`,
      '',
    );
  } else {
    out.push(
      `Security fixes for ${branch.name} ship in its maintenance releases. The details of each issue are published as Moodle Security Advisories (MSA) on [moodle.org/security](https://moodle.org/security/) about a week after the release, which gives administrators time to upgrade first.`,
      '',
      branch.isSupported
        ? `The branch receives security fixes until ${securityEnd(branch)}.`
        : `Security support for the branch ended on ${securityEnd(branch)}: later vulnerabilities are not fixed in it.`,
      '',
    );
  }
  out.push('## Upgrading {/* #upgrading */}', '');
  out.push(
    `Always test an upgrade on a copy of the site first, back up the database, the \`moodledata\` directory and the code, and check that every additional plugin has a version for ${branch.name}. The administrator documentation on [upgrading](https://docs.moodle.org/en/Upgrading) describes the procedure.`,
    '',
  );
  if (branch.name === '5.1') {
    out.push(
      ':::warning[New document root]',
      '',
      'Moodle 5.1 moves the files served to browsers into a `public` directory. After the upgrade the web server must use that directory as its document root, and additional plugins have to be placed at their new locations.',
      '',
      ':::',
      '',
    );
  }
  if (patches.length) {
    out.push('## Maintenance releases {/* #maintenance-releases */}', '');
    out.push(...[...patches].reverse().map((r) => `- [Moodle ${r.name}](./${branch.name}/${r.name}.md), ${r.releaseDate}`), '');
    const listed = new Set(patches.map(patchNumber));
    const missing: string[] = [];
    for (let i = 1; i < patchNumber(patches[patches.length - 1]); i++) {
      if (!listed.has(i)) missing.push(`${branch.name}.${i}`);
    }
    if (missing.length) {
      out.push(`No release notes are kept here for ${listJoin(missing)}.`, '');
    }
  }
  return out.join('\n');
}

function patchPage(ctx: Context, branch: Branch, release: Release, index: number, patches: Release[]): string {
  const n = patchNumber(release);
  const previous = index > 0 ? patches[index - 1] : branch.releases.find((r) => patchNumber(r) === 0);
  const next = patches[index + 1];
  const securityOnly = parseDate(release.releaseDate) > parseDate(branch.generalEndDate);
  const isOld = parseDate(release.releaseDate).getUTCFullYear() < 2010;
  const out: string[] = [
    frontMatter({
      title: `Moodle ${release.name}`,
      branch: branch.name,
      position: n,
      moodleVersion: release.name,
      description: `Moodle ${release.name}, the ${ordinal(n)} maintenance release of the ${branch.name} branch, was released on ${release.releaseDate}.`,
    }),
  ];

  const intro: string[] = [
    `Moodle ${release.name} was released on ${release.releaseDate}. It is the ${ordinal(n)} maintenance release of [Moodle ${branch.name}](../${branch.name}.md)${branch.isLTS ? ', a long-term support branch' : ''}.`,
  ];
  if (release.version) {
    intro.push(`Its version number in \`version.php\` is \`${formatVersion(release.version)}\`.`);
  }
  if (previous) {
    const gap = daysBetween(previous.releaseDate, release.releaseDate);
    if (gap > 0 && gap <= 21) {
      intro.push(
        `It came out only ${count(gap, 'day')} after ${previous.name}, outside the usual rhythm: releases like this are made when a regression or an urgent problem cannot wait for the next scheduled date.`,
      );
    }
  }
  if (n === 1 && previous) {
    intro.push(
      `It is the first update since ${previous.name}, which came out ${count(Math.max(1, Math.round(daysBetween(previous.releaseDate, release.releaseDate) / 7)), 'week')} earlier.`,
    );
  }
  if (!next && !branch.isSupported) {
    intro.push(`It was the final release of the ${branch.name} branch, whose security support ended on ${securityEnd(branch)}.`);
  }
  const siblings = (ctx.byDate.get(release.releaseDate) ?? []).filter((name) => name !== release.name);
  if (siblings.length) {
    intro.push(`It was published on the same day as ${listJoin(siblings.map((s) => `Moodle ${s}`))}.`);
  }
  out.push(intro.join(' '), '');

  if (securityOnly) {
    out.push(
      `General bug fixing for ${branch.name} had ended on ${branch.generalEndDate}, so this release contains security fixes only, plus the occasional fix for a serious regression or data loss problem. Sites that need ordinary bug fixes should upgrade to a newer branch.`,
      '',
    );
  } else if (isOld) {
    out.push(
      'Like the other stable updates of its time, it bundles the bug fixes made on the stable branch since the previous release: corrections in activities and blocks, language string updates and fixes for problems found on production sites.',
      '',
    );
  } else {
    const since = previous ? previous.name : `the ${branch.name} release`;
    const variants = [
      `It gathers the fixes integrated into the \`${gitBranchName(branch.name)}\` branch since ${since}: bugs in activities, the gradebook, backup and restore, reports and the user interface, plus compatibility and performance corrections. Maintenance releases add no new features and do not change APIs, so upgrading within the branch is low risk.`,
      `The release bundles every fix merged into \`${gitBranchName(branch.name)}\` after ${since} went out. Fixes reach a stable branch only after peer review, integration review and testing, and they must not change APIs or the database schema in incompatible ways, which is why minor upgrades are routine.`,
      `Compared with ${since}, it brings the bug fixes and small improvements that passed integration on the \`${gitBranchName(branch.name)}\` branch, typically in course and activity pages, question and grading code, and administration tools. No feature work goes into a stable branch, so plugins written for ${branch.name} keep working.`,
    ];
    out.push(variants[n % variants.length], '');
  }
  if (!isOld) {
    out.push(`The tracker lists [the issues fixed in ${release.name}](${trackerFixedUrl(release.name)}).`, '');
  }

  out.push('## Security fixes {/* #security-fixes */}', '');
  if (isOld) {
    out.push(
      `Security fixes included in ${release.name} were announced on moodle.org after the release. The ${branch.name} branch is long out of support: any site still running it should be upgraded.`,
      '',
    );
  } else {
    out.push(
      `A number of security issues were fixed in this release. To protect sites that have not upgraded yet, their details are published as Moodle Security Advisories on [moodle.org/security](https://moodle.org/security/) about a week after ${release.releaseDate}.`,
      '',
    );
  }

  out.push('## Upgrading {/* #upgrading */}', '');
  out.push(
    `Sites on an earlier ${branch.name}.x release can upgrade in place: replace the code, keep \`config.php\` and \`moodledata\`, and run the upgrade from the administration area or with \`admin/cli/upgrade.php\`. Back up first.`,
    '',
  );

  const seeAlso: string[] = [`- [Moodle ${branch.name} release notes](../${branch.name}.md)`];
  if (previous && patchNumber(previous) > 0) seeAlso.push(`- Previous release: [Moodle ${previous.name}](./${previous.name}.md)`);
  if (next) seeAlso.push(`- Next release: [Moodle ${next.name}](./${next.name}.md)`);
  out.push('## See also {/* #see-also */}', '', ...seeAlso, '');
  return out.join('\n');
}

function main(): void {
  const here = dirname(fileURLToPath(import.meta.url));
  const root = resolve(here, '..');
  const dataFile = join(root, 'content', 'data', 'versions.json');
  const outDir = join(root, 'content', 'general', 'releases');
  const check = process.argv.includes('--check');

  const data = JSON.parse(readFileSync(dataFile, 'utf8')) as { versions: Branch[] };
  const branches = data.versions.filter((b) => {
    const [major, minor] = b.name.split('.').map(Number);
    return major > 1 || (major === 1 && minor >= 4);
  });
  const byDate = new Map<string, string[]>();
  for (const b of branches) {
    for (const r of b.releases) {
      if (patchNumber(r) === 0) continue;
      const list = byDate.get(r.releaseDate) ?? [];
      list.push(r.name);
      byDate.set(r.releaseDate, list);
    }
  }
  const ctx: Context = { branches, byDate };

  let written = 0;
  let unchanged = 0;
  const stale: string[] = [];
  const emit = (file: string, text: string): void => {
    const current = existsSync(file) ? readFileSync(file, 'utf8') : undefined;
    if (current === text) {
      unchanged++;
      return;
    }
    if (check) {
      stale.push(file);
      return;
    }
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
    written++;
  };

  for (const branch of branches) {
    emit(join(outDir, `${branch.name}.md`), branchPage(ctx, branch));
    const patches = branch.releases.filter((r) => patchNumber(r) > 0);
    patches.forEach((release, i) => {
      emit(join(outDir, branch.name, `${release.name}.md`), patchPage(ctx, branch, release, i, patches));
    });
  }

  if (check) {
    if (stale.length) {
      console.error(`${stale.length} release page(s) missing or out of date, e.g. ${stale.slice(0, 5).join(', ')}`);
      process.exit(1);
    }
    console.log(`All ${unchanged} release pages are up to date.`);
    return;
  }
  console.log(`Release pages: ${written} written, ${unchanged} unchanged.`);
}

main();
