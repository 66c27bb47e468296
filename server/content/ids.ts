import path from 'node:path/posix';
import { safeDecode } from '../urls.js';

/** Docusaurus's number-prefix rule, applied to names without extension: `01-intro` -> `intro`. */
const NUMBER_PREFIX = /^(\d+)\s*[-_.]+\s*([^-_.\s].*)$/;
/** Names like `4.5`, `3.11.md` or `1-2-x` look like versions, not prefixes, and are left alone. */
const VERSION_LIKE = /^\d+[-_.]\d+/;

/** Splits a file or folder name into its number prefix (if any) and the name without it. */
export function parseNumberPrefix(name: string): { position?: number; name: string } {
  if (VERSION_LIKE.test(name)) return { name };
  const match = NUMBER_PREFIX.exec(name);
  if (!match) return { name };
  return { position: Number(match[1]), name: match[2] };
}

/** Removes number prefixes from every segment of a slash-separated path. */
export function stripNumberPrefixes(p: string): string {
  return p
    .split('/')
    .map((segment) => parseNumberPrefix(segment).name)
    .join('/');
}

/** The file name without its `.md`/`.mdx` extension. */
export function baseName(file: string): string {
  return path.basename(file).replace(/\.mdx?$/i, '');
}

/** A doc file's name and number prefix; front matter `parse_number_prefixes: false` keeps the prefix in the name (Docusaurus). */
export function fileNameOf(relativePath: string, frontMatter: { parse_number_prefixes?: unknown }): { position?: number; name: string } {
  const name = baseName(relativePath);
  return frontMatter.parse_number_prefixes === false ? { name } : parseNumberPrefix(name);
}

/** True for `index`, `readme`, or a file named like its folder: the folder's own page. */
export function isCategoryIndex(relativePath: string): boolean {
  const name = baseName(relativePath).toLowerCase();
  const folder = path.basename(path.dirname(relativePath)).toLowerCase();
  return name === 'index' || name === 'readme' || (path.dirname(relativePath) !== '.' && name === folder);
}

/** A doc's location and identity, derived from its path in the docs folder and its front matter. */
export interface DocIdentity {
  /** `community/meetings/2021/02`, `app/customisation/index`. */
  id: string;
  /** The folder relative to the docs folder, `.` at the top. */
  sourceDirName: string;
  /** `/community/meetings/2021/02`, `/app/customisation/`. */
  slug: string;
}

/**
 * Computes the id and slug of a doc as Docusaurus does (CONTENT-FORMAT.md §1).
 * `relativePath` is the file path inside the docs folder, e.g. `01-intro/02-setup.md`.
 */
export function docIdentity(relativePath: string, frontMatter: { id?: unknown; slug?: unknown; parse_number_prefixes?: unknown }): DocIdentity {
  const sourceDirName = path.dirname(relativePath);
  const strippedDir = sourceDirName === '.' ? '' : stripNumberPrefixes(sourceDirName);
  const baseId = typeof frontMatter.id === 'string' && frontMatter.id ? frontMatter.id : fileNameOf(relativePath, frontMatter).name;
  const id = strippedDir ? `${strippedDir}/${baseId}` : baseId;

  const dirSlug = strippedDir ? `/${strippedDir}/` : '/';
  const slugField = typeof frontMatter.slug === 'string' && frontMatter.slug ? frontMatter.slug : undefined;
  let slug: string;
  if (slugField?.startsWith('/')) slug = slugField;
  else if (!slugField && isCategoryIndex(relativePath)) slug = dirSlug;
  else slug = resolveUrlPath(dirSlug, slugField ?? baseId);
  return { id, sourceDirName, slug };
}

/** The URL a doc is served at: `/{base}{slug}` with no trailing slash. */
export function permalinkOf(base: string, slug: string): string {
  const joined = `/${base}/${slug}`.replace(/\/+/g, '/');
  return joined.length > 1 ? joined.replace(/\/$/, '') : joined;
}

/**
 * Resolves a relative URL path against a base path with URL semantics (`./a`, `../b`). The result
 * is decoded (`with space`, not `with%20space`): permalinks are kept as text and encoded when a URL
 * is built (server/urls.ts), so a request for `/general/with%20space` finds the page.
 */
function resolveUrlPath(basePath: string, relative: string): string {
  const resolved = new URL(relative.replace(/%/g, '%25'), `http://x${basePath.replace(/%/g, '%25')}`).pathname;
  return resolved
    .split('/')
    .map((segment) => safeDecode(segment) ?? segment)
    .join('/');
}
