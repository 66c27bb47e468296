// The embedded default content, as a newcomer sees it with no configuration: the whole catalogue
// of the developer resources, each page in its sidebar, and no placeholder text anywhere.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type AppServer } from './support/app-server.js';

interface CataloguePage {
  id: string;
  title: string;
  description: string | null;
  permalink: string;
  sidebar: string | null;
}

interface SidebarItem {
  type: string;
  label: string;
  href?: string;
  collapsed?: boolean;
  items?: SidebarItem[];
}

const SIDEBARS = ['community', 'process', 'coding', 'documentation', 'moodleapp', 'contentguidelines', 'releaseNotes', 'projects'];
const BRANCHES = [
  ...['1.4', '1.5', '1.6', '1.7', '1.8', '1.9'],
  ...['2.0', '2.1', '2.2', '2.3', '2.4', '2.5', '2.6', '2.7', '2.8', '2.9'],
  ...['3.0', '3.1', '3.2', '3.3', '3.4', '3.5', '3.6', '3.7', '3.8', '3.9', '3.10', '3.11'],
  ...['4.0', '4.1', '4.2', '4.3', '4.4', '4.5'],
  ...['5.0', '5.1', '5.2', '5.3'],
];
const LTS = ['5.3', '4.5', '4.1', '3.9', '3.5', '3.1', '2.7'];

