import { describe, expect, it } from 'vitest';
import { imageSize } from './image-size.js';

/** Bytes from numbers and strings. */
function bytes(...parts: (number[] | string)[]): Uint8Array {
  return new Uint8Array(parts.flatMap((part) => (typeof part === 'string' ? [...part].map((c) => c.charCodeAt(0)) : part)));
}
const u32be = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const u16be = (n: number) => [(n >> 8) & 255, n & 255];
const u16le = (n: number) => [n & 255, (n >> 8) & 255];

describe('image sizes, as image-size reads them for Docusaurus', () => {
  it('reads PNG, GIF, JPEG and WebP headers', () => {
    expect(imageSize('a.png', bytes([137], 'PNG\r\n\x1a\n', u32be(13), 'IHDR', u32be(200), u32be(82)))).toEqual({ width: 200, height: 82 });
    expect(imageSize('a.gif', bytes('GIF89a', u16le(16), u16le(9)))).toEqual({ width: 16, height: 9 });
    // SOI, an APP0 segment of 16 bytes, then SOF0: length, precision, height, width.
    expect(imageSize('a.JPG', bytes([0xff, 0xd8, 0xff, 0xe0], u16be(16), new Array(14).fill(0), [0xff, 0xc0], u16be(17), [8], u16be(480), u16be(640), [3]))).toEqual({
      width: 640,
      height: 480,
    });
    // VP8X: flags and reserved bytes, then width-1 and height-1 in 24 bits each.
    expect(imageSize('a.webp', bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8X', [10, 0, 0, 0], [0, 0, 0, 0], [99, 0, 0], [49, 0, 0]))).toEqual({ width: 100, height: 50 });
  });

  it('reads an SVG root: width and height, else the viewBox', () => {
    expect(imageSize('a.svg', bytes('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="120px" height="40">'))).toEqual({ width: 120, height: 40 });
    expect(imageSize('a.svg', bytes('<svg viewBox="0 0 300 150" xmlns="http://www.w3.org/2000/svg">'))).toEqual({ width: 300, height: 150 });
    expect(imageSize('a.svg', bytes('<svg width="60" viewBox="0 0 300 150">'))).toEqual({ width: 60, height: 30 });
    expect(imageSize('a.svg', bytes('<svg width="50%">'))).toBeUndefined();
  });

  it('gives no size for a file that does not say, as Docusaurus does not choke on an invalid image', () => {
    expect(imageSize('a.png', bytes('not really a png'))).toBeUndefined();
    expect(imageSize('a.jpg', bytes([0xff, 0xd8]))).toBeUndefined();
    expect(imageSize('a.pdf', bytes('%PDF'))).toBeUndefined();
  });
});
