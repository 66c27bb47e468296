import type { Problem } from '../../problem.js';
import { parseYaml } from '../yaml.js';
import { z } from 'zod';
import type { Repository, TreeIndex } from '../../git/repository.js';
import { noBlobMemo, type BlobMemo } from '../blob-memo.js';

const metadataSchema = z.object({
  label: z.string().optional(),
  position: z.coerce.number().optional(),
  collapsed: z.boolean().optional(),
  collapsible: z.boolean().optional(),
  className: z.string().optional(),
  customProps: z.record(z.unknown()).optional(),
  link: z
    .union([
      z.object({ type: z.literal('doc'), id: z.string() }),
      z.object({ type: z.literal('generated-index'), slug: z.string().optional(), title: z.string().optional(), description: z.string().optional() }),
      z.null(),
    ])
    .optional(),
});

/** A folder's `_category_.yml` / `.json`: its label, position, link and collapse settings. */
export type CategoryMetadata = z.infer<typeof metadataSchema>;

const FILE_NAMES = ['_category_.json', '_category_.yml', '_category_.yaml'];

/**
 * Reads every `_category_` file under the docs folder, keyed by folder relative to it (`.` at
 * the top). A broken file is reported and ignored, as if absent. `memo` keeps each file's reading
 * by blob, so a new commit reads only the files it changed.
 */
export async function readCategoryMetadata(
  repository: Pick<Repository, 'readBlob'>,
  tree: TreeIndex,
  docsPath: string,
  memo: BlobMemo = noBlobMemo,
): Promise<{ metadata: Map<string, CategoryMetadata>; problems: Problem[] }> {
  const prefix = `${docsPath.replace(/\/+$/, '')}/`;
  const metadata = new Map<string, CategoryMetadata>();
  const problems: Problem[] = [];
  const seen = new Map<string, string>();
  for (const [filepath, entry] of tree) {
    const name = filepath.slice(filepath.lastIndexOf('/') + 1);
    if (!filepath.startsWith(prefix) || !FILE_NAMES.includes(name)) continue;
    const folder = filepath.slice(prefix.length, -name.length - 1) || '.';
    // Docusaurus refuses a folder with two `_category_` files; here the first is read and the other named.
    const first = seen.get(folder);
    if (first) {
      problems.push({ code: 'category', file: filepath, message: `${first} is already this folder's category file: this one is ignored (keep one)` });
      continue;
    }
    seen.set(folder, filepath);
    const read = await memo(
      entry.oid,
      `category:${filepath}`,
      async () => readCategoryFile(await repository.readBlob(entry.oid), filepath),
      () => 400,
    );
    if (read.problem) problems.push(read.problem);
    else metadata.set(folder, read.metadata);
  }
  return { metadata, problems };
}

/** One `_category_` file's metadata, or the problem that makes it unreadable. */
function readCategoryFile(content: Uint8Array, filepath: string): { metadata: CategoryMetadata; problem?: undefined } | { problem: Problem } {
  const parsed = parseYaml(new TextDecoder().decode(content), filepath, 'category');
  if (parsed.problem) return { problem: parsed.problem };
  const result = metadataSchema.safeParse(parsed.data ?? {});
  if (result.success) return { metadata: result.data };
  const issue = result.error.issues[0];
  return { problem: { code: 'category', file: filepath, line: parsed.lineOf(issue.path), message: `${issue.path.join('.')}: ${issue.message}` } };
}
