// Lines of transpiled code back to the lines of the file a site's author wrote: esbuild reprints a
// TypeScript or JSX module (and adds its helpers on top), so the engine's line numbers are the
// output's. The source map's `mappings` give, for each output line, the source line it came from.

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** The values of one source map segment (base64 VLQ). */
function decodeSegment(segment: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = BASE64.indexOf(char);
    value += (digit & 31) << shift;
    if (digit & 32) shift += 5;
    else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

/** For each output line (index 0 is line 1), the 1-based source line its first mapped segment came from, or 0. */
export function lineMapOf(mappings: string): number[] {
  const lines: number[] = [];
  let sourceLine = 0;
  for (const line of mappings.split(';')) {
    let first = 0;
    for (const segment of line.split(',')) {
      if (!segment) continue;
      const values = decodeSegment(segment);
      if (values.length < 4) continue;
      sourceLine += values[2];
      if (!first) first = sourceLine + 1;
    }
    lines.push(first);
  }
  return lines;
}

/** The source line of output line `line` (1-based): the nearest mapped line at or above it, else `line`. */
export function sourceLineOf(map: readonly number[] | undefined, line: number): number {
  if (!map) return line;
  for (let index = Math.min(line, map.length) - 1; index >= 0; index--) if (map[index]) return map[index];
  return line;
}
