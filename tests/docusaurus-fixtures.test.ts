// Docusaurus's own test fixtures, served by docsite (issue 45): each fixture site of the docs
// plugin's tests becomes a git repository, docsite opens it with a docsite.yaml equivalent to the
// options Docusaurus's test passes, and what docsite serves is compared with the expectations in
// Docusaurus's Jest snapshots, read at test time: for each doc its id, permalink, title, sidebar,
// sidebar position and previous/next; each version's sidebars; each version's name, label, path and
// whether it is the last. A fixture that tests a mistake (a bad id, an unknown doc in a sidebar)
// must give a positioned problem, not a crash (docusaurus-fixture-rules.test.ts). The counts per
// fixture site are logged at the end.
//
// Left out, and why:
// - The sidebar name Docusaurus gives a site without a sidebars file, `defaultSidebar`, is compared
//   as docsite's `docs`: navbars and existing sites name it so.
// - Permalinks are compared without a trailing slash: docsite serves `/docs/folder`, Docusaurus
//   `/docs/folder/` (trailingSlash undefined); the page is the same.
// - Snapshots taken in development mode show drafts and unlisted docs as listed; docsite serves as
//   Docusaurus does in production. For the simple site, docs whose front matter is `unlisted` or
//   `draft`, and what points at them, are compared with Docusaurus's production rules (the
//   `DEV_ONLY` list below) instead.
// - Descriptions, tags, last update, edit URLs, `source`, `frontMatter`, route configs and global
//   data's `mainDocId`: not what this test covers (tags and edit URLs have their own tests).
// - i18n (the `i18n/` folders and the `fr` locale): docsite serves one locale.
// - `markdown.parseFrontMatter` (a function docsite does not call). A `sidebars.js` fixture is
//   given to docsite as its evaluated JSON (tests/site-code.test.ts runs one in the sandbox); a
//   `sidebarItemsGenerator` is written, as the Jest test passes it, in a docusaurus.config.js that
//   docsite runs in its sandbox.
// - cli.test.ts (`docs:version`) writes files; docsite only reads.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instanceView, type DocView, type VersionView } from './support/docusaurus-view.js';
import { evaluatedSidebars, fixtureRepo, openSite } from './support/fixture-sites.js';
import { readJestSnapshots } from './support/jest-snapshots.js';
import { removeTempDirs } from './support/repos.js';
import { docusaurusFixtures, hasDocusaurusFixtures } from './support/requirements.js';

const present = hasDocusaurusFixtures();
const snapshots = present ? readJestSnapshots(path.join(docusaurusFixtures, '__snapshots__/index.test.ts.snap')) : new Map<string, unknown>();

/** One fixture site loaded with one set of options, and the snapshot entries that hold its expectations. */
interface FixtureCase {
  name: string;
  fixture: string;
  /** The docs instance, as docsite.yaml's `docs:` list item. */
  instance: string;
  /** Snapshot keys that start with one of these belong to the case. */
  prefixes: string[];
  /** A sidebars.js of the fixture, given to docsite evaluated, as `sidebars.json`. */
  sidebarsJs?: string;
  /** Expectations of development mode only (unlisted docs listed), left out: see the header. */
  devModeOnly?: string[];
  /** A docusaurus.config.js beside docsite.yaml (its functions are called; docsite.yaml's values win). */
  config?: string;
}

/** A docusaurus.config.js whose docs instance has this `sidebarItemsGenerator` (JavaScript source). */
const withGenerator = (generator: string) => `module.exports = { presets: [['classic', { docs: { sidebarItemsGenerator: ${generator} } }]] };\n`;

