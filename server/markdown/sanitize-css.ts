// The CSS of a site's CSS modules, made safe to send with its pages: CSS is data, but it can fetch
// (url(), @import, fonts) and, in old browsers, run script (expression(), behavior, -moz-binding,
// javascript: URLs). What reaches a page loads nothing from elsewhere: a url() is a file of the
// commit (by content address) or of the site's own origin, or it is dropped with its declaration.
import path from 'node:path/posix';
import { repoAssetUrl } from '../urls.js';

/** What a stylesheet's URLs resolve against: the commit's files (path -> blob id), its static folders and the site's folder. */
export interface CssFiles {
  oid(path: string): string | undefined;
  /** The static folders, served at the site root (repository paths). */
  staticDirectories?: readonly string[];
  /** The site's folder ('' at the root), where webpack also looks for `/static/font/x.woff2`. */
  siteDir?: string;
}

/** The address of a commit's file by content, undefined when the commit has none there. */
function fileUrl(target: string, files: CssFiles): string | undefined {
  const oid = target.startsWith('..') ? undefined : files.oid(target);
  return oid ? repoAssetUrl(oid, target.slice(target.lastIndexOf('/') + 1)) : undefined;
}

/** Things no stylesheet of a page may hold, anywhere: script in old engines, and bindings. */
const ACTIVE = /expression\s*\(|javascript:|vbscript:|-moz-binding|\bbehavior\s*:|<\/?\s*(style|script)/i;

/** The URL a url() may keep: the site's own (`/img/x.png`), a file of the commit beside the stylesheet, an inline image; undefined: none. */
function localUrl(url: string, from: string, files: CssFiles): string | undefined {
  const clean = url.trim();
  if (/^data:image\/(png|gif|jpe?g|webp|avif);/i.test(clean)) return clean;
  if (clean.startsWith('#')) return clean;
  // A scheme (https:, data:text) or a protocol-relative URL leaves the origin or runs something.
  if (/^[a-z][a-z0-9+.-]*:|^\/\/|^\\/i.test(clean)) return undefined;
  const file = clean.replace(/[?#].*$/, '');
  // From the root, as webpack's `resolve.roots` of a Docusaurus build: a static file is at that
  // address already; a file of the site's folder (`/static/font/x.woff2`) is given its own.
  if (clean.startsWith('/')) {
    if ((files.staticDirectories ?? []).some((folder) => files.oid(path.join(folder, file)))) return clean;
    return fileUrl(path.normalize(path.join(files.siteDir ?? '', file.slice(1))), files) ?? clean;
  }
  return fileUrl(path.normalize(path.join(path.dirname(from), file)), files);
}

/** One declaration, rule or at-rule prelude with every url() kept or, when one cannot be, undefined. */
function withLocalUrls(text: string, from: string, files: CssFiles): string | undefined {
  let refused = false;
  const out = text.replace(/url\(\s*(?:"([^"]*)"|'([^']*)'|([^)]*?))\s*\)/gi, (_whole, double?: string, single?: string, bare?: string) => {
    const url = localUrl(double ?? single ?? bare ?? '', from, files);
    if (url === undefined) refused = true;
    return `url(${JSON.stringify(url ?? '')})`;
  });
  return refused ? undefined : out;
}

/**
 * A compiled CSS module (esbuild's output: one declaration per line, strings in double quotes) made
 * safe: `@import` and `@font-face` from elsewhere, declarations with a URL that leaves the commit
 * or the origin, and anything active are left out; relative URLs become the files' addresses.
 */
export function sanitizeCss(css: string, from: string, files: CssFiles): string {
  const kept: string[] = [];
  for (const line of css.split('\n')) {
    // An escaped name (`u\\72 l(`) could hide a url() or expression() from these patterns.
    if (ACTIVE.test(line) || /^\s*@import\b/i.test(line) || (line.includes('\\') && line.includes('('))) continue;
    const safe = /url\s*\(/i.test(line) ? withLocalUrls(line, from, files) : line;
    // A declaration whose URL was refused goes; a selector or brace line is kept as written (a refused url() there is `url("")`).
    if (safe === undefined) {
      if (!/:/.test(line) || /[{}]\s*$/.test(line)) kept.push(line.replace(/url\([^)]*\)/gi, 'url("")'));
      continue;
    }
    kept.push(safe);
  }
  return kept.join('\n');
}
