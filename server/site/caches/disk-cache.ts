// What was rendered, kept on disk (DATA_DIR/cache/disk-{codeVersion}/) behind the caches in memory
// (docs/decisions/032-disk-cache.md): rendered articles and whole compressed pages, so a restart, or
// a page the memory budget let go, is read back instead of rendered again. Keys are the memory
// caches' own (blob, renderer version and link context; an ETag), so an entry is never stale; there
// are only too many, and the least recently used go when the folder outgrows DISK_CACHE_MB.
// A file is a CRC-32 of the rest, a flag, and v8.serialize({key, value}) (gzipped when asked): a
// truncated or altered file fails its CRC, a misnamed one its key; it is removed and that entry is
// rendered again. A write that fails (a full disk, a deleted folder) is counted and logged, and the
// page is served all the same: the disk only ever saves work.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import v8 from 'node:v8';
import zlib from 'node:zlib';
import type { ServerConfig } from '../env.js';
import type { Logger } from '../log.js';

const gzip = promisify(zlib.gzip);
const gunzip = promisify(zlib.gunzip);

/** Folders of this cache start with this; the rest of the name is the code version. */
const PREFIX = 'disk-';
/** After an eviction the folder holds at most this share of its budget, so evictions come in batches. */
const LOW_WATER = 0.9;
/** At most one warning per kind of failure in this many milliseconds (a full disk fails every write). */
const WARN_EVERY_MS = 60_000;
/** Uses noted by `touch` before they are applied (a bound on the memory they hold). */
const TOUCHES_HELD = 10_000;
/** The file's header: a CRC-32 (4 bytes) and a flag byte (1: the body is gzipped). */
const HEADER_BYTES = 5;

/** What /metrics reports of the disk cache. */
export interface DiskCacheStats {
  entries: number;
  bytes: number;
  maxBytes: number;
  hits: number;
  misses: number;
  /** Files found damaged (then removed, and their entry rendered again). */
  corrupt: number;
  /** Writes that failed (a full disk, a read-only or deleted folder). */
  writeFailures: number;
}

/** Where the cache tells of a failure: the site's logger. */
export type DiskCacheWarn = (error: unknown, message: string) => void;

/** Values on disk by key, bounded in bytes, least recently used evicted first. */
export class DiskCache {
  private readonly dir: string;
  /** The files of the folder, least recently used first, with their sizes: what the budget counts. */
  private readonly files = new Map<string, number>();
  private bytes = 0;
  private readonly lastWarned = new Map<string, number>();
  /** Writes under way, so a graceful stop can wait for them (`flush`). */
  private readonly writing = new Set<Promise<void>>();
  /** Keys used from the memory caches since the last eviction or flush (`touch`). */
  private readonly touched = new Set<string>();
  private temps = 0;
  private hits = 0;
  private misses = 0;
  private corrupt = 0;
  private writeFailures = 0;

  /**
   * A cache in `{cacheDir}/disk-{codeVersion}`: the folders of other builds are removed (what they
   * rendered may differ), the files of this one counted, oldest use first, its temp files removed.
   */
  /** The disk cache's folder in DATA_DIR; a folder that cannot be made (a read-only disk) means none, said once. */
  static open(config: Pick<ServerConfig, 'dataDir' | 'diskCacheMb'>, codeVersion: string, log: Logger): DiskCache | undefined {
    try {
      return new DiskCache(path.join(config.dataDir, 'cache'), codeVersion, config.diskCacheMb * 2 ** 20, (error, message) => log.warn({ err: error }, message));
    } catch (error) {
      log.warn({ err: error }, 'nothing rendered is kept on disk: DATA_DIR/cache cannot be written');
      return undefined;
    }
  }

  constructor(
    cacheDir: string,
    codeVersion: string,
    readonly maxBytes: number,
    private readonly warn: DiskCacheWarn,
  ) {
    const name = `${PREFIX}${codeVersion}`;
    this.dir = path.join(cacheDir, name);
    fs.mkdirSync(this.dir, { recursive: true });
    for (const other of fs.readdirSync(cacheDir)) {
      if (other !== name && other.startsWith(PREFIX)) fs.rmSync(path.join(cacheDir, other), { recursive: true, force: true });
    }
    const found: { name: string; size: number; used: number }[] = [];
    for (const file of fs.readdirSync(this.dir)) {
      const full = path.join(this.dir, file);
      if (!file.endsWith('.bin')) {
        fs.rmSync(full, { force: true });
        continue;
      }
      const stat = fs.statSync(full, { throwIfNoEntry: false });
      if (stat) found.push({ name: file, size: stat.size, used: stat.mtimeMs });
    }
    found.sort((a, b) => a.used - b.used);
    for (const file of found) this.remember(file.name, file.size);
    void this.evict();
  }

  /** The value kept for `key`; undefined when there is none or its file is damaged (then removed). */
  async read(key: string): Promise<unknown> {
    const name = fileNameOf(key);
    // The folder's list is this process's truth: a miss costs no system call.
    if (!this.files.has(name)) {
      this.misses++;
      return undefined;
    }
    const file = path.join(this.dir, name);
    let bytes: Buffer;
    try {
      bytes = await fs.promises.readFile(file);
    } catch {
      // Deleted under us (the folder was cleared): a miss, and the entry is rendered again.
      this.forget(name);
      this.misses++;
      return undefined;
    }
    try {
      if (bytes.length < HEADER_BYTES || zlib.crc32(bytes.subarray(4)) !== bytes.readUInt32BE(0)) throw new Error(`${name} fails its CRC`);
      const body = bytes.subarray(HEADER_BYTES);
      const record = v8.deserialize(bytes[4] === 1 ? await gunzip(body) : body) as { key?: unknown; value?: unknown };
      if (record.key !== key) throw new Error(`${name} holds another key`);
      this.remember(name, bytes.length);
      // The file's time is its last use, so the order survives a restart.
      const now = new Date();
      fs.promises.utimes(file, now, now).catch(() => {});
      this.hits++;
      return record.value;
    } catch (error) {
      this.corrupt++;
      this.misses++;
      this.forget(name);
      await fs.promises.rm(file, { force: true });
      this.warnOnce('corrupt', error, `a damaged file of the disk cache (${name}) was removed; its entry is rendered again`);
      return undefined;
    }
  }

