// One packfile read in place: an object is found through the pack's index and read with one
// positional read of its entry, never the whole pack. Deltas are resolved against their bases,
// which are kept, inflated, in a byte-bounded cache shared by every pack of the repository
// (decision 029).
import fs from 'node:fs';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { LRUCache } from 'lru-cache';
import { applyDelta } from './git-delta.js';
import type { PackIndex } from './pack-index.js';

/** An object's type and its bytes, as git stores them. */
export interface RawObject {
  type: ObjectType;
  data: Buffer;
}

export type ObjectType = 'commit' | 'tree' | 'blob' | 'tag';

/** Inflated delta bases by `{pack}:{offset}`, shared by a repository's packs. */
export type BaseCache = LRUCache<string, RawObject>;

/** Objects larger than this are inflated off the event loop (zlib's thread pool); smaller ones at once, which is faster. */
const INFLATE_ASYNC_FROM = 1 << 20;
const TYPES: Record<number, ObjectType> = { 1: 'commit', 2: 'tree', 3: 'blob', 4: 'tag' };
const OFS_DELTA = 6;
const REF_DELTA = 7;
const inflateAsync = promisify(zlib.inflate);
/** Bytes of an entry read to learn its size: the header (up to 30 bytes) and usually enough deflated bytes for a delta's two sizes. */
const SIZE_PREFIX = 256;

/** One entry of a pack: a whole object, or a delta with its base (an offset in this pack, or an id). */
interface Entry {
  type: number;
  /** Inflated size: the object's, or the delta's. */
  size: number;
  baseOffset?: number;
  baseId?: string;
  compressed: Buffer;
}

/** A packfile open for positional reads. */
export class PackFile {
  private readonly fd: number;
  private readonly size: number;

  constructor(
    /** The `.pack` file. */
    readonly file: string,
    readonly index: PackIndex,
    private readonly bases: BaseCache,
    /** Reads an object by id from anywhere in the repository: the base of a REF_DELTA may be elsewhere. */
    private readonly readById: (oid: string) => Promise<RawObject>,
  ) {
    this.fd = fs.openSync(file, 'r');
    this.size = fs.fstatSync(this.fd).size;
  }

  /** The object with this 20-byte id, or undefined when the pack lacks it. */
  read(oid: Uint8Array): Promise<RawObject> | undefined {
    const offset = this.index.offsetOf(oid);
    return offset === undefined ? undefined : this.readAt(offset);
  }

  /** The size of the object with this 20-byte id without reading it whole, or undefined when the pack lacks it. */
  sizeOf(oid: Uint8Array): number | undefined {
    const offset = this.index.offsetOf(oid);
    if (offset === undefined) return undefined;
    const entry = this.entryAt(offset, SIZE_PREFIX);
    if (TYPES[entry.type]) return entry.size;
    // A delta starts with its base's size and then its result's: its first bytes are enough, when
    // the deflated prefix gives them (a block's code tables come first); else the whole entry.
    const start = zlib.inflateSync(entry.compressed, { finishFlush: zlib.constants.Z_SYNC_FLUSH });
    return deltaResultSize(start) ?? deltaResultSize(zlib.inflateSync(this.entryAt(offset).compressed));
  }

  /** Closes the file; reads after this fail. */
  close(): void {
    fs.closeSync(this.fd);
  }

  /**
   * The object whose entry starts at `offset`: its delta chain is followed down to a whole object
   * or a cached base, then applied back up, keeping every base on the way in the cache.
   */
  private async readAt(offset: number): Promise<RawObject> {
    const cached = this.bases.get(this.key(offset));
    if (cached) return cached;
    const deltas: { offset: number; delta: Buffer }[] = [];
    let base: RawObject | undefined;
    for (let at = offset; !base; ) {
      const entry = this.entryAt(at);
      const data = await inflate(entry);
      const type = TYPES[entry.type];
      if (type) {
        base = { type, data };
        break;
      }
      deltas.push({ offset: at, delta: data });
      if (entry.baseId) {
        base = await this.readById(entry.baseId);
      } else {
        at = entry.baseOffset!;
        base = this.bases.get(this.key(at));
      }
    }
    for (let i = deltas.length - 1; i >= 0; i--) {
      base = { type: base.type, data: applyDelta(base.data, deltas[i].delta) };
      // Every object of the chain but the one asked for is some delta's base: keep it for the next read.
      if (i > 0) this.bases.set(this.key(deltas[i].offset), base);
    }
    return base;
  }

  /** Reads and parses the entry at `offset` (at most `limit` bytes of it): its header, its delta base, its compressed bytes. */
  private entryAt(offset: number, limit = Number.POSITIVE_INFINITY): Entry {
    const length = Math.min(limit, this.index.endOf(offset, this.size) - offset);
    const bytes = Buffer.allocUnsafe(length);
    if (fs.readSync(this.fd, bytes, 0, length, offset) !== length) throw new Error(`${this.file}: short read at ${offset}`);
    let at = 0;
    let byte = bytes[at++];
    const type = (byte >> 4) & 7;
    let size = byte & 15;
    for (let shift = 4; byte & 0x80; shift += 7) {
      byte = bytes[at++];
      size += (byte & 0x7f) * 2 ** shift;
    }
    let baseOffset: number | undefined;
    let baseId: string | undefined;
    if (type === OFS_DELTA) {
      byte = bytes[at++];
      let distance = byte & 0x7f;
      while (byte & 0x80) {
        byte = bytes[at++];
        distance = (distance + 1) * 128 + (byte & 0x7f);
      }
      baseOffset = offset - distance;
    } else if (type === REF_DELTA) {
      baseId = bytes.toString('hex', at, at + 20);
      at += 20;
    } else if (!TYPES[type]) {
      throw new Error(`${this.file}: unknown object type ${type} at ${offset}`);
    }
    return { type, size, baseOffset, baseId, compressed: bytes.subarray(at) };
  }

  /** The base cache's key of the entry at `offset` of this pack. */
  private key(offset: number): string {
    return `${this.file}:${offset}`;
  }
}

/** The result size a delta's header gives (its second varint), or undefined when `bytes` stop before it. */
function deltaResultSize(bytes: Uint8Array): number | undefined {
  let at = 0;
  let size = 0;
  for (let field = 0; field < 2; field++) {
    size = 0;
    for (let shift = 0; ; shift += 7) {
      if (at >= bytes.length) return undefined;
      const byte = bytes[at++];
      size += (byte & 0x7f) * 2 ** shift;
      if (!(byte & 0x80)) break;
    }
  }
  return size;
}

/** Inflates an entry's bytes into a buffer of exactly its size (a larger one would stay alive in the cache). */
async function inflate(entry: Entry): Promise<Buffer> {
  const options = { chunkSize: Math.max(64, entry.size + 1) };
  const data = entry.size >= INFLATE_ASYNC_FROM ? await inflateAsync(entry.compressed, options) : zlib.inflateSync(entry.compressed, options);
  if (data.length !== entry.size) throw new Error(`Corrupt pack entry: inflated to ${data.length} bytes, not ${entry.size}`);
  return data;
}
