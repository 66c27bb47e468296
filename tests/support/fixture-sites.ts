// Docusaurus's fixture sites served by docsite in process: a fixture folder committed as a git
// repository in a temp dir, with the docsite.yaml a test gives, opened as a server opens its content.
import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { readServerConfig } from '../../server/site/env.js';
import { Site } from '../../server/site/site.js';
import { repoFromFolder, tempDir } from './repos.js';
import { docusaurusFixtures } from './requirements.js';

/** A fixture folder committed as a repository, with a docsite.yaml and extra files. */
export function fixtureRepo(fixture: string, extra: Record<string, string>): string {
  return repoFromFolder(path.join(docusaurusFixtures, '__fixtures__', fixture), path.join(tempDir('docsite-fixture-'), 'repo'), extra);
}

/** A sidebars.js fixture evaluated (CommonJS, plain data) as the JSON docsite reads. */
export function evaluatedSidebars(fixture: string, file: string): string {
  const commonJs = { exports: {} as unknown };
  vm.runInNewContext(fs.readFileSync(path.join(docusaurusFixtures, '__fixtures__', fixture, file), 'utf8'), { module: commonJs }, { timeout: 1000 });
  return JSON.stringify(commonJs.exports);
}

/** Opens a repository with docsite in process, as a server would. */
export async function openSite(repo: string): Promise<Site> {
  return Site.open(readServerConfig({ CONTENT_REPO: repo, DATA_DIR: path.join(repo, '..', 'data'), RENDER_THREADS: '0', SYNC_INTERVAL: '0' }));
}

/** Opens a fixture with one docs instance, written as an item of docsite.yaml's `docs:` list. */
export async function serveFixture(fixture: string, instance: string): Promise<Site> {
  return openSite(fixtureRepo(fixture, { 'docsite.yaml': `title: ${fixture}\ndocs:\n  - ${instance}\n` }));
}