  /**
   * Keeps `value` (anything v8.serialize takes) for `key`, gzipped with `compress`: written to a
   * temp file and renamed, so a crash never leaves half a file, then the least recently used files
   * go if the folder outgrew its budget. Never rejects.
   */
  write(key: string, value: unknown, opts: { compress: boolean }): Promise<void> {
    const done = this.writeFile(key, value, opts.compress).finally(() => this.writing.delete(done));
    this.writing.add(done);
    return done;
  }

  /**
   * Notes that `key` was used from a memory cache, so a page hot in memory is not the first to go
   * from disk (where a restart reads it back). Cheap enough for every hit: the use is applied (the
   * file moved to the recent end and its time set) at the next eviction, flush, or every
   * TOUCHES_HELD keys.
   */
  touch(key: string): void {
    this.touched.add(key);
    if (this.touched.size >= TOUCHES_HELD) void this.applyTouches();
  }

  /** Waits for the writes under way and records recent uses (a server stopping keeps what it rendered, in its order of use). */
  async flush(): Promise<void> {
    await Promise.all([...this.writing, this.applyTouches()]);
  }

  /** Counts and sizes, for /metrics. */
  stats(): DiskCacheStats {
    return {
      entries: this.files.size,
      bytes: this.bytes,
      maxBytes: this.maxBytes,
      hits: this.hits,
      misses: this.misses,
      corrupt: this.corrupt,
      writeFailures: this.writeFailures,
    };
  }

  /** `write`'s work. */
  private async writeFile(key: string, value: unknown, compress: boolean): Promise<void> {
    const name = fileNameOf(key);
    const file = path.join(this.dir, name);
    const temp = `${file}.${process.pid}.${++this.temps}.tmp`;
    try {
      const serialized = v8.serialize({ key, value });
      const body = compress ? await gzip(serialized) : serialized;
      const header = Buffer.alloc(HEADER_BYTES);
      header[4] = compress ? 1 : 0;
      header.writeUInt32BE(zlib.crc32(body, zlib.crc32(header.subarray(4))), 0);
      const size = HEADER_BYTES + body.length;
      if (size > this.maxBytes) return;
      try {
        await writeParts(temp, [header, body]);
      } catch (error) {
        // The folder was deleted while the server ran: made again, once.
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        await fs.promises.mkdir(this.dir, { recursive: true });
        await writeParts(temp, [header, body]);
      }
      await fs.promises.rename(temp, file);
      this.remember(name, size);
      await this.evict();
    } catch (error) {
      this.writeFailures++;
      await fs.promises.rm(temp, { force: true }).catch(() => {});
      this.warnOnce('write', error, 'could not keep a rendered page on disk (it is served all the same)');
    }
  }

  /** Counts a file as just used, at its size. */
  private remember(name: string, size: number): void {
    this.forget(name);
    this.files.set(name, size);
    this.bytes += size;
  }

  /** Stops counting a file. */
  private forget(name: string): void {
    const size = this.files.get(name);
    if (size === undefined) return;
    this.files.delete(name);
    this.bytes -= size;
  }

  /** Applies the uses noted by `touch`: each file moves to the recent end, and its time is set for the next start. */
  private async applyTouches(): Promise<void> {
    const keys = [...this.touched];
    this.touched.clear();
    const now = new Date();
    const used: Promise<void>[] = [];
    for (const key of keys) {
      const name = fileNameOf(key);
      const size = this.files.get(name);
      if (size === undefined) continue;
      this.remember(name, size);
      used.push(fs.promises.utimes(path.join(this.dir, name), now, now).catch(() => {}));
    }
    await Promise.all(used);
  }

  /** Removes the least recently used files until the folder is back under its low-water mark. */
  private async evict(): Promise<void> {
    if (this.bytes <= this.maxBytes) return;
    void this.applyTouches();
    const victims: string[] = [];
    for (const [name] of this.files) {
      if (this.bytes <= this.maxBytes * LOW_WATER) break;
      this.forget(name);
      victims.push(name);
    }
    await Promise.all(victims.map((name) => fs.promises.rm(path.join(this.dir, name), { force: true }).catch(() => {})));
  }

  /** Logs a failure of one kind at most once a minute. */
  private warnOnce(kind: string, error: unknown, message: string): void {
    const now = Date.now();
    if (now - (this.lastWarned.get(kind) ?? 0) < WARN_EVERY_MS) return;
    this.lastWarned.set(kind, now);
    this.warn(error, message);
  }
}

/** Writes buffers to a new file, one after the other. */
async function writeParts(file: string, parts: Buffer[]): Promise<void> {
  const handle = await fs.promises.open(file, 'w');
  try {
    await handle.writev(parts);
  } finally {
    await handle.close();
  }
}

/** The file of a key: its hash, as a key holds `:`, `/` and spaces. */
function fileNameOf(key: string): string {
  return `${crypto.createHash('sha256').update(key).digest('hex').slice(0, 40)}.bin`;
}
