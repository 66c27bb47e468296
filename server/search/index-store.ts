// The search indexes of published versions kept on disk (DATA_DIR/cache/search-*), by doc set key
// (commit, instance, version), so a restart reads them back instead of rendering every page again,
// and searches answer from them at once. An index is its plain data (engine.ts's IndexData:
// typed arrays and strings) in v8.serialize's form behind a SHA-256 of it: a file that is missing,
// truncated or altered is removed and the index is built again, nothing else happens. The folder's
// name carries the format and the code version, as the same pages index differently when the
// tokenizer changes; the folders of other versions are removed. Beside the indexes, `refs.json`
// says which commit each ref's last index was for: what a search answers from while a push is indexed.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import { type IndexData, SearchIndex } from './engine.js';

/** Changes when the layout of IndexData does. */
const FORMAT = 1;
const HASH_BYTES = 32;

/** Indexes on disk, by key. */
export class IndexStore {
  private readonly dir: string;

  /** A store in `{cacheDir}/search-{FORMAT}[-{codeVersion}]`; other such folders are removed. */
  constructor(cacheDir: string, codeVersion: string | undefined) {
    const name = `search-${FORMAT}${codeVersion ? `-${codeVersion}` : ''}`;
    this.dir = path.join(cacheDir, name);
    fs.mkdirSync(this.dir, { recursive: true });
    for (const other of fs.readdirSync(cacheDir)) {
      if (other !== name && other.startsWith('search-')) fs.rmSync(path.join(cacheDir, other), { recursive: true, force: true });
    }
  }

  /** The file of a key (its hash: a key holds `:` and names no folder). */
  private fileOf(key: string): string {
    return path.join(this.dir, `${crypto.createHash('sha256').update(key).digest('hex').slice(0, 32)}.v8`);
  }

  /** The index kept for `key`; undefined when there is none or its file is damaged (then removed). */
  async read(key: string): Promise<SearchIndex | undefined> {
    const file = this.fileOf(key);
    let bytes: Buffer;
    try {
      bytes = await fs.promises.readFile(file);
    } catch {
      return undefined;
    }
    try {
      const body = bytes.subarray(HASH_BYTES);
      if (!crypto.createHash('sha256').update(body).digest().equals(bytes.subarray(0, HASH_BYTES))) throw new Error('checksum');
      const record = v8.deserialize(body) as { key: string; data: IndexData };
      if (record.key !== key) throw new Error('another key');
      return SearchIndex.from(record.data);
    } catch {
      await fs.promises.rm(file, { force: true });
      return undefined;
    }
  }

  /** An index as its file holds it, its hash and its body: taken at once, as the index may change after (a push moves it on). */
  static encode(key: string, index: SearchIndex): Buffer[] {
    const body = v8.serialize({ key, data: index.data() });
    return [crypto.createHash('sha256').update(body).digest(), body];
  }

  /**
   * Keeps an encoded index for `key`: a temp file renamed over the old one, so a crash never leaves
   * half a file; a failed write (a full disk) leaves no temp file behind.
   */
  async write(key: string, parts: Buffer[]): Promise<void> {
    const file = this.fileOf(key);
    const temp = `${file}.${process.pid}.tmp`;
    try {
      const handle = await fs.promises.open(temp, 'w');
      try {
        await handle.writev(parts);
      } finally {
        await handle.close();
      }
      await fs.promises.rename(temp, file);
    } catch (error) {
      await fs.promises.rm(temp, { force: true });
      throw error;
    }
  }

  /** Removes every index but those of `keep`. */
  async retain(keep: Iterable<string>): Promise<void> {
    const wanted = new Set([...keep].map((key) => path.basename(this.fileOf(key))));
    for (const name of await fs.promises.readdir(this.dir)) {
      if (name.endsWith('.v8') && !wanted.has(name)) await fs.promises.rm(path.join(this.dir, name), { force: true });
    }
  }

  /** The last indexed commit (doc set key) of each ref, as saved; empty when there is no readable file. */
  readRefs(): Map<string, string> {
    try {
      const entries: unknown = JSON.parse(fs.readFileSync(path.join(this.dir, 'refs.json'), 'utf8'));
      const pairs = Array.isArray(entries)
        ? entries.filter((entry): entry is [string, string] => Array.isArray(entry) && entry.length === 2 && entry.every((part) => typeof part === 'string'))
        : [];
      return new Map(pairs);
    } catch {
      return new Map();
    }
  }

  /** Saves the last indexed commit of each ref. */
  async writeRefs(refs: ReadonlyMap<string, string>): Promise<void> {
    const file = path.join(this.dir, 'refs.json');
    await fs.promises.writeFile(`${file}.${process.pid}.tmp`, JSON.stringify([...refs]));
    await fs.promises.rename(`${file}.${process.pid}.tmp`, file);
  }
}