const CASES: FixtureCase[] = [
  {
    name: 'simple-site',
    fixture: 'simple-site',
    instance: '{ id: default, path: docs, base: docs, sidebars: sidebars.json }',
    prefixes: ['simple website content'],
    // The snapshot lists `unlisted: true` docs in the sidebar and pagination (development mode);
    // in production they are in neither, which 'unlisted docs are in no sidebar' checks below. It
    // also lists the `draft: true` doc, which production leaves out ('drafts are not served').
    devModeOnly: [
      'sidebars of current',
      'doc current doc-draft',
      'doc current foo/baz',
      'doc current doc-unlisted',
      'doc current unlisted-category/unlisted-category-index',
      'doc current unlisted-category/unlisted-category-doc',
    ],
  },
  {
    name: 'versioned-site',
    fixture: 'versioned-site',
    // index.test.ts "versioned website": routeBasePath docs, versions {'1.0.1': {noIndex: true}}.
    instance: "{ id: default, path: docs, base: docs, sidebars: sidebars.json, versions: { '1.0.1': { noIndex: true } } }",
    prefixes: ['versioned website content'],
  },
  {
    name: 'versioned-site (community)',
    fixture: 'versioned-site',
    instance: '{ id: community, path: community, base: community, sidebars: community_sidebars.json }',
    prefixes: ['versioned website (community) content'],
  },
  {
    name: 'site-with-autogenerated-sidebar',
    fixture: 'site-with-autogenerated-sidebar',
    instance: '{ id: default, path: docs, base: docs }',
    prefixes: ['site with full autogenerated sidebar '],
  },
  {
    name: 'site-with-autogenerated-sidebar (partial)',
    fixture: 'site-with-autogenerated-sidebar',
    instance: '{ id: default, path: docs, base: docs, sidebars: sidebars.json }',
    sidebarsJs: 'partialAutogeneratedSidebars.js',
    prefixes: ['site with partial autogenerated sidebars docs', 'site with partial autogenerated sidebars sidebar'],
  },
  {
    name: 'site-with-autogenerated-sidebar (partial 2, #4638)',
    fixture: 'site-with-autogenerated-sidebar',
    instance: '{ id: default, path: docs, base: docs, sidebars: sidebars.json }',
    sidebarsJs: 'partialAutogeneratedSidebars2.js',
    prefixes: ['site with partial autogenerated sidebars 2 (fix #4638)'],
  },
  {
    name: 'site-with-autogenerated-sidebar (a sidebarItemsGenerator of its own)',
    fixture: 'site-with-autogenerated-sidebar',
    instance: '{ id: default, path: docs, base: docs }',
    config: withGenerator("async () => [{ type: 'doc', id: 'API/api-overview' }, { type: 'doc', id: 'API/api-end' }]"),
    prefixes: ['site with custom sidebar items generator sidebar is autogenerated according to a custom sidebarItemsGenerator'],
  },
  {
    name: 'site-with-autogenerated-sidebar (a sidebarItemsGenerator that reverses the default one)',
    fixture: 'site-with-autogenerated-sidebar',
    instance: '{ id: default, path: docs, base: docs }',
    config: withGenerator(
      'async ({ defaultSidebarItemsGenerator, ...args }) => { const reverse = (items) => items.map((item) => (item.type === "category" ? { ...item, items: reverse(item.items) } : item)).reverse(); return reverse(await defaultSidebarItemsGenerator(args)); }',
    ),
    prefixes: ['site with custom sidebar items generator sidebarItemsGenerator can wrap'],
  },
  {
    name: 'site-with-doc-label (no sidebars file)',
    fixture: 'site-with-doc-label',
    instance: '{ id: default, path: docs, base: docs }',
    prefixes: ['sidebar site with undefined sidebar'],
  },
];

/** Which version a sidebars snapshot is of, by its hint (`: 101 version sidebars`). */
const SIDEBAR_VERSIONS: [string, string][] = [
  [': current version sidebars', 'current'],
  [': 101 version sidebars', '1.0.1'],
  [': 100 version sidebars', '1.0.0'],
  [': withSlugs version sidebars', 'withSlugs'],
];

type Expected =
  | { kind: 'doc'; version: string; doc: Partial<DocView> }
  | { kind: 'sidebars'; version: string; sidebars: Record<string, unknown> }
  | { kind: 'version'; version: Record<string, unknown> };

/** The expectations of a case, from its snapshot entries (docs merged by version and id). */
function expectationsOf(fixtureCase: FixtureCase): [string, Expected][] {
  const docs = new Map<string, Partial<DocView>>();
  const out: [string, Expected][] = [];
  const addDoc = (version: string, doc: Partial<DocView>) => {
    const key = `${version} ${doc.id}`;
    docs.set(key, { ...docs.get(key), ...doc });
  };
  for (const [key, value] of snapshots) {
    if (!fixtureCase.prefixes.some((prefix) => key.startsWith(prefix)) || key.includes(': route config')) continue;
    if (key.includes(': global data')) {
      const data = value as { pluginName: { pluginId: { versions: Record<string, unknown>[] } } };
      for (const { docs: versionDocs, name, label, isLast, path: versionPath } of data.pluginName.pluginId.versions) {
        out.push([`version ${name}`, { kind: 'version', version: { name, label, isLast, path: versionPath } }]);
        // Generated index pages are listed as docs whose id is their permalink: the sidebars hold them.
        for (const doc of versionDocs as { id: string; path: string; sidebar?: string }[])
          if (!doc.id.startsWith('/')) addDoc(name as string, { id: doc.id, permalink: doc.path, sidebar: doc.sidebar });
      }
    } else if (isDocMetadata(value)) addDoc(value.version, docFields(value));
    else if (key.includes(': data')) {
      for (const doc of Object.values(value as object)) if (isDocMetadata(doc)) addDoc(doc.version, docFields(doc));
    } else if (value && typeof value === 'object' && Object.values(value).every(Array.isArray)) {
      const version = SIDEBAR_VERSIONS.find(([hint]) => key.includes(hint))?.[1] ?? 'current';
      out.push([`sidebars of ${version}`, { kind: 'sidebars', version, sidebars: value as Record<string, unknown> }]);
    }
  }
  for (const [key, doc] of docs) out.push([`doc ${key}`, { kind: 'doc', version: key.split(' ')[0], doc }]);
  return out.filter(([name]) => !fixtureCase.devModeOnly?.includes(name));
}

