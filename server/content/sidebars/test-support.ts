// An in-memory content repository for unit tests: files by path, read as loadDocSet reads git.
import type { Repository } from '../../git/repository.js';
import { loadDocSet, readTreeFile, type DocSet, type FrontMatterCache } from '../doc-set.js';
import { instancesOf, parseSiteConfig, SITE_CONFIG_FILE } from '../../config/site-config.js';

/** A doc set (and its repository) made from `files`, without git. */
export async function docSetOf(files: Record<string, string>): Promise<{ docSet: DocSet; repository: Repository }> {
  const repository = {
    readTreeIndex: async () => new Map(Object.keys(files).map((path) => [path, { oid: path, mode: '100644' }])),
    readBlob: async (oid: string) => new TextEncoder().encode(files[oid]),
  } as unknown as Repository;
  return { docSet: await docSetAtCommit(repository, 'c0ffee'), repository };
}

/**
 * The doc set of the first docs instance's current version at a commit, read with the commit's own
 * docsite.yaml, as the server reads it (server/site/docs-store.ts), for tests of one docs folder.
 */
export async function docSetAtCommit(repository: Pick<Repository, 'readTreeIndex' | 'readBlob'>, commit: string, known?: FrontMatterCache): Promise<DocSet> {
  const tree = await repository.readTreeIndex(commit);
  const config = parseSiteConfig(await readTreeFile((oid) => repository.readBlob(oid), tree, SITE_CONFIG_FILE));
  const [instance] = instancesOf(config);
  const source = { instance: instance.id, version: 'current', location: { path: instance.path.replace(/\/+$/, ''), base: instance.base }, sidebars: instance.sidebars };
  return loadDocSet(repository, { commit, tree, config, source }, known);
}

/** A page with front matter. */
export function page(frontMatter: Record<string, string | number> = {}): string {
  const lines = Object.entries({ title: 'T', ...frontMatter }).map(([key, value]) => `${key}: ${value}`);
  return `---\n${lines.join('\n')}\n---\n\nText.\n`;
}
