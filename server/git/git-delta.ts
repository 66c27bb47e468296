// Git's delta format (pack entries of type OFS_DELTA and REF_DELTA): the sizes of the base and of
// the result, then instructions that copy a range of the base or insert literal bytes.

/** Applies a delta to its base, answering the object it encodes; throws on a corrupt delta. */
export function applyDelta(base: Uint8Array, delta: Uint8Array): Buffer {
  let at = 0;
  const size = (): number => {
    let value = 0;
    let shift = 0;
    let byte: number;
    do {
      byte = delta[at++];
      value += (byte & 0x7f) * 2 ** shift;
      shift += 7;
    } while (byte & 0x80);
    return value;
  };
  if (size() !== base.length) throw new Error('Corrupt delta: its base has another size');
  // Not allocUnsafe: a pooled slice would keep its whole 8 KiB pool alive in the base cache.
  const out = Buffer.allocUnsafeSlow(size());
  let written = 0;
  while (at < delta.length) {
    const op = delta[at++];
    if (op & 0x80) {
      // Copy: bits 0–3 say which bytes of the offset follow, bits 4–6 which bytes of the length.
      let offset = 0;
      let length = 0;
      for (let bit = 0; bit < 4; bit++) if (op & (1 << bit)) offset += delta[at++] * 2 ** (8 * bit);
      for (let bit = 0; bit < 3; bit++) if (op & (0x10 << bit)) length += delta[at++] * 2 ** (8 * bit);
      if (length === 0) length = 0x10000;
      if (offset + length > base.length || written + length > out.length) throw new Error('Corrupt delta: a copy past the end');
      out.set(base.subarray(offset, offset + length), written);
      written += length;
    } else if (op) {
      if (written + op > out.length || at + op > delta.length) throw new Error('Corrupt delta: an insert past the end');
      out.set(delta.subarray(at, at + op), written);
      at += op;
      written += op;
    } else {
      throw new Error('Corrupt delta: opcode 0');
    }
  }
  if (written !== out.length) throw new Error('Corrupt delta: the result is short');
  return out;
}
