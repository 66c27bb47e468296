// Each version's metadata as Docusaurus's readVersionsMetadata gives it (versions/__tests__/
// version.test.ts, whose expectations are objects in the test file, read here at test time): name,
// label, path, whether it is the last, banner, badge, noIndex and className, for the fixture sites
// served by docsite with the options that test passes.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { instanceView } from './support/docusaurus-view.js';
import { serveFixture } from './support/fixture-sites.js';
import { removeTempDirs } from './support/repos.js';
import { docusaurusFixtures, hasDocusaurusFixtures } from './support/requirements.js';

const present = hasDocusaurusFixtures();
const FIELDS = ['versionName', 'label', 'path', 'isLast', 'banner', 'badge', 'noIndex', 'className'];

/** The `const vX: VersionMetadata = {...}` objects of one describe block of version.test.ts, scalar fields only. */
function versionsOf(describeName: string): Map<string, Record<string, unknown>> {
  const text = fs.readFileSync(path.join(docusaurusFixtures, '../versions/__tests__/version.test.ts'), 'utf8');
  const start = text.indexOf(`describe('${describeName}'`);
  const block = text.slice(start, text.indexOf("\n    it('", start));
  const versions = new Map<string, Record<string, unknown>>();
  for (const [, name, body] of block.matchAll(/const (v\w+): VersionMetadata = \{([\s\S]*?)\n {6}\};/g)) {
    const fields = [...body.matchAll(/^ {8}(\w+): ('[^']*'|true|false|null|-?\d+|undefined),$/gm)].filter(([, key]) => FIELDS.includes(key));
    versions.set(name, Object.fromEntries(fields.map(([, key, value]) => [key, value === 'undefined' ? undefined : JSON.parse(value.replace(/'/g, '"'))])));
    // A field the pattern missed would make the comparison weaker without failing: refuse it.
    if (fields.length !== FIELDS.length) throw new Error(`${describeName} › ${name}: read ${fields.length} of ${FIELDS.length} fields`);
  }
  if (versions.size === 0) throw new Error(`${describeName}: no VersionMetadata objects found`);
  return versions;
}

/** docsite's versions of an instance, in the fields Docusaurus's metadata names. */
async function served(fixture: string, instance: string, id: string): Promise<Record<string, unknown>[]> {
  const versions = await instanceView(await serveFixture(fixture, instance), id);
  return versions.map(({ name, label, path: versionPath, isLast, banner, badge, noIndex, className }) => ({
    versionName: name,
    label,
    path: versionPath,
    isLast,
    banner,
    badge,
    noIndex,
    className,
  }));
}

afterAll(() => removeTempDirs());

describe.skipIf(!present)('Docusaurus version metadata (version.test.ts)', () => {
  it('simple site › works', async () => {
    const { vCurrent } = Object.fromEntries(versionsOf('simple site'));
    expect(await served('simple-site', '{ id: default, path: docs, base: docs }', 'default')).toEqual([vCurrent]);
  });

  it('versioned site, pluginId=default › works', async () => {
    const { vCurrent, v101, v100, vWithSlugs } = Object.fromEntries(versionsOf('versioned site, pluginId=default'));
    const actual = await served('versioned-site', '{ id: default, path: docs, base: docs, sidebars: sidebars.json }', 'default');
    expect(actual).toEqual([vCurrent, v101, v100, vWithSlugs]);
  });

  it('versioned site, pluginId=default › works with version options', async () => {
    // Transcribed from that test: lastVersion 1.0.0, options for current and 1.0.0, and what it expects of each.
    const { vCurrent, v101, v100, vWithSlugs } = Object.fromEntries(versionsOf('versioned site, pluginId=default'));
    const instance = `{ id: default, path: docs, base: docs, sidebars: sidebars.json, lastVersion: '1.0.0', versions: {
      current: { path: current-path, banner: unmaintained, badge: false, className: custom-current-className },
      '1.0.0': { label: 1.0.0-label, banner: unreleased } } }`;
    expect(await served('versioned-site', instance.replace(/\s+/g, ' '), 'default')).toEqual([
      { ...vCurrent, path: '/docs/current-path', banner: 'unmaintained', badge: false, className: 'custom-current-className' },
      { ...v101, isLast: false, path: '/docs/1.0.1', banner: 'unreleased' },
      { ...v100, isLast: true, label: '1.0.0-label', path: '/docs', banner: 'unreleased' },
      vWithSlugs,
    ]);
  });

  it('versioned site, pluginId=community › works', async () => {
    const { vCurrent, v100 } = Object.fromEntries(versionsOf('versioned site, pluginId=community'));
    const instance = '{ id: community, path: community, base: communityBasePath, sidebars: sidebars.json }';
    expect(await served('versioned-site', instance, 'community')).toEqual([vCurrent, v100]);
  });
});
