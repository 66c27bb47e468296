// The repository's static folders (docsite.yaml `staticDirectories`, Docusaurus's `static/`), served
// at the site root as Docusaurus copies them, and their `_redirects` file (Netlify syntax), both
// read from the default commit, so a push changes them at once. Only allow-listed types are served,
// never as an active document.
import { parseRedirects, type Redirects } from '../content/redirects.js';
import { safeDecode } from '../urls.js';
import type { Caches } from './caches/caches.js';
import type { DocsStore } from './docs-store.js';
import type { Repository } from '../git/repository.js';
import { isUnreadableFile, readFileContent } from '../git/file-content.js';
import { notFound } from './http-error.js';

/** Content types of the files a static folder may serve, by extension (no HTML, no script). */
const STATIC_TYPES: Readonly<Record<string, string>> = Object.assign(Object.create(null), {
  ico: 'image/x-icon',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  svg: 'image/svg+xml',
  pdf: 'application/pdf',
  json: 'application/json',
  webmanifest: 'application/manifest+json',
  txt: 'text/plain; charset=utf-8',
  xml: 'application/xml',
  woff: 'font/woff',
  woff2: 'font/woff2',
  ttf: 'font/ttf',
  otf: 'font/otf',
});

/** Extensions a static folder never serves: documents and scripts that would run on the site's origin. */
const NEVER_SERVED = new Set(['html', 'htm', 'xhtml', 'shtml', 'js', 'mjs', 'cjs', 'css', 'wasm']);

/** The type a static file is served with: its own when allow-listed, else a download (saved, never shown), as a `.pbix` a page links to. */
function staticType(extension: string): string | undefined {
  if (Object.hasOwn(STATIC_TYPES, extension)) return STATIC_TYPES[extension];
  return extension && !NEVER_SERVED.has(extension) ? 'application/octet-stream' : undefined;
}

/** Files of a static folder that configure the host rather than being served. */
const HOST_FILES = new Set(['_redirects', '_headers']);

/** A static file found for a URL path. */
export interface StaticFile {
  /** Its path in the repository. */
  path: string;
  oid: string;
  type: string;
}

/** The static file a URL path names at a commit (the first static folder that has it), or undefined. */
export async function staticFileAt(docs: DocsStore, commit: string, pathname: string): Promise<StaticFile | undefined> {
  const segments = pathname.split('/').slice(1).map(safeDecode);
  if (!segments.length || segments.some((segment) => !segment || segment === '.' || segment === '..' || segment.includes('\\'))) return undefined;
  const relative = segments.join('/');
  const name = segments[segments.length - 1]!;
  const extension = name.includes('.') ? name.split('.').pop()!.toLowerCase() : '';
  const type = staticType(extension);
  if (HOST_FILES.has(name) || !type) return undefined;
  const [config, tree] = await Promise.all([docs.configAt(commit), docs.treeAt(commit)]);
  for (const folder of config.staticDirectories) {
    const path = `${folder.replace(/\/+$/, '')}/${relative}`;
    const entry = tree.get(path);
    if (entry) return { path, oid: entry.oid, type };
  }
  return undefined;
}

/** A static file's bytes; a 404 that says why when its blob cannot be read (missing, damaged, a Git LFS pointer). */
export async function staticFileBytes(repository: Pick<Repository, 'readBlob'>, file: StaticFile): Promise<Uint8Array> {
  try {
    return await readFileContent(repository, file.oid);
  } catch (error) {
    if (isUnreadableFile(error)) throw notFound(`The file ${file.path} ${error.reason}.`);
    throw error;
  }
}

/** The headers a static file is sent with: its type, never sniffed, and no script for documents that could run one. */
export function staticHeaders(file: StaticFile, bytes: number): Record<string, string> {
  const headers: Record<string, string> = { 'Content-Type': file.type, 'Content-Length': String(bytes), 'X-Content-Type-Options': 'nosniff', ETag: `"${file.oid}"` };
  if (file.type === 'image/svg+xml' || file.type === 'application/xml')
    headers['Content-Security-Policy'] = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox";
  if (file.type === 'application/octet-stream') headers['Content-Disposition'] = `attachment; filename*=UTF-8''${encodeURIComponent(file.path.split('/').pop()!)}`;
  return headers;
}

/** The `_redirects` file of a commit's first static folder that has one (none: no rules), read once per blob. */
export async function redirectsAt(docs: DocsStore, caches: Caches, repository: () => Repository, commit: string): Promise<Redirects> {
  const [config, tree] = await Promise.all([docs.configAt(commit), docs.treeAt(commit)]);
  for (const folder of config.staticDirectories) {
    const path = `${folder.replace(/\/+$/, '')}/_redirects`;
    const entry = tree.get(path);
    if (!entry) continue;
    return caches.derive(
      entry.oid,
      `redirects:${path}`,
      async () => parseRedirects(new TextDecoder().decode(await repository().readBlob(entry.oid)), path),
      (redirects) => 500 + redirects.rules.length * 300,
    );
  }
  return { rules: [], problems: [] };
}
