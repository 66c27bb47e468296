// The docs shell (routes/$base.tsx) is kept across client navigations between two pages of the
// sidebar on screen, so the sidebar is not sent again (`shouldRevalidate`). A few of its links name
// the page it was loaded for, though: the version switcher's, the banner's link to the last version
// and the canonical URL. `shellForPage` moves them to the page on screen.

/** A URL path decoded, or as it is when it is not valid percent-encoding. */
function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** The parts of the docs shell's data (server/site/views/shell.ts) that name one page. */
export interface PageBoundShell {
  /** The URL prefix of the ref being read (`/general`, `/general/next`, `/general/~feature%2Fx`). */
  prefix: string;
  /** The page the shell was made for (`/general/community/mission`). */
  page: string;
  versions: { name: string; prefix: string; href: string; missing?: boolean; mainHref?: string }[];
  lastVersion: { prefix: string; href: string };
  canonical: string | null;
  /** The page the switcher did not find, on the version home it led to. */
  missing: string | null;
}

/**
 * The shell as a fresh load of `pathname` would have it: each link to the shell's page in some
 * version now leads to `pathname`'s page there. Which versions lack the page comes from the page's
 * own data (`holding`) when it has any. A shell made for `pathname`, or for another ref, is returned as it is.
 */
export function shellForPage<T extends PageBoundShell>(shell: T, pathname: string, holding?: readonly { name: string; has: boolean }[]): T {
  if (pathname === shell.page || !(pathname === shell.prefix || pathname.startsWith(shell.prefix === '/' ? '/' : `${shell.prefix}/`))) return shell;
  // The page's path below its prefix, with its leading slash (the site root's prefix `/` holds none of it).
  const below = (path: string, prefix: string) => (prefix === '/' ? path : path.slice(prefix.length));
  const join = (prefix: string, rest: string) => (prefix === '/' ? rest || '/' : prefix + rest);
  const from = below(shell.page, shell.prefix);
  const to = below(pathname, shell.prefix);
  /** `href` (the shell's page under `prefix`, maybe with a query) moved to the page on screen. */
  const move = (href: string, prefix: string) => {
    const old = join(prefix, from);
    const end = href.slice(old.length);
    return href.startsWith(old) && (end === '' || end.startsWith('?') || end.startsWith('#')) ? join(prefix, to) + end : href;
  };
  return {
    ...shell,
    page: pathname,
    versions: shell.versions.map((version) => ({
      ...version,
      href: move(version.href, version.prefix),
      // The main doc's link names the page it lacks: now the page on screen.
      mainHref: version.mainHref?.includes('?missing=') ? `${version.prefix}?missing=${encodeURIComponent(safeDecode(to.slice(1)))}` : version.mainHref,
      missing: holding?.some((entry) => entry.name === version.name && !entry.has) ?? false,
    })),
    lastVersion: { ...shell.lastVersion, href: move(shell.lastVersion.href, shell.lastVersion.prefix) },
    canonical: shell.canonical && move(shell.canonical, shell.lastVersion.prefix),
    missing: null,
  };
}
