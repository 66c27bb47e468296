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

/** A file's span hashes, with the bytes each covers, and its size. */
export interface Spans {
  size: number;
  counts: Map<number, number>;
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
  for (const [hash, count] of src.counts) copied += Math.min(count, dst.counts.get(hash) ?? 0);
  return Math.floor((copied * MAX_SCORE) / Math.max(src.size, dst.size));
}

/** A file's spans, as git's hash_chars counts them (a CR before LF is skipped in text). */
export function spansOf(bytes: Uint8Array): Spans {
  const text = !bytes.subarray(0, FIRST_FEW_BYTES).includes(0);
  const counts = new Map<number, number>();
  let accum1 = 0;
  let accum2 = 0;
  let n = 0;
  const add = () => {
    const hash = ((accum1 + Math.imul(accum2, 0x61)) >>> 0) % HASHBASE;
    counts.set(hash, (counts.get(hash) ?? 0) + n);
    n = 0;
    accum1 = 0;
    accum2 = 0;
  };
  for (let i = 0; i < bytes.length; i++) {
    const c = bytes[i];
    if (text && c === 0x0d && i + 1 < bytes.length && bytes[i + 1] === 0x0a) continue;
    const old1 = accum1;
    accum1 = ((accum1 << 7) ^ (accum2 >>> 25)) >>> 0;
    accum2 = ((accum2 << 7) ^ (old1 >>> 25)) >>> 0;
    accum1 = (accum1 + c) >>> 0;
    if (++n < 64 && c !== 0x0a) continue;
    add();
  }
  if (n > 0) add();
  return { size: bytes.length, counts };
}
