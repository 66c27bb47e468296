// URL paths of a blog, joined as Docusaurus's `normalizeUrl` joins them: one slash between parts,
// none at the end (but for the root), so `/blog/` + `/simple/slug` is `/blog/simple/slug`.

/** The parts joined by single slashes, starting with one and ending without (`/` when empty). */
export function joinUrl(...parts: string[]): string {
  const joined = parts
    .map((part) => part.replace(/^\/+|\/+$/g, ''))
    .filter(Boolean)
    .join('/');
  return `/${joined}`;
}
