/**
 * Compresses the built scripts and styles once, at brotli's highest level, beside each file
 * (`build/client/assets/x.js.br`). The server sends them to browsers that accept brotli
 * (bin/precompressed.ts); compressing on the fly would cost that level's CPU on every request, so
 * it uses a fast level instead, which is about 15% larger (docs/decisions/024-precompressed-assets.md).
 *
 *   npx tsx scripts/precompress.ts     (run by `npm run build`)
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dir = path.resolve('build/client/assets');
let before = 0;
let after = 0;
for (const name of fs.readdirSync(dir).filter((file) => /\.(js|css)$/.test(file))) {
  const source = fs.readFileSync(path.join(dir, name));
  const compressed = zlib.brotliCompressSync(source, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length },
  });
  fs.writeFileSync(path.join(dir, `${name}.br`), compressed);
  before += source.length;
  after += compressed.length;
}
console.log(`precompressed ${dir}: ${(before / 1024).toFixed(0)} KiB -> ${(after / 1024).toFixed(0)} KiB (brotli ${zlib.constants.BROTLI_MAX_QUALITY})`);
