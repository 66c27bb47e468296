// An image's width and height read from its first bytes (PNG, GIF, JPEG, WebP) or its root element
// (SVG), as Docusaurus's transformImage gets them (image-size) to write `width` and `height` on
// Markdown images, so pages do not move as images load. Undefined when the file does not say.

/** Pixel dimensions of an image. */
export interface ImageSize {
  width: number;
  height: number;
}

/** The dimensions of an image file's bytes, by its extension; undefined when unknown or unreadable. */
export function imageSize(name: string, bytes: Uint8Array): ImageSize | undefined {
  const extension = name.split('.').pop()?.toLowerCase();
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  try {
    if (extension === 'png') return valid(view.getUint32(16), view.getUint32(20), ascii(bytes, 12, 4) === 'IHDR');
    if (extension === 'gif') return valid(view.getUint16(6, true), view.getUint16(8, true), ascii(bytes, 0, 3) === 'GIF');
    if (extension === 'jpg' || extension === 'jpeg') return jpegSize(bytes, view);
    if (extension === 'webp') return webpSize(bytes, view);
    if (extension === 'svg') return svgSize(new TextDecoder().decode(bytes.subarray(0, 4096)));
  } catch {
    // Too short for its header: no size, as image-size gives none.
  }
  return undefined;
}

/** The size when both numbers are positive and the header was recognised. */
function valid(width: number, height: number, recognised = true): ImageSize | undefined {
  return recognised && width > 0 && height > 0 ? { width, height } : undefined;
}

/** `length` bytes from `start` as ASCII text. */
function ascii(bytes: Uint8Array, start: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(start, start + length));
}

/** A JPEG's size from its first start-of-frame segment. */
function jpegSize(bytes: Uint8Array, view: DataView): ImageSize | undefined {
  if (view.getUint16(0) !== 0xffd8) return undefined;
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return undefined;
    const marker = bytes[at + 1];
    // SOF0-SOF15, except DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) return valid(view.getUint16(at + 7), view.getUint16(at + 5));
    at += 2 + view.getUint16(at + 2);
  }
  return undefined;
}

/** A WebP's size from its VP8, VP8L or VP8X chunk. */
function webpSize(bytes: Uint8Array, view: DataView): ImageSize | undefined {
  if (ascii(bytes, 0, 4) !== 'RIFF' || ascii(bytes, 8, 4) !== 'WEBP') return undefined;
  const chunk = ascii(bytes, 12, 4);
  const u24 = (at: number) => bytes[at] | (bytes[at + 1] << 8) | (bytes[at + 2] << 16);
  if (chunk === 'VP8X' && bytes.length >= 30) return valid(1 + u24(24), 1 + u24(27));
  if (chunk === 'VP8L') {
    const bits = view.getUint32(21, true);
    return valid(1 + (bits & 0x3fff), 1 + ((bits >> 14) & 0x3fff));
  }
  if (chunk === 'VP8 ') return valid(view.getUint16(26, true) & 0x3fff, view.getUint16(28, true) & 0x3fff);
  return undefined;
}

/** An SVG's size from its root's `width` and `height` (px or unitless), else its `viewBox`. */
function svgSize(text: string): ImageSize | undefined {
  const root = /<svg\b[^>]*>/i.exec(text)?.[0];
  if (!root) return undefined;
  const attribute = (name: string) => new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`, 'i').exec(root)?.[1];
  const pixels = (value: string | undefined) => (value && /^\s*[\d.]+\s*(px)?\s*$/.test(value) ? Math.round(Number.parseFloat(value)) : undefined);
  const box = attribute('viewBox')
    ?.trim()
    .split(/[\s,]+/)
    .map(Number);
  const ratio = box && box.length === 4 && box[2] > 0 && box[3] > 0 ? box[2] / box[3] : undefined;
  const width = pixels(attribute('width'));
  const height = pixels(attribute('height'));
  if (width && height) return valid(width, height);
  if (width && ratio) return valid(width, Math.round(width / ratio));
  if (height && ratio) return valid(Math.round(height * ratio), height);
  return box && ratio ? valid(Math.round(box[2]), Math.round(box[3])) : undefined;
}
