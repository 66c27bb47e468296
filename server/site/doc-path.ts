/** Which commit a docs URL asks for, before resolution. */
export type RefSelector =
  /** The last version, served at `/{base}/...`. */
  | { kind: 'default' }
  /** `/{base}/{version}/...`: a named version of the site configuration (its URL path). */
  | { kind: 'version'; path: string }
  /** `/{base}/~{branch}/...`: a branch or tag, `/` in its name percent-encoded. */
  | { kind: 'branch'; name: string }
  /** `/{base}/@{commit}/...`: an immutable permalink. */
  | { kind: 'commit'; oid: string };

/** A docs URL after the base, split into the ref it selects and the page slug. */
export interface DocPath {
  ref: RefSelector;
  /** The page's path with no leading or trailing slash; empty for the docs home. */
  slug: string;
  /** The URL prefix that selects the ref, e.g. `/general/~feature%2Fx`, for building links. */
  prefix: string;
}

/**
 * Parses the part of a docs URL after `/{base}/`. Returns undefined for a malformed ref segment
 * (an empty branch name, a commit id that is not hex), which callers answer with a 404.
 * A first segment naming a version path wins over a page slug, as in Docusaurus.
 */
export function parseDocPath(base: string, splat: string, versionPaths: ReadonlySet<string> = new Set()): DocPath | undefined {
  const segments = splat.split('/').filter(Boolean);
  const first = segments[0] ?? '';
  const slugOf = (parts: string[]) => parts.map((part) => safeDecode(part) ?? part).join('/');
  const rest = () => slugOf(segments.slice(1));
  if (first.startsWith('~')) {
    const name = safeDecode(first.slice(1));
    if (!name || name.includes('..') || /[\0-\x1f]/.test(name)) return undefined;
    return { ref: { kind: 'branch', name }, slug: rest(), prefix: `/${base}/~${encodeURIComponent(name)}` };
  }
  if (first.startsWith('@')) {
    const oid = first.slice(1).toLowerCase();
    if (!/^[0-9a-f]{4,40}$/.test(oid)) return undefined;
    return { ref: { kind: 'commit', oid }, slug: rest(), prefix: `/${base}/@${oid}` };
  }
  if (versionPaths.has(first)) return { ref: { kind: 'version', path: first }, slug: rest(), prefix: `/${base}/${first}` };
  return { ref: { kind: 'default' }, slug: slugOf(segments), prefix: `/${base}` };
}

function safeDecode(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}
