// Docusaurus's fixtures that test a mistake or one rule (issue 45), served by docsite: a mistake is a
// problem at its file and line, never a crash, and the rest of the site still serves; the rules
// Docusaurus's tests state inline (labels, edit links) hold as its tests expect.
import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { afterAll, describe, expect, it } from 'vitest';
import GithubSlugger from 'github-slugger';
import { docIdentity, parseNumberPrefix, stripNumberPrefixes } from '../server/content/ids.js';
import { postProcess } from '../server/content/sidebars/post-process.js';
import { parseSidebarsFile } from '../server/content/sidebars/sidebars-file.js';
import type { DraftItem } from '../server/content/sidebars/types.js';
import { instanceView, type VersionView } from './support/docusaurus-view.js';
import { evaluatedSidebars, fixtureRepo, openSite, serveFixture } from './support/fixture-sites.js';
import { readJestSnapshots } from './support/jest-snapshots.js';
import { removeTempDirs, TestRepo, tempDir } from './support/repos.js';
import { docusaurusFixtures, hasDocusaurusFixtures } from './support/requirements.js';

const present = hasDocusaurusFixtures();
const snapshots = present ? readJestSnapshots(path.join(docusaurusFixtures, '__snapshots__/index.test.ts.snap')) : new Map<string, unknown>();

afterAll(() => removeTempDirs());

