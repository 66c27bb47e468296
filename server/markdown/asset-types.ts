// The file types pages may send readers to from the repository, with their content types.

/** File types served from the repository, with their content types (no prototype: `__proto__` is not a type). */
export const ASSET_TYPES: Readonly<Record<string, string>> = Object.assign(Object.create(null), {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  pdf: 'application/pdf',
});

/** The content type for an asset's file name, or undefined when it is not served. */
export function assetType(name: string): string | undefined {
  const extension = name.includes('.') ? name.split('.').pop()!.toLowerCase() : '';
  return Object.hasOwn(ASSET_TYPES, extension) ? ASSET_TYPES[extension] : undefined;
}
