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
