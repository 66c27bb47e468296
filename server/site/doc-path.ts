/** Which commit a docs URL asks for, before resolution. */
export type RefSelector =
  /** The default ref of the site. */
  | { kind: 'default' }
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
 */
export function parseDocPath(base: string, splat: string): DocPath | undefined {
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
  return { ref: { kind: 'default' }, slug: slugOf(segments), prefix: `/${base}` };
}

function safeDecode(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}
