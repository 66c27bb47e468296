// Links and assets: `.md` links to permalinks on the same ref, repository files to content
// addresses (a file a Markdown link names at Docusaurus's `/assets/files/{name}-{md4}.{ext}`, where
// a site built with Docusaurus had it; others at /_assets/{oid}/{name}), tracker references to
// links, unversioned /docs/ links to the configured docs version.
import path from 'node:path/posix';
import type { Root, RootContent, Link, PhrasingContent } from 'mdast';
import { walk } from './walk.js';
import { docHref, urlHref, type RenderContext } from './context.js';
import { hashedAssetUrl, repoAssetUrl } from '../urls.js';
import { linkedFileType } from './asset-types.js';
import { markdownImageFile, markdownImageUrl } from './images.js';

export { ASSET_TYPES, assetType, linkedFileType } from './asset-types.js';

/** What resolving a link reads of a page's render context (the link report has no more). */
export type LinkContext = Pick<RenderContext, 'file' | 'docSet' | 'prefix'> & Partial<Pick<RenderContext, 'fileHashes'>>;

const EXTERNAL = /^[a-z][a-z0-9+.-]*:|^\/\//i;

/** The repository path a relative URL names, seen from a file; undefined if it leaves the repo. */
function repoPath(fromFile: string, url: string): string | undefined {
  let target: string;
  try {
    target = decodeURI(url);
  } catch {
    target = url;
  }
  const joined = path.normalize(path.join(path.dirname(fromFile), target));
  return joined.startsWith('..') || joined.startsWith('/') ? undefined : joined;
}

/**
 * Rewrites a link's URL for the reader: `.md`/`.mdx` files to their permalinks (keeping the
 * anchor), repository files to their content address, `/{base}/...` onto the ref being read, and
 * unversioned `/docs/` links to the configured version (Markdown links only, as upstream does).
 */
export function resolveHref(url: string, context: LinkContext, opts: { markdownLink?: boolean } = {}): string {
  if (!url || url.startsWith('#') || EXTERNAL.test(url)) return url;
  const [pathPart, hash = ''] = splitHash(url);
  const markdownFile = markdownTarget(pathPart.replace(/\?.*$/, ''), context);
  if (markdownFile) return docHref(context, markdownFile.permalink) + hash;
  if (url.startsWith('/')) {
    const version = context.docSet.config.docsVersion;
    if (opts.markdownLink && version && url.startsWith('/docs/') && !/\/docs\/\d+\.\d+/.test(url)) return `/docs/${version}/${url.slice(6)}`;
    // A file of the static folders a Markdown link names is at Docusaurus's hashed URL, as the site's build had it.
    const file = opts.markdownLink ? linkedFile(pathPart, context) : undefined;
    const md4 = file && context.fileHashes?.[file];
    return md4 ? hashedAssetUrl(file!.split('/').pop()!, md4) + hash : urlHref(context, underBaseUrl(url, context.docSet.config.baseUrl));
  }
  const clean = pathPart.replace(/\?.*$/, '');
  if (/\.mdx?$/i.test(clean)) return url;
  return assetUrl(clean, context) ?? url;
}

/**
 * The doc a `.md`/`.mdx` link names, as Docusaurus resolves it (../shared/DOCUSAURUS-VERSIONS.md
 * §2.6), within the version of the page that holds it: `@site/path` from the repository root,
 * `/path` from the version's docs folder then the root, `./` and `../` from the page's folder, a
 * bare name from the page's folder, the docs folder, then the root.
 */
function markdownTarget(path: string, context: LinkContext): { permalink: string } | undefined {
  if (!/\.mdx?$/i.test(path)) return undefined;
  const folder = `${context.docSet.location.path}/x`;
  // The site's folder (Docusaurus's siteDir) stands where Docusaurus's root is.
  const root = context.docSet.config.siteDir ? `${context.docSet.config.siteDir}/x` : 'x';
  const candidates = path.startsWith('@site/')
    ? [repoPath(root, path.slice('@site/'.length))]
    : path.startsWith('/')
      ? [repoPath(folder, path.slice(1)), repoPath(root, path.slice(1))]
      : path.startsWith('./') || path.startsWith('../')
        ? [repoPath(context.file, path)]
        : [repoPath(context.file, path), repoPath(folder, path), repoPath(root, path)];
  for (const candidate of candidates) {
    const doc = candidate ? context.docSet.bySourcePath.get(candidate) : undefined;
    if (doc) return doc;
  }
  return undefined;
}

/** A site path an author wrote below the site's base URL, as Docusaurus's Link puts it (`/docs/x` is `/project/docs/x` under `/project/`). */
function underBaseUrl(url: string, baseUrl: string | undefined): string {
  if (!baseUrl || baseUrl === '/' || url.startsWith(baseUrl) || `${url}/` === baseUrl) return url;
  return baseUrl.replace(/\/$/, '') + url;
}

