// The scripts docsite itself runs inside QuickJS (the prelude, the shims), bundled by esbuild from
// text with the packages they import resolved in docsite's own node_modules, wherever it runs from.
import { createRequire } from 'node:module';
import path from 'node:path';
import { build, type BuildOptions } from 'esbuild';

/**
 * Bundles `contents` (named `sourcefile` in errors) into one script, its imports resolved from the
 * folder of docsite's `resolveFrom` package; `options` adds esbuild's own (format, minify...).
 */
export async function bundleScript(contents: string, sourcefile: string, resolveFrom: string, options: BuildOptions): Promise<string> {
  const resolveDir = path.dirname(createRequire(import.meta.url).resolve(resolveFrom));
  const result = await build({ stdin: { contents, loader: 'js', sourcefile, resolveDir }, bundle: true, write: false, target: 'es2020', logLevel: 'silent', ...options });
  return result.outputFiles![0].text;
}