describe.skipIf(!present)('Docusaurus fixtures that test a mistake or a single rule', () => {
  /** The current version of a fixture served with one docs instance. */
  async function serve(fixture: string, instance: string): Promise<VersionView> {
    return (await instanceView(await serveFixture(fixture, instance), 'default'))[0];
  }

  it('bad-id-site: an id with a slash is a problem at its line, and the page is still served', async () => {
    const current = await serve('bad-id-site', '{ id: default, path: docs, base: docs }');
    expect(current.problems).toEqual([expect.objectContaining({ code: 'front-matter', file: 'docs/invalid-id.md', line: 2, message: expect.stringContaining('slash') })]);
    expect(current.docs.size).toBe(1);
  });

  it('bad-slug-on-doc-home-site: a slug ending in .html is served as written', async () => {
    const current = await serve('bad-slug-on-doc-home-site', '{ id: default, path: docs, base: docs }');
    expect(current.docs.get('docWithSlug')?.permalink).toBe('/docs/docWithSlug.html');
    expect(current.problems).toEqual([]);
  });

  it('simple-site with wrong-sidebars.json: the unknown doc id is a problem at its line; the docs are still served', async () => {
    // index.test.ts "site with wrong sidebar content" → snapshot `sidebar site with wrong sidebar content 1`.
    const message = String(snapshots.get('sidebar site with wrong sidebar content 1'));
    const unknown = /do not exist:\n- (\S+)/.exec(message)![1];
    const current = await serve('simple-site', '{ id: default, path: docs, base: docs, sidebars: wrong-sidebars.json }');
    expect(current.problems).toEqual([expect.objectContaining({ code: 'sidebars', file: 'wrong-sidebars.json', line: 4, message: expect.stringContaining(unknown) })]);
    // The snapshot lists every doc id: `_` partials are not docs (Docusaurus's default exclude), and
    // the draft is listed because Jest runs in development mode (production leaves it out).
    const available = message
      .split('Available document ids are:\n')[1]
      .trim()
      .split('\n')
      .map((line) => line.replace(/^- /, ''))
      .filter((id) => id !== 'doc-draft');
    expect([...current.docs.keys()].sort()).toEqual(available.sort());
  });

  it('simple-site: unlisted docs are in no sidebar and in no pagination (production)', async () => {
    const current = await serve('simple-site', '{ id: default, path: docs, base: docs, sidebars: sidebars.json }');
    for (const id of ['doc-unlisted', 'unlisted-category/unlisted-category-index', 'unlisted-category/unlisted-category-doc']) {
      expect(current.docs.get(id)).toMatchObject({ previous: undefined, next: undefined });
      expect(JSON.stringify(current.sidebars)).not.toContain(`"${id}"`);
    }
    expect(current.docs.get('foo/baz')?.previous?.permalink).toBe('/docs/foo/bar');
  });

  it('simple-site: a draft is not served, nor in any sidebar (production)', async () => {
    const current = await serve('simple-site', '{ id: default, path: docs, base: docs, sidebars: sidebars.json }');
    expect(current.docs.has('doc-draft')).toBe(false);
    expect(JSON.stringify(current.sidebars)).not.toContain('"doc-draft"');
    expect(current.problems).toEqual([]);
  });

  it('site-with-doc-label: front matter sidebar_label, sidebar_class_name and sidebar_custom_props win over sidebars.json', async () => {
    // index.test.ts "site with doc label" (inline expectations: 'Hello One', 'Hello 2 From Doc', the class and props).
    const current = await serve('site-with-doc-label', '{ id: default, path: docs, base: docs, sidebars: sidebars.json }');
    const [first, second] = current.sidebars.docs as { id: string; label?: string; className?: string; customProps?: unknown }[];
    expect(first.label).toBe('Hello One');
    expect(second).toMatchObject({ label: 'Hello Two', className: 'class-name-from-sidebars.json' });
    const doc = current.docs.get('hello-2');
    expect(doc?.title).toBe('Hello 2');
    // Docusaurus shows 'Hello 2 From Doc': front matter sidebar_label over the item's label.
    expect(current.itemProps('hello-2')).toEqual({ label: 'Hello 2 From Doc', className: 'front-matter-class-name', customProps: { custom: 'from front matter' } });
  });

  it.each([
    [false, 'versioned_docs/version-1.0.0/hello.md'],
    [true, 'docs/hello.md'],
  ])('versioned-site: editCurrentVersion %s points the 1.0.0 edit link at %s', async (editCurrentVersion, file) => {
    // docs.test.ts "translated doc with editUrl" and "… and editCurrentVersion=true" (inline expectations).
    const editUrl = 'https://github.com/facebook/docusaurus/edit/main/website';
    const site = await openSite(
      fixtureRepo('versioned-site', {
        'docsite.yaml': `title: v\ndocs:\n  - { id: default, path: docs, base: docs, sidebars: sidebars.json, editUrl: "${editUrl}", editCurrentVersion: ${editCurrentVersion} }\n`,
      }),
    );
    const version100 = (await instanceView(site, 'default')).find((version) => version.name === '1.0.0');
    expect(version100?.docs.get('hello')?.editUrl).toBe(`${editUrl}/${file}`);
  });

  it('a version without its versioned_sidebars file has no sidebars, as in Docusaurus (DOCUSAURUS-VERSIONS.md §2.2)', async () => {
    const repo = await TestRepo.create(path.join(tempDir('docsite-no-sidebars-'), 'repo'));
    await repo.commit({
      'docsite.yaml': 'title: t\ndocs:\n  - { id: default, path: docs, base: docs }\n',
      'docs/a.md': '# A\n',
      'versions.json': '["1.0"]',
      'versioned_docs/version-1.0/a.md': '# A\n',
    });
    const [current, old] = await instanceView(await openSite(repo.dir), 'default');
    expect(Object.keys(current.sidebars)).toEqual(['docs']);
    expect(old).toMatchObject({ name: '1.0', sidebars: {}, problems: [] });
    expect(old.docs.get('a')?.sidebar).toBeUndefined();
  });

  it('empty-site: no docs folder serves no docs and no crash', async () => {
    const current = await serve('empty-site', '{ id: default, path: docs, base: docs, sidebars: sidebars.json }');
    expect(current.docs.size).toBe(0);
    expect(current.sidebars).toEqual({});
  });
});

