// The upstream corpus served with our example sidebars (tests/support/moodle-flat): every sidebar
// equals what a real Docusaurus build produced, item for item, and every page is in the same
// sidebar group, on the day the oracle was computed.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Repository } from '../server/git/repository.js';
import { readTreeFile, type DocSet } from '../server/content/doc-set.js';
import { docSetAtCommit } from '../server/content/sidebars/test-support.js';
import { buildSidebars, type SiteSidebars } from '../server/content/sidebars/sidebars.js';
import type { Repository as RepositoryType } from '../server/git/repository.js';
import { loadPresetData, sidebarGenerators } from '../server/presets/index.js';
import type { SidebarItem } from '../server/content/sidebars/types.js';
import { hasCorpus, corpusDir } from './support/requirements.js';
import { corpusRepo, oracleDocs } from './support/corpus.js';
import { startApp, type AppServer } from './support/app-server.js';
import { exampleConfig } from './support/example.js';
import { removeTempDirs } from './support/repos.js';

const ORACLE_DAY = '2026-11-22';

/** The fields a reader sees, in a form both Docusaurus's output and ours reduce to. */
function comparable(items: readonly Record<string, unknown>[]): unknown[] {
  return items.map((item) => {
    switch (item.type) {
      case 'category': {
        const link = item.link as { type: string; id?: string; permalink?: string } | undefined;
        return {
          type: 'category',
          label: item.label,
          collapsed: item.collapsed,
          collapsible: item.collapsible,
          link: link ? (link.type === 'doc' ? { doc: link.id } : { generatedIndex: link.permalink }) : null,
          items: comparable(item.items as Record<string, unknown>[]),
        };
      }
      case 'doc':
      case 'ref':
        return { type: item.type, id: item.id, label: item.label ?? null };
      case 'link':
        return { type: 'link', href: item.href, label: item.label };
      default:
        return { type: item.type, value: item.value };
    }
  });
}

// After every suite's own afterAll (servers stopped): the temp repositories they read go.
afterAll(removeTempDirs);

describe.runIf(hasCorpus())('the corpus with the example sidebars', () => {
  let docSet: DocSet;
  let result: SiteSidebars;
  const oracle = () => JSON.parse(fs.readFileSync(path.join(corpusDir, 'oracle/docusaurus-sidebars.general.json'), 'utf8')) as Record<string, Record<string, unknown>[]>;

  beforeAll(async () => {
    const repository = Repository.open(corpusRepo(exampleConfig()));
    const commit = await repository.resolve('main');
    docSet = await docSetAtCommit(repository, commit);
    result = await sidebarsWithPresets(repository, docSet, new Date(`${ORACLE_DAY}T12:00:00Z`));
  });

  it('has the nine sidebars of the Docusaurus build, in order, with no problems', () => {
    expect(result.problems).toEqual([]);
    expect(result.sidebars.map((sidebar) => sidebar.name)).toEqual(Object.keys(oracle()));
  });

  for (const name of ['community', 'process', 'coding', 'documentation', 'moodleapp', 'designsystem', 'contentguidelines', 'releaseNotes', 'projects']) {
    it(`builds the ${name} sidebar exactly as Docusaurus did`, () => {
      const ours = result.sidebars.find((sidebar) => sidebar.name === name);
      expect(comparable((ours?.items ?? []) as unknown as Record<string, unknown>[])).toEqual(comparable(oracle()[name]));
    });
  }

  it('puts every page in the sidebar group Docusaurus gave it (none for three pages)', () => {
    const mismatches = oracleDocs()
      .map((doc) => ({ id: doc.id, expected: doc.sidebar === '(none)' ? '' : doc.sidebar, actual: result.groupOf.get(doc.id) ?? '' }))
      .filter((row) => row.expected !== row.actual);
    expect(mismatches).toEqual([]);
  });

  it('moves a branch into the Archive the day after its security support ends', async () => {
    const labels = (sidebars: SiteSidebars) => {
      const releases = sidebars.sidebars.find((s) => s.name === 'releaseNotes')!.items[0] as Extract<SidebarItem, { type: 'category' }>;
      return releases.items.map((item) => ('label' in item ? item.label : item.type));
    };
    const before = await sidebarsWithPresets(Repository.open(corpusRepo(exampleConfig())), docSet, new Date('2026-08-07T12:00:00Z'));
    expect(labels(before)).toContain('Moodle 5.0');
    expect(labels(result)).not.toContain('Moodle 5.0');
  });
});

describe.runIf(hasCorpus())('the corpus served over HTTP with the example sidebars', () => {
  let app: AppServer;
  beforeAll(async () => {
    app = await startApp({ CONTENT_REPO: corpusRepo(exampleConfig()), DOCSITE_NOW: ORACLE_DAY });
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('shows a release page inside the release-notes sidebar, its branch open and the page marked current', async () => {
    const html = await (await fetch(`${app.url}/general/releases/4.5/4.5.1`)).text();
    const sidebar = /<nav[^>]*aria-label="Docs sidebar"[^>]*>([\s\S]*?)<\/nav>/.exec(html)?.[1] ?? '';
    expect(sidebar).toContain('href="/general/releases/5.2"');
    expect(sidebar).toMatch(/<a[^>]*aria-current="page"[^>]*href="\/general\/releases\/4.5\/4.5.1"|<a[^>]*href="\/general\/releases\/4.5\/4.5.1"[^>]*aria-current="page"/);
    // The branch's own toggle is open (`open`, a boolean attribute: the sidebar is server HTML, decision 013).
    expect(sidebar).toMatch(/<a class="menu__link" href="\/general\/releases\/4.5">Moodle 4.5 \(LTS\)<\/a><details open(?:="")?>/);
  });
});

/** The sidebars of a commit as the server builds them: with the presets' generators and data. */
async function sidebarsWithPresets(repository: RepositoryType, docSet: DocSet, now: Date): Promise<SiteSidebars> {
  const read = (file: string) => readTreeFile((oid) => repository.readBlob(oid), docSet.tree, file);
  return buildSidebars(repository, docSet, now, sidebarGenerators(await loadPresetData(read)));
}
