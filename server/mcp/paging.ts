// Outputs sized for an agent's context (decision 037): every list and page has a cap, and an answer
// cut at it says where to go on from (`nextOffset`), so a page of any length stays usable.

/** The most characters of Markdown one `get_page` call returns. */
export const MAX_PAGE_CHARS = 40_000;

/** One slice of a list, with where the next one starts (null at the end). */
export function slice<T>(items: readonly T[], offset: number, limit: number) {
  const start = Math.min(offset, items.length);
  const end = Math.min(items.length, start + limit);
  return { total: items.length, offset: start, nextOffset: end < items.length ? end : null, items: items.slice(start, end) };
}

/**
 * Up to `max` characters of `text` from `offset`, cut after a line when one ends in the second half
 * of the slice (a cut mid-sentence or mid-code-block reads worse), with where the rest starts.
 */
export function sliceText(text: string, offset: number, max = MAX_PAGE_CHARS) {
  const start = Math.min(offset, text.length);
  if (text.length - start <= max) return { text: text.slice(start), offset: start, nextOffset: null, total: text.length };
  const line = text.lastIndexOf('\n', start + max - 1);
  const end = line > start + max / 2 ? line + 1 : start + max;
  return { text: text.slice(start, end), offset: start, nextOffset: end, total: text.length };
}
