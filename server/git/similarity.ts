// How alike two files are, as git's rename and copy detection measures it (diffcore-delta.c):
// each file is cut into spans that end at a newline or after 64 bytes, spans are hashed, and the
// score is the bytes of the old file found again in the new one over the larger size. Matching
// git's measure, not an approximation of it, is what makes `git log --follow` and our page
// history agree.

/** git's MAX_SCORE: a score is a fraction of it. */
export const MAX_SCORE = 60_000;
/** git's default rename and copy threshold, 50%. */
export const RENAME_SCORE = MAX_SCORE / 2;

const HASHBASE = 107_927;
/** git reads this many bytes to tell a binary file (one with a NUL) from text. */
const FIRST_FEW_BYTES = 8000;

/** A file's span hashes, ascending, with the bytes each covers (summed over equal hashes), and its size. */
export interface Spans {
  size: number;
  hashes: Uint32Array;
  counts: Uint32Array;
}

/** False when two sizes differ too much for the files to reach `minimum` (git skips such pairs without reading them). */
export function sizesAllow(srcSize: number, dstSize: number, minimum = RENAME_SCORE): boolean {
  const max = Math.max(srcSize, dstSize);
  const base = Math.min(srcSize, dstSize);
  return dstSize > 0 && max * (MAX_SCORE - minimum) >= (max - base) * MAX_SCORE;
}

/** The similarity of two files in git's units (0 to MAX_SCORE): bytes of `src` found in `dst` over the larger size. */
export function similarity(src: Spans, dst: Spans): number {
  if (!dst.size) return 0;
  let copied = 0;
  for (let i = 0, j = 0; i < src.hashes.length && j < dst.hashes.length; ) {
    if (src.hashes[i] < dst.hashes[j]) i++;
    else if (src.hashes[i] > dst.hashes[j]) j++;
    else copied += Math.min(src.counts[i++], dst.counts[j++]);
  }
  return Math.floor((copied * MAX_SCORE) / Math.max(src.size, dst.size));
}

/** Keys of spans kept between files (1 MiB): a larger file gets a buffer of its own. */
const KEPT_KEYS = 1 << 18;
/** The keys of the file being hashed: one buffer for every file, not an array per file. */
let scratch: Uint32Array | undefined;

/** A buffer for the span keys of a file of `length` bytes (it has at most that many spans). */
function keysFor(length: number): Uint32Array {
  if (length > KEPT_KEYS) return new Uint32Array(length);
  if (!scratch || scratch.length < length) scratch = new Uint32Array(Math.min(KEPT_KEYS, Math.max(length, 2 * (scratch?.length ?? 4096))));
  return scratch;
}

/** A file's spans, as git's hash_chars counts them (a CR before LF is skipped in text). */
export function spansOf(bytes: Uint8Array): Spans {
  const text = !bytes.subarray(0, FIRST_FEW_BYTES).includes(0);
  // A span is at least a byte long. Each is stored as hash * 128 + its length (at most 64), and
  // sorted: equal hashes end up side by side. The accumulators are git's unsigned 32-bit ones, in
  // int32 variables (the same bits; the engine keeps them unboxed).
  const keys = keysFor(bytes.length);
  let count = 0;
  let accum1 = 0;
  let accum2 = 0;
  let n = 0;
  for (let i = 0; i < bytes.length; i++) {
    const c = bytes[i];
    if (c === 0x0d && text && i + 1 < bytes.length && bytes[i + 1] === 0x0a) continue;
    const old1 = accum1;
    accum1 = (((accum1 << 7) ^ (accum2 >>> 25)) + c) | 0;
    accum2 = (accum2 << 7) ^ (old1 >>> 25);
    if (++n < 64 && c !== 0x0a) continue;
    keys[count++] = ((((accum1 + Math.imul(accum2, 0x61)) >>> 0) % HASHBASE) << 7) | n;
    n = 0;
    accum1 = 0;
    accum2 = 0;
  }
  if (n > 0) keys[count++] = ((((accum1 + Math.imul(accum2, 0x61)) >>> 0) % HASHBASE) << 7) | n;
  const sorted = keys.subarray(0, count).sort();
  const hashes = new Uint32Array(count);
  const counts = new Uint32Array(count);
  let distinct = 0;
  for (let k = 0; k < count; k++) {
    const hash = sorted[k] >>> 7;
    if (distinct && hashes[distinct - 1] === hash) counts[distinct - 1] += sorted[k] & 127;
    else {
      hashes[distinct] = hash;
      counts[distinct++] = sorted[k] & 127;
    }
  }
  return { size: bytes.length, hashes: hashes.slice(0, distinct), counts: counts.slice(0, distinct) };
}
