/**
 * Bundles the HTTP server (`build/docsite.js`), the render worker (`build/render-worker.js`) and
 * the clone process (`build/clone-main.js`) with their dependencies, so that starting them reads a
 * file each instead of about 700 modules
 * (docs/decisions/025-bundled-dependencies.md). Runs after the Remix build, whose imports it reads.
 *
 *   npx tsx scripts/bundle-server.ts     (run by `npm run build`)
 */
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

/**
 * Left to node_modules: Remix and React must be the very copies the app's build imports; piscina
 * and pino start workers from their own files; vite only runs in development; esbuild runs its own
 * binary and QuickJS loads its WebAssembly file from beside its module (the sandbox, decision 034);
 * sass is loaded by its worker from node_modules (server/markdown/sass-compile.ts).
 */
const EXTERNAL = ['@remix-run/*', 'react', 'react/*', 'react-dom', 'react-dom/*', 'piscina', 'pino', 'vite', 'esbuild', 'quickjs-emscripten-core', '@jitl/*', 'sass'];

/** The packages the Remix server build imports: kept external here too, so the process loads one copy. */
function packagesOfAppBuild(dir: string): string[] {
  const specifiers = new Set<string>();
  for (const file of fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.js'))) {
    const code = fs.readFileSync(path.join(dir, file), 'utf8');
    // Vite writes one import statement per line; dynamic imports may sit anywhere.
    for (const match of code.matchAll(/^import\b[^;]*?["']([^"']+)["'];?$|\bimport\(\s*["']([^"']+)["']\s*\)/gm)) {
      const specifier = match[1] ?? match[2];
      if (/^(@[\w.-]+\/)?[\w.-]+(\/[\w./-]+)?$/.test(specifier) && !specifier.startsWith('node:')) specifiers.add(specifier);
    }
  }
  return [...specifiers];
}

const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // Bundled CommonJS packages (express, iconv-lite) call require() for node's own modules.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  logLevel: 'warning',
} as const;

/**
 * Bundles one entry point to an ASCII-only file. V8 keeps a module's source for as long as the
 * module lives, at two bytes a character when any character is outside Latin-1: the server's
 * bundle took 7.6 MiB of heap instead of 3.8, and every render thread paid the same for its own.
 * esbuild escapes strings and names already; what it leaves (comments, a few regular expressions)
 * is escaped here as UTF-16 code units, which those read the same way.
 */
async function bundle(entryPoint: string, outfile: string, external: string[]): Promise<void> {
  const { outputFiles } = await build({ ...common, entryPoints: [entryPoint], outfile, external, write: false });
  const code = outputFiles[0].text.replace(/\\?[^\0-\x7f]/g, (match) => {
    // `\é` (an escaped character in a regular expression) would turn into a backslash and "u00e9".
    if (match.length > 1) throw new Error(`${outfile}: a non-ASCII character after a backslash cannot be escaped safely`);
    return `\\u${match.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
  fs.writeFileSync(outfile, code);
}

await bundle('bin/docsite.ts', 'build/docsite.js', [...EXTERNAL, ...packagesOfAppBuild('build/server')]);
// The worker's thread never loads the app.
await bundle('server/site/render-worker.ts', 'build/render-worker.js', EXTERNAL);
// A site's own code runs in a thread of its own (server/sandbox/sandbox.ts).
await bundle('server/sandbox/sandbox-worker.ts', 'build/sandbox-worker.js', EXTERNAL);
// A clone runs in a child process of its own (server/git/clone-process.ts).
await bundle('server/git/clone-main.ts', 'build/clone-main.js', EXTERNAL);
