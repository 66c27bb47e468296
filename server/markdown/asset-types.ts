// The file types pages may send readers to from the repository, with their content types: images,
// PDFs, media, and text and archives a page offers for download.

/** File types served from the repository, with their content types (no prototype: `__proto__` is not a type). */
export const ASSET_TYPES: Readonly<Record<string, string>> = Object.assign(Object.create(null), {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  svg: 'image/svg+xml',
  ico: 'image/x-icon',
  pdf: 'application/pdf',
  // Fonts a site's stylesheet loads from its own folders (a CSS module's @font-face).
  woff2: 'font/woff2',
  woff: 'font/woff',
  ttf: 'font/ttf',
  otf: 'font/otf',
  // Files a page offers for download or reading (Docusaurus publishes any file a Markdown link names):
  // text shown as text, never as a document that could run a script.
  txt: 'text/plain; charset=utf-8',
  csv: 'text/plain; charset=utf-8',
  json: 'text/plain; charset=utf-8',
  yml: 'text/plain; charset=utf-8',
  yaml: 'text/plain; charset=utf-8',
  zip: 'application/zip',
  gz: 'application/gzip',
  tgz: 'application/gzip',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mp3: 'audio/mpeg',
});

/** Types a browser should save rather than show. */
export const DOWNLOAD_TYPES = new Set(['application/zip', 'application/gzip', 'application/octet-stream']);

/** The content type for an asset's file name, or undefined when it is not served. */
export function assetType(name: string): string | undefined {
  const extension = name.includes('.') ? name.split('.').pop()!.toLowerCase() : '';
  return Object.hasOwn(ASSET_TYPES, extension) ? ASSET_TYPES[extension] : undefined;
}

/**
 * The type a file a page links to is served with: its allow-listed type, else a download
 * (`application/octet-stream`, saved and never shown) for any other file with an extension (a
 * `.pbix`, a `.php` example), as Docusaurus publishes any file a Markdown link names. Pages are not files.
 */
export function linkedFileType(name: string): string | undefined {
  return assetType(name) ?? (/\.[a-z0-9]+$/i.test(name) && !/\.mdx?$/i.test(name) ? 'application/octet-stream' : undefined);
}
