// Tests that need the shared corpus or Chromium skip with a message on a user's fresh clone,
// and fail in CI, where REQUIRE_CORPUS=1 and REQUIRE_BROWSER=1 make a skip an error.
import fs from 'node:fs';
import path from 'node:path';

export const corpusDir = path.resolve('../shared/corpus');
export const corpusContent = path.join(corpusDir, 'moodle-devdocs');
/** The upstream repository whole, with its real history (a git bundle: clone it, never copy it). */
export const corpusBundle = path.join(corpusDir, 'moodle-devdocs.bundle');
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** True when the real-world corpus is present; throws when it is required but missing. */
export function hasCorpus(): boolean {
  return available(fs.existsSync(path.join(corpusContent, 'general')), 'REQUIRE_CORPUS', `the shared corpus (${corpusContent})`);
}

/** Docusaurus's own unit-test fixtures and snapshots (docs plugin), copied into the corpus. */
export const docusaurusFixtures = path.join(corpusDir, 'docusaurus-fixtures/packages/docusaurus-plugin-content-docs/src/__tests__');

/** True when Docusaurus's fixtures are present; throws when the corpus is required but they are missing. */
export function hasDocusaurusFixtures(): boolean {
  return available(fs.existsSync(path.join(docusaurusFixtures, '__snapshots__/index.test.ts.snap')), 'REQUIRE_CORPUS', `Docusaurus's fixtures (${docusaurusFixtures})`);
}

/** Docusaurus's blog plugin tests, fixtures and snapshots, copied into the corpus. */
export const blogFixtures = path.join(corpusDir, 'docusaurus-fixtures/packages/docusaurus-plugin-content-blog/src/__tests__');

/** True when Docusaurus's blog fixtures are present; throws when the corpus is required but they are missing. */
export function hasBlogFixtures(): boolean {
  return available(fs.existsSync(path.join(blogFixtures, '__snapshots__/blogUtils.test.ts.snap')), 'REQUIRE_CORPUS', `Docusaurus's blog fixtures (${blogFixtures})`);
}

/** True when the corpus's git bundle is present; throws when the corpus is required but missing. */
export function hasBundle(): boolean {
  return available(fs.existsSync(corpusBundle), 'REQUIRE_CORPUS', `the corpus's git bundle (${corpusBundle})`);
}

/** True when Debian's Chromium is installed; throws when it is required but missing. */
export function hasBrowser(): boolean {
  return available(fs.existsSync(chromiumPath), 'REQUIRE_BROWSER', `Chromium (${chromiumPath}; apt-get install chromium)`);
}

/** True when Debian's Varnish is installed; throws when proxies are required (REQUIRE_PROXY=1) but it is missing. */
export function hasVarnish(): boolean {
  return available(fs.existsSync('/usr/sbin/varnishd'), 'REQUIRE_PROXY', 'Varnish (/usr/sbin/varnishd; apt-get install varnish)');
}

/** True when Debian's nginx is installed; throws when proxies are required (REQUIRE_PROXY=1) but it is missing. */
export function hasNginx(): boolean {
  return available(fs.existsSync('/usr/sbin/nginx'), 'REQUIRE_PROXY', 'nginx (/usr/sbin/nginx; apt-get install nginx-light)');
}

function available(present: boolean, variable: string, what: string): boolean {
  if (present) return true;
  if (process.env[variable] === '1') throw new Error(`${variable}=1 but ${what} is missing`);
  console.warn(`Skipping: ${what} is not available. Set ${variable}=1 to make this a failure.`);
  return false;
}

/** The zoo: other real Docusaurus sites as git bundles, each beside the oracle of its own build. */
export const zooDir = path.join(corpusDir, 'zoo');

/** True when the zoo site `name` (its bundle and oracle) is present; throws when the corpus is required but it is missing. */
export function hasZooSite(name: string): boolean {
  return available(
    fs.existsSync(path.join(zooDir, `${name}.bundle`)) && fs.existsSync(path.join(zooDir, name, 'oracle.json.gz')),
    'REQUIRE_CORPUS',
    `the zoo site ${name} (${zooDir})`,
  );
}
