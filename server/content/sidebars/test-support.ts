// An in-memory content repository for unit tests: files by path, read as loadDocSet reads git.
import type { Repository } from '../../git/repository.js';
import { loadDocSet, type DocSet } from '../doc-set.js';

/** A doc set (and its repository) made from `files`, without git. */
export async function docSetOf(files: Record<string, string>): Promise<{ docSet: DocSet; repository: Repository }> {
  const repository = {
    readTreeIndex: async () => new Map(Object.keys(files).map((path) => [path, { oid: path, mode: '100644' }])),
    readBlob: async (oid: string) => new TextEncoder().encode(files[oid]),
  } as unknown as Repository;
  return { docSet: await loadDocSet(repository, 'c0ffee'), repository };
}

/** A page with front matter. */
export function page(frontMatter: Record<string, string | number> = {}): string {
  const lines = Object.entries({ title: 'T', ...frontMatter }).map(([key, value]) => `${key}: ${value}`);
  return `---\n${lines.join('\n')}\n---\n\nText.\n`;
}
