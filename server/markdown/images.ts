// Images and files a page names, resolved to content addresses of the commit being read
// (/_assets/{oid}/{name}), by Docusaurus's rules: its mdx-loader's transformImage for Markdown images
// (`@site/` from the repository root, `/x` from the static folders, anything else from the page's
// folder; `pathname://` left alone), and webpack's for `require('…')` and `import x from '…'`
// (`@site/` and `/x` from the repository root, `./` and `../` from the page's folder).
import path from 'node:path/posix';
import { repoAssetUrl } from '../urls.js';
import type { LinkContext } from './links.js';
import { assetType } from './asset-types.js';

const EXTERNAL = /^[a-z][a-z0-9+.-]*:|^\/\//i;

/** A URL's path, decoded once as Docusaurus decodes it, and its `?query#hash` tail. */
function splitUrl(url: string): { file: string; tail: string } {
  const at = url.search(/[?#]/);
  const raw = at < 0 ? url : url.slice(0, at);
  let file = raw;
  try {
    file = decodeURI(raw);
  } catch {
    // Kept as written: a stray `%` is a file name too.
  }
  return { file, tail: at < 0 ? '' : url.slice(at) };
}

/** A repository path, or undefined when it leaves the repository. */
function inRepo(joined: string): string | undefined {
  const normal = path.normalize(joined);
  return normal.startsWith('..') || normal.startsWith('/') || normal === '.' ? undefined : normal;
}

/** True when readers may be sent a repository file: under the docs folder or a static folder, of an allowed type. */
function published(file: string, context: LinkContext): boolean {
  // A locale's translated page shows the images beside it, in its translations' folder.
  const { path: docs, localized } = context.docSet.location;
  const folders = [docs, ...(localized ? [localized] : []), ...context.docSet.config.staticDirectories];
  return !!assetType(file) && folders.some((folder) => file.startsWith(`${folder.replace(/\/+$/, '')}/`));
}

/** The file when the commit has it and readers may be sent it, else undefined. */
function servedFile(file: string | undefined, context: LinkContext): string | undefined {
  return file && context.docSet.tree.has(file) && published(file, context) ? file : undefined;
}

/** The content address of a repository file that may be served, else undefined. */
export function publishedFileUrl(file: string | undefined, context: LinkContext): string | undefined {
  const served = servedFile(file, context);
  return served && repoAssetUrl(context.docSet.tree.get(served)!.oid, served.split('/').pop()!);
}

/** The served repository file a Markdown image names (transformImage's rules), and the `#hash` it keeps. */
export function markdownImageFile(url: string, context: LinkContext): { file: string; hash: string } | undefined {
  if (!url || url.startsWith('#') || url.startsWith('pathname://') || EXTERNAL.test(url)) return undefined;
  const { file, tail } = splitUrl(url);
  const hash = tail.includes('#') ? tail.slice(tail.indexOf('#')) : '';
  let found: string | undefined;
  if (file.startsWith('@site/')) found = servedFile(inRepo(path.join(context.docSet.config.siteDir ?? '', file.slice('@site/'.length))), context);
  else if (file.startsWith('/')) {
    // The first static folder that has it, as Docusaurus looks through `staticDirectories`.
    for (const folder of context.docSet.config.staticDirectories) found ??= servedFile(inRepo(`${folder}/${file.slice(1)}`), context);
  } else found = servedFile(inRepo(path.join(path.dirname(context.file), file)), context);
  return found ? { file: found, hash } : undefined;
}

/** Where a Markdown image's URL points for the reader (transformImage's rules), or undefined to leave it as written. */
export function markdownImageUrl(url: string, context: LinkContext): string | undefined {
  if (url.startsWith('pathname://')) return url.slice('pathname://'.length);
  const found = markdownImageFile(url, context);
  return found && publishedFileUrl(found.file, context) + found.hash;
}

/**
 * The Markdown image URLs a page's source writes (inline, and every definition), found without
 * parsing it; bounded patterns, so a hostile page costs time in proportion to its length.
 */
export function markdownImageUrls(source: string): { url: string; line: number }[] {
  const matches = [
    ...source.matchAll(/!\[(?:[^[\]\\\n]|\\.|\[[^[\]\n]{0,200}\]){0,500}\]\(\s*(<[^>\n]{0,1000}>|[^\s)]{1,1000})/g),
    ...source.matchAll(/^ {0,3}\[[^\]\n]+\]:\s*(<[^>\n]*>|\S+)/gm),
  ];
  return matches.map((match) => ({ url: match[1].startsWith('<') ? match[1].slice(1, -1) : match[1], line: lineAt(source, match.index!) }));
}

/** The 1-based line of a character offset of a source. */
export function lineAt(source: string, offset: number): number {
  let line = 1;
  for (let at = source.indexOf('\n'); at >= 0 && at < offset; at = source.indexOf('\n', at + 1)) line++;
  return line;
}

/** The repository path a `require()` or `import` specifier names (webpack's rules), or undefined for a package. */
export function modulePath(specifier: string, fromFile: string, siteDir = ''): string | undefined {
  const { file } = splitUrl(specifier);
  if (file.startsWith('@site/')) return inRepo(path.join(siteDir, file.slice('@site/'.length)));
  if (file.startsWith('/')) return inRepo(file.slice(1));
  if (file.startsWith('./') || file.startsWith('../')) return inRepo(path.join(path.dirname(fromFile), file));
  return undefined;
}

/** The content address of the file a `require('…')` or an `import` of an image names, if served. */
export function requiredFileUrl(specifier: string, context: LinkContext): string | undefined {
  return publishedFileUrl(modulePath(specifier, context.file, context.docSet.config.siteDir), context);
}
