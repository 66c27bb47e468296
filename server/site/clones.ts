import fs from 'node:fs';
import path from 'node:path';

// A remote is cloned into `repos/{name}.git`; a re-clone (when packs pile up) goes into
// `repos/{name}.{generation}.git` and is swapped in, so readers of the old directory are never
// disturbed. The newest complete generation is the one to use after a restart.

/** The newest complete clone of `name` under `reposDir` (the first generation when none exists yet). */
export function currentClone(reposDir: string, name: string): string {
  return clonesOf(reposDir, name).at(-1)?.dir ?? path.join(reposDir, `${name}.git`);
}

/** Where the next re-clone of `name` goes. */
export function nextClone(reposDir: string, name: string): string {
  const last = clonesOf(reposDir, name).at(-1)?.generation ?? 0;
  return path.join(reposDir, `${name}.${last + 1}.git`);
}

/** Removes every clone of `name` but `keep` (older generations nobody reads any more). */
export function removeOtherClones(reposDir: string, name: string, keep: string): void {
  for (const { dir } of clonesOf(reposDir, name)) {
    if (path.resolve(dir) !== path.resolve(keep)) fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** How many packfiles a git directory holds: one more after every fetch. */
export function packCount(gitdir: string): number {
  try {
    return fs.readdirSync(path.join(gitdir, 'objects', 'pack')).filter((file) => file.endsWith('.pack')).length;
  } catch {
    return 0;
  }
}

function clonesOf(reposDir: string, name: string): { dir: string; generation: number }[] {
  if (!fs.existsSync(reposDir)) return [];
  const pattern = new RegExp(`^${name}(?:\\.(\\d+))?\\.git$`);
  return (
    fs
      .readdirSync(reposDir)
      .map((entry) => ({ entry, match: pattern.exec(entry) }))
      // Only complete clones: cloneOrOpen renames a clone into place once it has finished.
      .filter(({ entry, match }) => match && fs.existsSync(path.join(reposDir, entry, 'HEAD')))
      .map(({ entry, match }) => ({ dir: path.join(reposDir, entry), generation: Number(match![1] ?? 0) }))
      .sort((a, b) => a.generation - b.generation)
  );
}
