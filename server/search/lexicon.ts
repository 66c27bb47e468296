// Lookups in a sorted list of terms (server/search/segment.ts): exact, by prefix and by edit
// distance. The list is packed in one string (a string per term costs V8 a header of 16 to 24
// bytes, more than most terms' own characters). A sorted list answers all three without a tree: a
// prefix is a contiguous range, and the fuzzy walk below reuses the Levenshtein rows of the prefix
// a term shares with the one before, as a radix tree would, skipping every term under a prefix that
// is already too far away. The distance is MiniSearch 7.2's (its banded matrix, so the same terms
// match at the same distance).

/** Strings packed in one: string `i` is `chars.slice(starts[i], starts[i + 1])`. */
export interface Strings {
  chars: string;
  starts: Uint32Array;
}

/** Packs a list of strings. */
export function packStrings(list: readonly string[]): Strings {
  const starts = new Uint32Array(list.length + 1);
  for (let i = 0; i < list.length; i++) starts[i + 1] = starts[i] + list[i].length;
  // `join` copies the pieces into one flat string: none of them (a slice of a page's text, maybe) stays alive.
  return { chars: list.join(''), starts };
}

/** How many strings are packed. */
export function countOf(strings: Strings): number {
  return strings.starts.length - 1;
}

/** String `i`. */
export function stringAt(strings: Strings, i: number): string {
  return strings.chars.slice(strings.starts[i], strings.starts[i + 1]);
}

/** Compares string `i` with `term` in code-unit order (as Array.prototype.sort): negative, 0 or positive. */
function compare({ chars, starts }: Strings, i: number, term: string): number {
  const start = starts[i];
  const length = starts[i + 1] - start;
  const shared = Math.min(length, term.length);
  for (let k = 0; k < shared; k++) {
    const difference = chars.charCodeAt(start + k) - term.charCodeAt(k);
    if (difference) return difference;
  }
  return length - term.length;
}

/** Whether string `i` starts with `prefix`. */
function startsWith({ chars, starts }: Strings, i: number, prefix: string): boolean {
  return starts[i + 1] - starts[i] >= prefix.length && chars.startsWith(prefix, starts[i]);
}

/** The first position whose term is not less than `term`. */
export function lowerBound(terms: Strings, term: string): number {
  let low = 0;
  let high = countOf(terms);
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (compare(terms, mid, term) < 0) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** The position of `term`, or -1. */
export function find(terms: Strings, term: string): number {
  const at = lowerBound(terms, term);
  return at < countOf(terms) && compare(terms, at, term) === 0 ? at : -1;
}

/** The positions `[from, to)` of the terms that start with `prefix`. */
export function prefixRange(terms: Strings, prefix: string): [number, number] {
  const from = lowerBound(terms, prefix);
  let to = from;
  while (to < countOf(terms) && startsWith(terms, to, prefix)) to++;
  return [from, to];
}

/** The positions of the terms within `maxDistance` edits of `query`, with their distances. */
export function fuzzy(terms: Strings, query: string, maxDistance: number): Map<number, number> {
  const { chars, starts } = terms;
  const results = new Map<number, number>();
  const n = query.length + 1;
  // A term longer than the query by more than maxDistance is never close enough.
  const m = n + maxDistance;
  const matrix = new Uint8Array(m * n).fill(maxDistance + 1);
  for (let j = 0; j < n; ++j) matrix[j] = j;
  for (let i = 1; i < m; ++i) matrix[i * n] = i;
  // Rows 1 to `valid` hold the previous term's first characters: a term that shares them starts below.
  let previous = 0;
  let valid = 0;
  const count = countOf(terms);
  for (let t = 0; t < count; t++) {
    const start = starts[t];
    const length = starts[t + 1] - start;
    let shared = 0;
    const limit = Math.min(valid, length, starts[previous + 1] - starts[previous]);
    while (shared < limit && chars.charCodeAt(start + shared) === chars.charCodeAt(starts[previous] + shared)) shared++;
    let row = shared;
    let pruned = -1;
    for (; row < length && row + 1 < m; row++) {
      const i = row + 1;
      const char = chars.charCodeAt(start + row);
      const thisRowOffset = n * i;
      const prevRowOffset = thisRowOffset - n;
      let minDistance = matrix[thisRowOffset];
      const jmin = Math.max(0, i - maxDistance - 1);
      const jmax = Math.min(n - 1, i + maxDistance);
      for (let j = jmin; j < jmax; ++j) {
        const different = char !== query.charCodeAt(j);
        const rpl = matrix[prevRowOffset + j] + +different;
        const del = matrix[prevRowOffset + j + 1] + 1;
        const ins = matrix[thisRowOffset + j] + 1;
        const dist = Math.min(rpl, del, ins);
        matrix[thisRowOffset + j + 1] = dist;
        if (dist < minDistance) minDistance = dist;
      }
      if (minDistance > maxDistance) {
        pruned = i;
        break;
      }
    }
    previous = t;
    // A row too far away: no term under that prefix matches (the terms skipped all share it).
    if (pruned >= 0) {
      const dead = chars.slice(start, start + pruned);
      valid = pruned;
      while (t + 1 < count && startsWith(terms, t + 1, dead)) t++;
      continue;
    }
    valid = row;
    if (row === length && length + 1 <= m) {
      const distance = matrix[n * length + n - 1];
      if (distance <= maxDistance) results.set(t, distance);
    }
  }
  return results;
}