/** A test file of Docusaurus's docs plugin, as text: its expectations are read from it. */
function upstreamTest(file: string): string {
  return fs.readFileSync(path.join(docusaurusFixtures, file), 'utf8');
}

describe.skipIf(!present)("Docusaurus's inline expectations of ids and slugs", () => {
  it('numberPrefix.test.ts: number prefixes are stripped, and dates and versions are left alone', () => {
    const text = upstreamTest('numberPrefix.test.ts');
    const list = text.slice(text.indexOf('IgnoredNumberPrefixPatterns = ['), text.indexOf('];'));
    const ignored = [...list.matchAll(/^\s+'([^']*)',/gm)].map((match) => match[1]);
    const stripped = [...text.matchAll(/stripNumberPrefixDefault\(\s*'([^']*)'\s*\)\)\.toBe\(\s*'([^']*)',?\s*\)/g)].map((match) => [match[1], match[2]]);
    expect(ignored.length).toBeGreaterThan(40);
    expect(stripped.length).toBeGreaterThan(20);
    for (const name of ignored) expect(parseNumberPrefix(name).name, name).toBe(name);
    for (const [name, expected] of stripped) expect(parseNumberPrefix(name).name, name).toBe(expected);
    expect(stripNumberPrefixes('0-MyRootFolder0/1 - MySubFolder1/2.  MyDeepFolder2/3 _MyDoc3')).toBe('MyRootFolder0/MySubFolder1/MyDeepFolder2/MyDoc3');
  });

  it('slug.test.ts: slugs from the path, index docs, and absolute and relative front matter slugs', () => {
    const calls = [...upstreamTest('slug.test.ts').matchAll(/getSlug\((\{[^}]*\})\),?\s*\)\.toBe\(\s*'([^']*)',?\s*\)/g)];
    // Calls with a custom numberPrefixParser or stripDirNumberPrefixes: false test options docsite does not have.
    const cases = calls
      .map(([, args, expected]) => ({ args: vm.runInNewContext(`(${args})`, {}) as Record<string, unknown>, expected }))
      .filter(({ args }) => !('numberPrefixParser' in args) && args.stripDirNumberPrefixes !== false);
    expect(cases.length).toBeGreaterThan(20);
    for (const { args, expected } of cases) {
      const relativePath = String(args.source).replace(/^@site\/docs\//, '');
      expect(docIdentity(relativePath, { id: args.baseID, slug: args.frontMatterSlug }).slug, JSON.stringify(args)).toBe(expected);
    }
  });
});

describe.skipIf(!present)("Docusaurus's sidebars fixtures (sidebars/__tests__/index.test.ts)", () => {
  const fixture = (file: string) => `../../sidebars/__tests__/__fixtures__/sidebars/${file}`;
  /** A sidebars fixture as docsite reads and post-processes it (JavaScript fixtures evaluated first). */
  const read = (file: string) => {
    const text = file.endsWith('.js') ? evaluatedSidebars('.', fixture(file)) : fs.readFileSync(path.join(docusaurusFixtures, '__fixtures__', fixture(file)), 'utf8');
    const parsed = parseSidebarsFile(text, file);
    const slugger = new GithubSlugger();
    return { problems: parsed.problems, sidebars: parsed.sidebars.map((sidebar) => postProcess(sidebar.items as DraftItem[], 'docs', slugger)) };
  };

  it('"sidebars shorthand and longhand lead to exact same sidebar"', () => {
    const shorthand = read('sidebars-category-shorthand.js');
    expect(shorthand.problems).toEqual([]);
    expect(shorthand.sidebars).toEqual(read('sidebars-category.js').sidebars);
  });

  it('"sidebars with category but category.items is not an array": a problem at the line of the items', () => {
    const { problems } = read('sidebars-category-wrong-items.json');
    expect(problems).toEqual([
      expect.objectContaining({ code: 'sidebars', file: 'sidebars-category-wrong-items.json', line: 7, message: expect.stringContaining('"Category Label"') }),
    ]);
  });
});