/** The sidebar group the catalogue (issue 6) gives each id. */
function expectedGroup(id: string): string | null {
  if (['license', 'development/index', 'releases/4.6'].includes(id)) return null;
  const rules: [RegExp, string][] = [
    [/^community(\/|$)/, 'community'],
    [/^contentguidelines(\/|$)/, 'contentguidelines'],
    [/^development\/(process|tracker)(\/|$)/, 'process'],
    [/^development\/(abc|gettingstarted|upgradenotes|policies|tools)(\/|$)/, 'coding'],
    [/^documentation\//, 'documentation'],
    [/^app(\/|$)/, 'moodleapp'],
    [/^projects\//, 'projects'],
    [/^(releases|app_releases|workplace\/releases)(\/|$)/, 'releaseNotes'],
  ];
  return rules.find(([pattern]) => pattern.test(id))?.[1] ?? 'unexpected id';
}

describe('the embedded catalogue', () => {
  let app: AppServer;
  let pages: CataloguePage[];
  let ids: Set<string>;
  const sidebars = new Map<string, SidebarItem[]>();

  const json = async (path: string) => {
    const res = await fetch(app.url + path);
    expect(res.status, path).toBe(200);
    return res.json();
  };

  beforeAll(async () => {
    app = await startApp({ DOCSITE_NOW: '2026-11-22' });
    pages = (await json('/api/versions/current/pages')).pages;
    ids = new Set(pages.map((page) => page.id));
    for (const name of SIDEBARS) sidebars.set(name, (await json(`/api/versions/current/sidebars/${name}`)).items);
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('labels the current version Next and lists the eight sidebars in its metadata', async () => {
    const { versions } = await json('/api/versions');
    const current = versions.find((version: { name: string }) => version.name === 'current');
    expect(current).toMatchObject({ label: 'Next', pluginId: 'default', version: 'current', banner: null, badge: false, noIndex: false, isLast: true });
    expect(current.className).toEqual(expect.any(String));
    expect(current.docsSidebars).toEqual(SIDEBARS);
  });

  it('names the eight sections in the navbar', async () => {
    const html = await (await fetch(`${app.url}/general/community/mission`)).text();
    // The strip's own list (the "More" menu after it repeats the sections, for narrow desktops).
    const navbar = /<nav class="navbar-sections"[^>]*><ul>[\s\S]*?<\/ul>/.exec(html)?.[0] ?? '';
    const labels = [...navbar.matchAll(/<a [^>]*>([^<]+)<\/a>/g)].map((match) => match[1]);
    expect(labels).toEqual(['Community', 'Process', 'Coding', 'Documentation', 'Moodle App', 'Content guidelines', 'Release notes', 'Projects']);
  });

  it('shows the eight sections on the landing page, each linked to its first page', async () => {
    const html = await (await fetch(`${app.url}/`)).text();
    const cards = [...html.matchAll(/<li class="doc-card"><a [^>]*href="([^"]+)"[^>]*><strong>([^<]+)<\/strong>/g)].map((match) => [match[2], match[1]]);
    expect(cards.map(([label]) => label)).toEqual(['Community', 'Process', 'Coding', 'Documentation', 'Moodle App', 'Content guidelines', 'Release notes', 'Projects']);
    for (const [label, href] of cards) expect((await fetch(app.url + href)).status, label).toBe(200);
  });

  it('lists the tags, and the pages of each tag', async () => {
    const index = await (await fetch(`${app.url}/general/tags`)).text();
    expect(index).toContain('href="/general/tags/release-notes"');
    const tag = await fetch(`${app.url}/general/tags/release-notes`);
    expect(tag.status).toBe(200);
    const releases = pages.filter((page) => /^releases\/[\d.]+\/[\d.]+$/.test(page.id));
    expect(await tag.text()).toContain(`href="${releases[0].permalink}"`);
    expect((await fetch(`${app.url}/general/tags/release-notes/extra`)).status).toBe(404);
  });

  it('has every page of the catalogue', () => {
    const required = [
      'community/meetings/index',
      'community/mission',
      'community/research',
      'community/roadmap',
      ...[
        'adoption',
        'checklist',
        'codeprechecks',
        'documentation',
        'guardians/index',
        'index',
        'master2main',
        'pluginsdirectory/api',
        'pluginsdirectory/index',
        'pluginsdirectory/updates',
        'thirdpartylibraries',
      ].map((p) => `community/plugincontribution/${p}`),
      ...['confirm-msg', 'contentprinciples', 'emptystates', 'errormsg', 'success-msg', 'writingforaccessibility'].map((p) => `contentguidelines/productwriting/${p}`),
      ...['grammar', 'index', 'translation', 'voice/values', 'voice/voiceandtone', 'voice/whoweare', 'wordlist'].map((p) => `contentguidelines/styleguide/${p}`),
      ...['comments', 'faq', 'fixups'].map((p) => `development/abc/${p}`),
      'development/gettingstarted',
      'development/upgradenotes',
      ...['accessibility/index', 'backporting', 'codingstyle/index', 'deprecation/index', 'security/index', 'php', 'node', 'naming'].map((p) => `development/policies/${p}`),
      ...['behat/index', 'phpunit', 'composer', 'mdk', 'gitpod'].map((p) => `development/tools/${p}`),
      ...['integration', 'peerreview', 'release', 'security', 'testing', 'triage'].map((p) => `development/process/${p}`),
      'development/tracker',
      ...['accessibility', 'code-of-conduct', 'contributing', 'forking-versions', 'index', 'installation', 'linting', 'structure', 'style-guides'].map((p) => `documentation/${p}`),
      'projects/index',
      'projects/directoryrestructure/index',
      'projects/docs/migration',
      'releases',
      'license',
      'development/index',
    ];
    expect(required.filter((id) => !ids.has(id))).toEqual([]);
    expect([...ids].some((id) => id.startsWith('projects/api/'))).toBe(true);
    expect([...ids].some((id) => id.startsWith('projects/code/'))).toBe(true);
  });

  it('has developer meetings from 2020 to 2025, every two months or so in 2020 and 2021, the last in March 2025', () => {
    const meetings = [...ids].flatMap((id) => {
      const match = /^community\/meetings\/(\d{4})\/(\d{2})$/.exec(id);
      return match ? [{ year: Number(match[1]), month: Number(match[2]) }] : [];
    });
    const inYear = (year: number) => meetings.filter((meeting) => meeting.year === year).length;
    for (const year of [2020, 2021, 2022, 2023, 2024, 2025]) expect(inYear(year), String(year)).toBeGreaterThan(0);
    expect(inYear(2020)).toBeGreaterThanOrEqual(5);
    expect(inYear(2021)).toBeGreaterThanOrEqual(5);
    expect(inYear(2022)).toBeLessThan(inYear(2021));
    const last = meetings.reduce((a, b) => (a.year * 12 + a.month > b.year * 12 + b.month ? a : b));
    expect(last).toEqual({ year: 2025, month: 3 });
  });

  it('has a page for every server branch 1.4 to 5.3 and for each of its patch releases, dated', () => {
    const data = JSON.parse(fs.readFileSync('content/data/versions.json', 'utf8')) as { versions: { name: string; releases: { name: string }[] }[] };
    expect(BRANCHES.filter((branch) => !data.versions.some((version) => version.name === branch))).toEqual([]);
    const missing: string[] = [];
    for (const branch of BRANCHES) {
      if (!ids.has(`releases/${branch}`)) missing.push(`releases/${branch}`);
      const releases = data.versions.find((version) => version.name === branch)!.releases;
      for (const release of releases) {
        if (release.name === `${branch}.0`) continue;
        if (!ids.has(`releases/${branch}/${release.name}`)) missing.push(`releases/${branch}/${release.name}`);
      }
    }
    expect(missing).toEqual([]);
    for (const patch of ['5.0.1', '5.0.2', '5.0.3']) expect(ids.has(`releases/5.0/${patch}`), patch).toBe(true);
    const undated = pages.filter((page) => /^releases\/[\d.]+(\/[\d.]+)?$/.test(page.id) && !/\b\d{1,2} [A-Z][a-z]+ \d{4}\b/.test(page.description ?? ''));
    expect(undated.map((page) => page.id)).toEqual([]);
  });

  it('puts every page in its sidebar group, and license, development/index and releases/4.6 in none', () => {
    const wrong = pages.filter((page) => page.sidebar !== expectedGroup(page.id)).map((page) => `${page.id}: ${page.sidebar} (expected ${expectedGroup(page.id)})`);
    expect(wrong).toEqual([]);
  });

  it('gives each sidebar its top-level entries', () => {
    const labels = (items: SidebarItem[]) => items.map((item) => item.label);
    const only = (name: string) => {
      const items = sidebars.get(name)!;
      return items.length === 1 && items[0].type === 'category' ? items[0].items! : items;
    };
    expect(labels(sidebars.get('community')!)).toEqual([
      'Overview',
      'Mission',
      'Contributing',
      'Roadmap',
      'Support channels',
      'Developer meetings',
      'Research',
      'Credits',
      'Plugin contribution',
    ]);
    const meetings = sidebars.get('community')!.find((item) => item.label === 'Developer meetings')!;
    expect(labels(meetings.items!)).toEqual(['2025', '2024', '2023', '2022', '2021', '2020', '2019', '2018']);
    const plugins = sidebars.get('community')!.find((item) => item.label === 'Plugin contribution')!;
    expect(labels(plugins.items!)).toEqual(expect.arrayContaining(['Plugins guardians', 'Plugins directory']));
    expect(labels(sidebars.get('process')!)).toEqual(['Process', 'Tracker']);
    expect(labels(sidebars.get('process')![0].items!)).toEqual(['Triage', 'Peer review', 'Integration review', 'Testing', 'Release process', 'Security', 'App release process']);
    expect(labels(sidebars.get('process')![1].items!)).toEqual(expect.arrayContaining(['Tracker guide', 'Labels']));
    expect(labels(sidebars.get('coding')!)).toEqual(['Getting started', 'Policies', 'Tools', 'Upgrade notes', 'Advice']);
    expect(labels(sidebars.get('coding')![1].items!)).toEqual(expect.arrayContaining(['Accessibility', 'Coding style', 'Deprecation', 'Security']));
    expect(labels(sidebars.get('coding')![2].items!)).toEqual(expect.arrayContaining(['Behat', 'PHPUnit', 'Composer']));
    expect(labels(sidebars.get('documentation')!)).toEqual(expect.arrayContaining(['Welcome', 'Code of conduct', 'Installation', 'Structure', 'Linting', 'Style guides']));
    expect(sidebars.get('moodleapp')![0].label).toBe('Moodle App');
    expect(labels(only('moodleapp'))).toEqual(['Customisation', 'Development', 'Plugins development guide', 'Link handling', 'Testing', 'FAQ', 'Upgrade guides', 'Release notes']);
    expect(labels(only('contentguidelines'))).toEqual(['Product writing guidelines', 'Style guide']);
    // The Workplace page's front matter sidebar_label wins over the generated item's label, as in Docusaurus.
    expect(labels(sidebars.get('releaseNotes')!.filter((item) => item.type !== 'html'))).toEqual(['Releases', 'Moodle App Releases', 'Moodle Workplace releases']);
    expect(labels(sidebars.get('releaseNotes')![2].items!)).toEqual(['Moodle App 5', 'Moodle App 4', 'Moodle App 3', 'Moodle Mobile 2', 'Moodle Mobile 1']);
    expect(labels(only('projects'))).toEqual(['Active', 'Complete']);
  });

  it('lists every server branch in the release notes, long-term-support ones marked, 5.0 and older archived on 2026-11-22', () => {
    const releases = sidebars.get('releaseNotes')![0].items!;
    const archive = releases.find((item) => item.label === 'Archive')!;
    const active = releases.filter((item) => item !== archive).map((item) => item.label);
    expect(active).toEqual(['Moodle 5.3 (LTS)', 'Moodle 5.2', 'Moodle 5.1', 'Moodle 4.5 (LTS)']);
    const all = [...active, ...archive.items!.map((item) => item.label)];
    const named = new Map(all.map((label) => [/^Moodle ([\d.]+)/.exec(label)![1], label]));
    expect([...named.keys()].sort()).toEqual([...BRANCHES].sort());
    for (const [branch, label] of named) expect(label, branch).toBe(LTS.includes(branch) ? `Moodle ${branch} (LTS)` : `Moodle ${branch}`);
  });

  it('expands the Active projects group and collapses the rest', () => {
    const groups = sidebars.get('projects')![0].items!;
    for (const group of groups) expect(group.collapsed, group.label).toBe(group.label !== 'Active');
    expect(groups.find((group) => group.label === 'Active')!.items!.length).toBeGreaterThan(0);
  });

  it('serves every page, with no placeholder text anywhere', async () => {
    const problems: string[] = [];
    const queue = [...pages];
    const worker = async () => {
      for (let page = queue.shift(); page; page = queue.shift()) {
        const res = await fetch(app.url + page.permalink);
        const html = await res.text();
        if (res.status !== 200) problems.push(`${page.permalink}: HTTP ${res.status}`);
        if (/class="render-error/.test(html)) problems.push(`${page.permalink}: an error notice`);
        // The visible prose only: code examples may well mention a @todo tag.
        const prose = html.replace(/<(pre|code|script)[\s\S]*?<\/\1>/g, '').replace(/<[^>]+>/g, ' ');
        const found = /lorem ipsum|content goes here|coming soon|to be written|\bTBD\b/i.exec(prose) ?? /\bTODO\b/.exec(prose);
        if (found) problems.push(`${page.permalink}: "${found[0]}"`);
      }
    };
    await Promise.all(Array.from({ length: 4 }, worker));
    expect(problems).toEqual([]);
    expect(pages.length).toBeGreaterThan(600);
    // No unknown component either: readers are not told of one, the link report lists it for authors.
    expect((await (await fetch(`${app.url}/api/links`)).json()).unknownComponents).toEqual([]);
  }, 180_000);
});
