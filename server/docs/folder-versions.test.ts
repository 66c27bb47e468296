import { describe, expect, it } from 'vitest';
import { instancesOf, parseSiteConfig } from '../config/site-config.js';
import { folderVersions, versionedFiles } from './folder-versions.js';

/** Upstream's docs instance (../shared/DOCUSAURUS-VERSIONS.md §1.1), as docsite.yaml writes it. */
const UPSTREAM = `docs:
  - path: docs
    lastVersion: current
    versions:
      current: { label: "main (5.3)", path: "5.3", banner: none }
      "5.2": { label: "5.2", banner: none }
      "5.1": { label: "5.1", banner: none }
      "5.0": { label: "5.0", banner: none }
      "4.5": { label: "4.5", banner: none }
  - path: general
`;

const everyFolder = () => true;

describe("Docusaurus's versions kept in folders", () => {
  it('gives upstream the versions, paths, labels, banners and badges its build has', () => {
    const [docs, general] = instancesOf(parseSiteConfig(UPSTREAM));
    const { versions, problems } = folderVersions(docs, ['5.2', '5.1', '5.0', '4.5'], everyFolder);
    expect(problems).toEqual([]);
    expect(versions.map((v) => [v.name, v.path, v.root, v.label, v.banner, v.badge, v.isLast, v.className, v.contentPath, v.sidebars])).toEqual([
      ['current', '5.3', 'docs/5.3', 'main (5.3)', 'none', true, true, 'docs-version-current', 'docs', undefined],
      ['5.2', '5.2', 'docs/5.2', '5.2', 'none', true, false, 'docs-version-5.2', 'versioned_docs/version-5.2', 'versioned_sidebars/version-5.2-sidebars.json'],
      ['5.1', '5.1', 'docs/5.1', '5.1', 'none', true, false, 'docs-version-5.1', 'versioned_docs/version-5.1', 'versioned_sidebars/version-5.1-sidebars.json'],
      ['5.0', '5.0', 'docs/5.0', '5.0', 'none', true, false, 'docs-version-5.0', 'versioned_docs/version-5.0', 'versioned_sidebars/version-5.0-sidebars.json'],
      ['4.5', '4.5', 'docs/4.5', '4.5', 'none', true, false, 'docs-version-4.5', 'versioned_docs/version-4.5', 'versioned_sidebars/version-4.5-sidebars.json'],
    ]);
    // general has no general_versions.json: one version, at its base, with no badge.
    expect(folderVersions(general, undefined, everyFolder).versions.map((v) => [v.name, v.path, v.root, v.label, v.badge, v.isLast])).toEqual([
      ['current', '', 'general', 'Next', false, true],
    ]);
  });

  it("follows Docusaurus's defaults: the first released version is the last, served at the base; newer ones unreleased, older unmaintained", () => {
    const [docs] = instancesOf(parseSiteConfig('docs:\n  - { path: docs, versions: {} }\n'));
    const { versions } = folderVersions(docs, ['2.0', '1.0'], everyFolder);
    expect(versions.map((v) => [v.name, v.path, v.label, v.banner, v.isLast])).toEqual([
      ['current', 'next', 'Next', 'unreleased', false],
      ['2.0', '', '2.0', 'none', true],
      ['1.0', '1.0', '1.0', 'unmaintained', false],
    ]);
  });

  it('names the files of an instance by its id, as Docusaurus does', () => {
    expect(versionedFiles({ id: 'default', siteDir: '' }).versionsFile).toBe('versions.json');
    expect(versionedFiles({ id: 'community', siteDir: '' })).toMatchObject({ versionsFile: 'community_versions.json' });
    expect(versionedFiles({ id: 'community', siteDir: '' }).docsFolder('1.0')).toBe('community_versioned_docs/version-1.0');
    expect(versionedFiles({ id: 'community', siteDir: '' }).sidebarsFile('1.0')).toBe('community_versioned_sidebars/version-1.0-sidebars.json');
  });

  it('reports what names no version, and a version without its folder, and serves the rest', () => {
    const [docs] = instancesOf(parseSiteConfig('docs:\n  - { path: docs, lastVersion: "9.9", versions: { "3.0": { label: Three } } }\n'));
    const { versions, problems } = folderVersions(docs, ['2.0', '1.0'], (folder) => !folder.endsWith('1.0'));
    expect(versions.map((v) => v.name)).toEqual(['current', '2.0']);
    expect(problems).toEqual(['version "1.0" has no folder versioned_docs/version-1.0', 'versions.3.0 names no version', 'lastVersion "9.9" is not a version']);
  });

  it('keeps a single docs folder of the old form unversioned, whatever versions.json the repository holds', () => {
    const [single] = instancesOf(parseSiteConfig('docs: { path: general, base: general }\n'));
    expect(folderVersions(single, ['5.2'], everyFolder).versions.map((v) => v.name)).toEqual(['current']);
  });
});
