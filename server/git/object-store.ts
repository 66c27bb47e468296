// Every object of one git directory, read by id: from its packfiles through their indexes (one
// positional read per entry, pack-file.ts) or from a loose object file. isomorphic-git read whole
// packs into memory and hashed them; this reads only what is asked for (decision 029).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { LRUCache } from 'lru-cache';
import { PackFile, type ObjectType, type RawObject } from './pack-file.js';
import { PackIndex } from './pack-index.js';

/**
 * Bytes of inflated delta bases kept: enough for the trees a history pass walks through and the
 * pages a reader asks for to find their bases here (a tree's chain is tens of objects deep), and
 * small against the heap: the bases of one large page, not of a whole pack.
 */
export const DELTA_BASE_BYTES = 8 << 20;

/** An object that is not in the repository: the same code isomorphic-git gives, which callers test. */
export class ObjectNotFoundError extends Error {
  readonly code = 'NotFoundError';
  constructor(oid: string) {
    super(`Could not find object ${oid}`);
    this.name = 'ObjectNotFoundError';
  }
}

/** An object whose stored bytes cannot be read back: a damaged pack entry or loose file. */
export class CorruptObjectError extends Error {
  readonly code = 'CorruptObject';
  constructor(oid: string, cause: unknown) {
    super(`Object ${oid} is damaged: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'CorruptObjectError';
  }
}

/** The error of a read that failed: a missing object stays missing (a delta's base too), anything else is damage. */
function readFailure(oid: string, error: unknown): Error {
  return (error as { code?: string }).code === 'NotFoundError' ? (error as Error) : new CorruptObjectError(oid, error);
}

/** The objects of one git directory. Packs are listed once, and again when an object is not found (a fetch added a pack). */
export class ObjectStore {
  private packs = new Map<string, PackFile>();
  private listed = false;
  private readonly bases: LRUCache<string, RawObject> = new LRUCache({
    maxSize: DELTA_BASE_BYTES,
    maxEntrySize: DELTA_BASE_BYTES / 4,
    sizeCalculation: (object) => object.data.length + 100,
  });

  constructor(readonly gitdir: string) {}

  /** Reads an object; rejects with ObjectNotFoundError when no pack and no loose file has it, CorruptObjectError when its bytes are damaged. */
  async read(oid: string): Promise<RawObject> {
    const id = Buffer.from(oid, 'hex');
    if (id.length !== 20) throw new ObjectNotFoundError(oid);
    for (let pass = 0; pass < 2; pass++) {
      if (pass || !this.listed) this.listPacks();
      for (const pack of this.packs.values()) {
        const found = pack.read(id);
        if (found) return found.catch((error) => Promise.reject(readFailure(oid, error)));
      }
      const loose = readLooseChecked(this.gitdir, oid);
      if (loose) return loose;
    }
    throw new ObjectNotFoundError(oid);
  }

  /** An object's size in bytes, read from its header (for a delta, its first bytes), not from the whole object. */
  async sizeOf(oid: string): Promise<number> {
    const id = Buffer.from(oid, 'hex');
    if (!this.listed) this.listPacks();
    for (const pack of this.packs.values()) {
      let size: number | undefined;
      try {
        size = pack.sizeOf(id);
      } catch (error) {
        throw readFailure(oid, error);
      }
      if (size !== undefined) return size;
    }
    return (await this.read(oid)).data.length;
  }

  /** Every object id that starts with `prefix` (at least 4 hex digits), in packs and loose. */
  idsWithPrefix(prefix: string): string[] {
    prefix = prefix.toLowerCase();
    this.listPacks();
    const ids = new Set<string>();
    for (const pack of this.packs.values()) for (const id of pack.index.idsWithPrefix(prefix)) ids.add(id);
    const folder = path.join(this.gitdir, 'objects', prefix.slice(0, 2));
    for (const name of fs.existsSync(folder) ? fs.readdirSync(folder) : []) {
      if ((prefix.slice(0, 2) + name).startsWith(prefix)) ids.add(prefix.slice(0, 2) + name);
    }
    return [...ids];
  }

  /** Closes every pack (a replaced clone): reads after this list them again. */
  close(): void {
    for (const pack of this.packs.values()) pack.close();
    this.packs.clear();
    this.listed = false;
  }

  /** Opens the packs that appeared since the last listing and closes those that are gone (a repack). */
  private listPacks(): void {
    const folder = path.join(this.gitdir, 'objects', 'pack');
    const names = fs.existsSync(folder) ? fs.readdirSync(folder) : [];
    const present = new Set(names.filter((name) => name.endsWith('.idx') && names.includes(name.replace(/\.idx$/, '.pack'))));
    for (const [name, pack] of this.packs) {
      if (present.has(name)) continue;
      pack.close();
      this.packs.delete(name);
    }
    for (const name of present) {
      if (this.packs.has(name)) continue;
      const index = PackIndex.read(path.join(folder, name));
      this.packs.set(name, new PackFile(path.join(folder, name.replace(/\.idx$/, '.pack')), index, this.bases, (oid) => this.read(oid)));
    }
    this.listed = true;
  }
}

/** A loose object, its damage a CorruptObjectError. */
function readLooseChecked(gitdir: string, oid: string): RawObject | undefined {
  try {
    return readLoose(gitdir, oid);
  } catch (error) {
    throw new CorruptObjectError(oid, error);
  }
}

/** A loose object (`objects/ab/cdef…`: zlib of `{type} {size}\0{bytes}`), or undefined when there is no such file. */
function readLoose(gitdir: string, oid: string): RawObject | undefined {
  let file: Buffer;
  try {
    file = fs.readFileSync(path.join(gitdir, 'objects', oid.slice(0, 2), oid.slice(2)));
  } catch {
    return undefined;
  }
  const bytes = zlib.inflateSync(file);
  const space = bytes.indexOf(0x20);
  const nul = bytes.indexOf(0, space);
  const type = bytes.toString('latin1', 0, space) as ObjectType;
  if (!['commit', 'tree', 'blob', 'tag'].includes(type) || Number(bytes.toString('latin1', space + 1, nul)) !== bytes.length - nul - 1) {
    throw new Error(`Corrupt loose object ${oid}`);
  }
  return { type, data: bytes.subarray(nul + 1) };
}
