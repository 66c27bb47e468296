// The index of one packfile (`pack-*.idx`, version 2): the sorted object ids and where each object
// starts in the pack. It is small (28 bytes per object, about 0.7 MiB for the corpus's 24,000
// objects) and read whole; the pack itself is not (pack-file.ts).
import fs from 'node:fs';

const MAGIC = 0xff744f63;
const HEADER = 8;
const FANOUT = 256 * 4;

/** A pack's index: object id -> offset in the pack, and where each object's entry ends. */
export class PackIndex {
  /** Every object's offset, ascending: an entry ends where the next one starts. Built on first use. */
  private sortedOffsets: Float64Array | undefined;

  private constructor(
    private readonly data: Buffer,
    /** How many objects the pack holds. */
    readonly count: number,
  ) {}

  /** Reads an index file; throws for a file that is not a version 2 index. */
  static read(file: string): PackIndex {
    const data = fs.readFileSync(file);
    if (data.length < HEADER + FANOUT || data.readUInt32BE(0) !== MAGIC || data.readUInt32BE(4) !== 2) {
      throw new Error(`${file} is not a version 2 pack index (git writes version 2 since 1.5.2)`);
    }
    return new PackIndex(data, data.readUInt32BE(HEADER + 255 * 4));
  }

  /** The offset of an object in the pack (its 20-byte id), or undefined when this pack lacks it. */
  offsetOf(oid: Uint8Array): number | undefined {
    const at = this.position(oid);
    return at === undefined ? undefined : this.offsetAt(at);
  }

  /** The full ids of this pack's objects whose hex id starts with `prefix` (at least 2 hex digits). */
  idsWithPrefix(prefix: string): string[] {
    const first = Number.parseInt(prefix.slice(0, 2), 16);
    const ids: string[] = [];
    for (let i = this.fanout(first - 1); i < this.fanout(first); i++) {
      const id = this.idAt(i);
      if (id.startsWith(prefix)) ids.push(id);
    }
    return ids;
  }

  /** Where the entry that starts at `offset` ends: the next entry's start, or the pack's checksum at `packSize - 20`. */
  endOf(offset: number, packSize: number): number {
    const offsets = this.offsetsAscending();
    let low = 0;
    let high = offsets.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (offsets[mid] <= offset) low = mid + 1;
      else high = mid;
    }
    return low < offsets.length ? offsets[low] : packSize - 20;
  }

  /** Position of an id in the sorted table (binary search within its first byte's range), or undefined. */
  private position(oid: Uint8Array): number | undefined {
    let low = this.fanout(oid[0] - 1);
    let high = this.fanout(oid[0]);
    const ids = HEADER + FANOUT;
    while (low < high) {
      const mid = (low + high) >>> 1;
      const order = compareId(this.data, ids + mid * 20, oid);
      if (order === 0) return mid;
      if (order < 0) low = mid + 1;
      else high = mid;
    }
    return undefined;
  }

  /** How many ids start with a byte up to `byte` (0 below the first). */
  private fanout(byte: number): number {
    return byte < 0 ? 0 : this.data.readUInt32BE(HEADER + byte * 4);
  }

  /** The hex id at a position of the sorted table. */
  private idAt(position: number): string {
    const start = HEADER + FANOUT + position * 20;
    return this.data.toString('hex', start, start + 20);
  }

  /** The offset of the object at a position; offsets past 2 GiB sit in the table of 8-byte offsets. */
  private offsetAt(position: number): number {
    const offsets = HEADER + FANOUT + this.count * 24;
    const small = this.data.readUInt32BE(offsets + position * 4);
    if (!(small & 0x80000000)) return small;
    const large = offsets + this.count * 4 + (small & 0x7fffffff) * 8;
    return this.data.readUInt32BE(large) * 2 ** 32 + this.data.readUInt32BE(large + 4);
  }

  /** Every offset, ascending (built once). */
  private offsetsAscending(): Float64Array {
    if (!this.sortedOffsets) {
      const offsets = new Float64Array(this.count);
      for (let i = 0; i < this.count; i++) offsets[i] = this.offsetAt(i);
      this.sortedOffsets = offsets.sort();
    }
    return this.sortedOffsets;
  }
}

/** Compares the 20-byte id at `at` in `data` with `oid`, byte by byte. */
function compareId(data: Buffer, at: number, oid: Uint8Array): number {
  for (let i = 0; i < 20; i++) {
    const difference = data[at + i] - oid[i];
    if (difference) return difference;
  }
  return 0;
}
