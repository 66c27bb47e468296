// Front matter read by an earlier run, kept on disk so a restart reads and parses no page again
// (on the corpus that was 1 s of a 2.5 s start). Entries are keyed by blob and path, so they are
// never stale for the content; the file name carries the code version, because the same blob
// gives other data when the parser or the schema changes. DATA_DIR belongs to the operator, so
// the file is trusted like the clone beside it, and a file that cannot be read is simply ignored.
import fs from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import type { ReadFrontMatter } from './doc-set.js';

/** Where a code version keeps its front matter: `{dir}/front-matter-{codeVersion}.v8`. */
export function frontMatterFile(dir: string, codeVersion: string): string {
  return path.join(dir, `front-matter-${codeVersion}.v8`);
}

/** The entries a previous run saved, by `frontMatterKey`; empty when there is no readable file. */
export function readFrontMatterFile(file: string): Map<string, ReadFrontMatter> {
  try {
    const entries: unknown = v8.deserialize(fs.readFileSync(file));
    return Array.isArray(entries) ? new Map(entries as [string, ReadFrontMatter][]) : new Map();
  } catch {
    return new Map();
  }
}

/**
 * Replaces the file with `entries` (a temp file renamed over it, so a reader or a crash never sees
 * half a file) and removes the files of other code versions beside it.
 */
export async function writeFrontMatterFile(file: string, entries: Iterable<[string, ReadFrontMatter]>): Promise<void> {
  const dir = path.dirname(file);
  await fs.promises.mkdir(dir, { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  await fs.promises.writeFile(temp, v8.serialize([...entries]));
  await fs.promises.rename(temp, file);
  const own = path.basename(file);
  for (const name of await fs.promises.readdir(dir)) {
    if (name !== own && name.startsWith('front-matter-') && name.endsWith('.v8')) await fs.promises.rm(path.join(dir, name), { force: true });
  }
}
