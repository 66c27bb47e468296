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

/**
 * A URL content gives (an author's link or picture, an edit link) if a browser may follow it
 * safely: no scheme (a path), or http(s) or mailto; undefined for anything else (`javascript:`...),
 * since React writes `href` as given. Browsers drop tabs, newlines and controls inside a scheme.
 */
export function safeUrl(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url.replace(/[\u0000-\u0020]/g, ''))?.[1]?.toLowerCase();
  return scheme === undefined || scheme === 'http' || scheme === 'https' || scheme === 'mailto' ? url : undefined;
}

/**
 * A permalink as a URL outside a page (a feed, a sitemap, Markdown for agents): what it holds raw
 * (spaces, non-ASCII slugs) percent-encoded, the escapes it already has (a ref's `~feature%2Fx`) kept.
 */
export function encodedPermalink(permalink: string): string {
  return encodeURI(permalink).replace(/%25([0-9A-Fa-f]{2})/g, '%$1');
}
