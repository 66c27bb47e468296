// The part of a post that list pages and feeds show: what comes before its truncation marker
// (Docusaurus's `truncate`).

/** The text before the first marker, or the whole text when it has none. */
export function truncate(content: string, marker: RegExp): string {
  return content.split(marker, 1).shift() ?? '';
}

/** True when a post has a truncation marker. */
export function hasTruncateMarker(content: string, marker: RegExp): boolean {
  return new RegExp(marker.source, marker.flags.replace('g', '')).test(content);
}