type DocMetadata = DocView & { source: string };

/** True for a doc's metadata as Docusaurus loads it (not a version's or a sidebar's). */
function isDocMetadata(value: unknown): value is DocMetadata {
  return !!value && typeof value === 'object' && 'id' in value && 'permalink' in value && 'version' in value && 'source' in value;
}

/** The fields this test compares, from a doc's metadata as Docusaurus loads it. */
function docFields(doc: DocMetadata): Partial<DocView> {
  const { id, permalink, title, sidebar, sidebarPosition, previous, next } = doc;
  // A doc read from i18n/ is the translated file: its title is the translation's (docsite serves one locale).
  if (doc.source.startsWith('@site/i18n/')) return { id, permalink, sidebar, sidebarPosition, previous, next };
  return { id, permalink, title, sidebar, sidebarPosition, previous, next };
}

/** `/docs/folder/` as docsite writes it, `/docs/folder`; the root stays `/`. */
function withoutTrailingSlash(permalink: string): string {
  return permalink.length > 1 ? permalink.replace(/\/$/, '') : permalink;
}

/**
 * Permalinks anywhere in a value without their trailing slash, and Docusaurus's name of the sidebar
 * it makes when there is no sidebars file, `defaultSidebar`, as docsite's, `docs` (navbars name it).
 */
function normalized<T>(value: T): T {
  const sidebarName = (name: string) => (name === 'defaultSidebar' ? 'docs' : name);
  return JSON.parse(JSON.stringify(value ?? null), (key, item) => {
    if ((key === 'permalink' || key === 'path') && typeof item === 'string') return withoutTrailingSlash(item);
    if (key === 'sidebar' && typeof item === 'string') return sidebarName(item);
    if (item && typeof item === 'object' && !Array.isArray(item) && 'defaultSidebar' in item) {
      return Object.fromEntries(Object.entries(item).map(([name, items]) => [sidebarName(name), items]));
    }
    return item;
  });
}

const tally = new Map<string, { passed: number; compared: number }>();

afterAll(() => {
  removeTempDirs();
  if (tally.size) console.log(['Docusaurus fixtures, passed / compared:', ...[...tally].map(([name, { passed, compared }]) => `  ${name}: ${passed} / ${compared}`)].join('\n'));
});

for (const fixtureCase of CASES) {
  const expectations = present ? expectationsOf(fixtureCase) : [];
  describe.skipIf(!present)(`Docusaurus fixture ${fixtureCase.name}`, () => {
    let versions: VersionView[];
    const count = { passed: 0, compared: 0 };
    tally.set(fixtureCase.name, count);

    beforeAll(async () => {
      const extra: Record<string, string> = { 'docsite.yaml': `title: ${fixtureCase.fixture}\ndocs:\n  - ${fixtureCase.instance}\n` };
      if (fixtureCase.sidebarsJs) extra['sidebars.json'] = evaluatedSidebars(fixtureCase.fixture, fixtureCase.sidebarsJs);
      if (fixtureCase.config) extra['docusaurus.config.js'] = fixtureCase.config;
      const site = await openSite(fixtureRepo(fixtureCase.fixture, extra));
      versions = await instanceView(site, fixtureCase.instance.match(/id: (\w+)/)![1]);
    });

    it('has expectations in the snapshots', () => {
      expect(expectations.length).toBeGreaterThan(0);
    });

    it.each(expectations)('%s', (_name, expected) => {
      count.compared++;
      if (expected.kind === 'version') {
        const actual = versions.find((version) => version.name === expected.version.name);
        expect(actual && normalized({ name: actual.name, label: actual.label, isLast: actual.isLast, path: actual.path })).toEqual(normalized(expected.version));
      } else if (expected.kind === 'sidebars') {
        const actual = versions.find((version) => version.name === expected.version);
        expect(normalized(actual?.sidebars)).toEqual(normalized(expected.sidebars));
      } else {
        const actual = versions.find((version) => version.name === expected.version)?.docs.get(expected.doc.id!);
        expect(actual, `docsite has no doc ${expected.doc.id}`).toBeDefined();
        const compared = Object.fromEntries(Object.keys(expected.doc).map((key) => [key, actual![key as keyof DocView]]));
        expect(normalized(compared)).toEqual(normalized(expected.doc));
      }
      count.passed++;
    });
  });
}
