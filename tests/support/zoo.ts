// The zoo's sites (../shared/corpus/zoo), read from there, never copied: a bundle unbundled into a
// bare repository once per test file (its pack may lack big media, so `git clone` would refuse it),
// and the oracle of the site's own Docusaurus build.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { zooDir } from './requirements.js';

/**
 * Unbundles `bundle` into a new bare repository at `dir`, its branch checked out as HEAD, as the
 * zoo's README says: the repository an operator would point CONTENT_REPO at.
 */
export function unbundle(bundle: string, dir: string): string {
  execFileSync('git', ['init', '-q', '--bare', dir], { stdio: 'pipe' });
  const refs = execFileSync('git', ['-C', dir, 'bundle', 'unbundle', bundle], { stdio: 'pipe', maxBuffer: 64 << 20 }).toString();
  const branch = refs
    .split('\n')
    .map((line) => line.split(' '))
    .find(([, ref]) => ref?.startsWith('refs/heads/'));
  if (!branch) throw new Error(`${bundle} names no branch`);
  execFileSync('git', ['-C', dir, 'update-ref', branch[1], branch[0]]);
  execFileSync('git', ['-C', dir, 'symbolic-ref', 'HEAD', branch[1]]);
  return dir;
}

/** A zoo site's bundle unbundled into `dir`. */
export function zooRepo(name: string, dir: string): string {
  return unbundle(path.join(zooDir, `${name}.bundle`), dir);
}

/** A gzipped JSON file beside a zoo site's README (`oracle.json.gz`, `pages-oracle.json.gz`), parsed. */
export function zooJson<T>(name: string, file: string): T {
  return JSON.parse(zlib.gunzipSync(fs.readFileSync(path.join(zooDir, name, file))).toString('utf8')) as T;
}

/** What compare.py measured of a running docsite against a site's own build (its `--json` summary). */
export interface ZooSummary {
  docs: number;
  docs200: number;
  docsTitleOk: number;
  headingIds: number;
  headingIdsOk: number;
  linksInternal: number;
  linksInternalOk: number;
  sidebars: number;
  sidebarsEqual: number;
  versions: number;
  versionsEqual: number;
}

/** compare.py's full answer: the summary, and each page, sidebar and version that differs. */
export interface ZooComparison {
  summary: ZooSummary;
  pages: { permalink: string; status: number; titleOk: boolean; idsMissing: string[]; linksMissing: string[] }[];
  sidebars: { pluginId: string; version: string; sidebar: string; equal: boolean; firstDiff: unknown }[];
  versions: { pluginId: string; version: string; equal: boolean; diffs: unknown[] }[];
}

/** The oracle's comparison tool (python3, standard library only), shared with every site of the zoo. */
const COMPARE = path.resolve('../shared/tools/docusaurus-oracle/compare.py');

/** Measures the docsite at `url` against a zoo site's oracle with compare.py: every doc, sidebar and version. */
export function compareWithOracle(url: string, name: string, outFile: string): ZooComparison {
  execFileSync('python3', [COMPARE, url, path.join(zooDir, name, 'oracle.json.gz'), '--json', outFile, '--jobs', '3'], { stdio: 'pipe', maxBuffer: 64 << 20 });
  return JSON.parse(fs.readFileSync(outFile, 'utf8')) as ZooComparison;
}

/** The pages of a comparison that fall short, for a failure message: where each differs. */
export function shortfalls(comparison: ZooComparison, limit = 15): string {
  const pages = comparison.pages
    .filter((page) => page.status !== 200 || !page.titleOk || page.idsMissing.length || page.linksMissing.length)
    .slice(0, limit)
    .map(
      (page) => `${page.permalink}: ${page.status}${page.titleOk ? '' : ' title'} ids ${page.idsMissing.slice(0, 3).join(',')} links ${page.linksMissing.slice(0, 3).join(',')}`,
    );
  const sidebars = comparison.sidebars
    .filter((sidebar) => !sidebar.equal)
    .map((sidebar) => `${sidebar.pluginId}/${sidebar.version}/${sidebar.sidebar}: ${JSON.stringify(sidebar.firstDiff)}`);
  const versions = comparison.versions.filter((version) => !version.equal).map((version) => `${version.pluginId}/${version.version}: ${JSON.stringify(version.diffs)}`);
  return [...pages, ...sidebars, ...versions].join('\n');
}
