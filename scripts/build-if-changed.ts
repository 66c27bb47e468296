/**
 * Builds (`npm run build`) only when the build is missing or its sources changed since it was made:
 * `npm start` runs it, so a restart with nothing changed starts in seconds instead of a minute. The
 * sources are every file the build reads (app, server, bin, public, the build scripts and
 * configuration, the lockfile), hashed by path and content into `build/.sources`.
 *
 *   npx tsx scripts/build-if-changed.ts     (run by `npm start`)
 */
import { execSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const SOURCES = ['app', 'server', 'bin', 'public', 'scripts', 'package-lock.json', 'package.json', 'remix.config.js', 'vite.config.ts', 'tsconfig.json'];
const STAMP = path.resolve('build/.sources');

/** Every file under `entry`, sorted, skipping tests (the build never reads them). */
function files(entry: string): string[] {
  if (!fs.existsSync(entry)) return [];
  if (!fs.statSync(entry).isDirectory()) return [entry];
  return fs
    .readdirSync(entry)
    .sort()
    .flatMap((name) => (/\.test\.tsx?$/.test(name) ? [] : files(path.join(entry, name))));
}

const hash = crypto.createHash('sha256');
for (const file of SOURCES.flatMap(files)) hash.update(`${file}\0`).update(fs.readFileSync(file));
const sources = hash.digest('hex');
const built = fs.existsSync('build/docsite.js') && fs.existsSync(STAMP) && fs.readFileSync(STAMP, 'utf8') === sources;
if (built) {
  console.log('build/ is up to date with the sources: not building again (delete build/ to force it).');
} else {
  execSync('npm run build', { stdio: 'inherit' });
  fs.writeFileSync(STAMP, sources);
}