/** The content address of a repository file a page references, if it exists and may be served. */
export function assetUrl(url: string, context: LinkContext): string | undefined {
  if (!url || EXTERNAL.test(url) || url.startsWith('/') || url.startsWith('#')) return undefined;
  const target = linkedFile(url, context);
  if (!target) return undefined;
  const name = target.split('/').pop()!;
  const md4 = context.fileHashes?.[target];
  return md4 ? hashedAssetUrl(name, md4) : repoAssetUrl(context.docSet.tree.get(target)!.oid, name);
}

/**
 * The repository file a link names, when it is one readers may be sent (server/site/views/asset.ts
 * serves nothing else): a file of a linked type, relative to the page in its docs folder, or at
 * `/x` in the static folders (the first that has it, as Docusaurus looks through them).
 */
export function linkedFile(url: string, context: LinkContext): string | undefined {
  const clean = url.replace(/[?#].*$/, '');
  if (!clean || EXTERNAL.test(clean) || !linkedFileType(clean.split('/').pop()!)) return undefined;
  if (clean.startsWith('/')) {
    for (const folder of context.docSet.config.staticDirectories) {
      const target = repoPath(`${folder.replace(/\/+$/, '')}/x`, clean.slice(1));
      if (target && context.docSet.tree.has(target)) return target;
    }
    return undefined;
  }
  const target = repoPath(context.file, clean);
  // A locale's translated page links files beside it, in its translations' folder.
  const { path, localized } = context.docSet.location;
  return target && context.docSet.tree.has(target) && (target.startsWith(`${path}/`) || (localized !== undefined && target.startsWith(`${localized}/`))) ? target : undefined;
}

/**
 * The link URLs a page's source writes (inline links that are not images, and every definition),
 * found without parsing it; bounded patterns, so a hostile page costs time in proportion to its length.
 */
export function markdownLinkUrls(source: string): string[] {
  const urls: string[] = [];
  for (const match of source.matchAll(/(?<!!)\[(?:[^[\]\\\n]|\\.|\[[^[\]\n]{0,200}\]){0,500}\]\(\s*(<[^>\n]{0,1000}>|[^\s)]{1,1000})/g)) urls.push(match[1]);
  for (const match of source.matchAll(/^ {0,3}\[[^\]\n]+\]:\s*(<[^>\n]*>|\S+)/gm)) urls.push(match[1]);
  return urls.map((url) => (url.startsWith('<') ? url.slice(1, -1) : url));
}

function splitHash(url: string): [string, string] {
  const at = url.indexOf('#');
  return at < 0 ? [url, ''] : [url.slice(0, at), url.slice(at)];
}

/** Rewrites every link, definition and image of the Markdown tree for the reader (see resolveHref). */
export function rewriteLinks(tree: Root, context: LinkContext & Pick<RenderContext, 'imageSizes'>): void {
  walk<RootContent>(tree, (node) => {
    if (node.type === 'link') node.url = resolveHref(node.url, context, { markdownLink: true });
    else if (node.type === 'image') {
      // Docusaurus writes the image's width and height (transformImage): read on the main thread (page-renderer.ts).
      const found = markdownImageFile(node.url, context);
      const size = found && context.imageSizes?.[found.file];
      node.url = markdownImageUrl(node.url, context) ?? node.url;
      if (size) node.data = { ...node.data, hProperties: { ...node.data?.hProperties, width: size.width, height: size.height } };
    } else if (node.type === 'definition') {
      // A definition serves links and images alike: resolved as a link, then as an asset.
      const url = resolveHref(node.url, context, { markdownLink: false });
      node.url = url.startsWith('/_assets/') ? url : (assetUrl(url, context) ?? url);
    }
  });
}

/**
 * Links tracker references (`ABC-123`) in text that is not already inside a link, with the
 * configured pattern and URL (docsite.yaml `trackerLinks`); inline code and code blocks are untouched.
 */
export function linkTrackerReferences(tree: Root, config: { pattern: string; url: string } | undefined): void {
  if (!config) return;
  let pattern: RegExp;
  try {
    pattern = new RegExp(config.pattern, 'g');
  } catch {
    return;
  }
  walk<RootContent>(tree, (node, index, parent) => {
    if (node.type !== 'text' || ('type' in parent && (parent.type === 'link' || parent.type === 'linkReference'))) return;
    pattern.lastIndex = 0;
    const parts: PhrasingContent[] = [];
    let last = 0;
    for (const match of node.value.matchAll(pattern)) {
      if (!match[0]) continue;
      if (match.index! > last) parts.push({ type: 'text', value: node.value.slice(last, match.index) });
      parts.push({ type: 'link', url: config.url.replaceAll('{id}', match[0]), children: [{ type: 'text', value: match[0] }] } satisfies Link);
      last = match.index! + match[0].length;
    }
    if (!parts.length) return;
    if (last < node.value.length) parts.push({ type: 'text', value: node.value.slice(last) });
    parent.children.splice(index, 1, ...parts);
    return index + parts.length;
  });
}
