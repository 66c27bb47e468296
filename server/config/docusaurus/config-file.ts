// Where a repository's Docusaurus site is: its `docusaurus.config.*` at the root, else the one in a
// folder (17 of 33 public sites surveyed keep theirs in `website/`, `home/`, `packages/website/`...),
// else the folder the operator names. The site's folder is what Docusaurus calls `siteDir`: every
// path of its config, versioned docs, static folders and `@site/` imports are relative to it.
import type { Problem } from '../../problem.js';

/** The file names Docusaurus reads its configuration from, in its order. */
export const DOCUSAURUS_CONFIG_FILES = [
  'docusaurus.config.js',
  'docusaurus.config.mjs',
  'docusaurus.config.cjs',
  'docusaurus.config.ts',
  'docusaurus.config.mts',
  'docusaurus.config.cts',
];

/** A site's config file and its folder (`''` at the root), or why none could be chosen. */
export type SiteConfigFile = { file: string; siteDir: string } | { problem: Problem } | undefined;

/** Folders no site is looked for in: installed packages, hidden and `_`-prefixed folders (fixtures, caches). */
const SKIPPED = /(^|\/)(node_modules|\.[^/]*|_[^/]*)\//;

/** How deep below the root a site is looked for (`packages/docs/website/`). */
const MAX_DEPTH = 4;

/** The config file of the folder `dir` among `paths`, in Docusaurus's order of names. */
function configIn(paths: ReadonlySet<string>, dir: string): string | undefined {
  const prefix = dir ? `${dir}/` : '';
  return DOCUSAURUS_CONFIG_FILES.map((name) => prefix + name).find((file) => paths.has(file));
}

/**
 * The Docusaurus config of a commit whose files are `paths`: in `siteDir` when one is named (the
 * operator's), else at the root, else the shallowest folder that holds one; several at the same
 * depth are a problem, never a guess. Undefined when the commit has none.
 */
export function findSiteConfig(paths: ReadonlySet<string>, siteDir?: string): SiteConfigFile {
  if (siteDir !== undefined) {
    const dir = siteDir.replace(/^\/+|\/+$/g, '');
    const file = configIn(paths, dir);
    return file ? { file, siteDir: dir } : undefined;
  }
  const atRoot = configIn(paths, '');
  if (atRoot) return { file: atRoot, siteDir: '' };
  const byDepth = new Map<number, Set<string>>();
  for (const path of paths) {
    const name = path.slice(path.lastIndexOf('/') + 1);
    if (!DOCUSAURUS_CONFIG_FILES.includes(name) || SKIPPED.test(path)) continue;
    const dir = path.slice(0, path.lastIndexOf('/'));
    const depth = dir.split('/').length;
    if (depth > MAX_DEPTH) continue;
    byDepth.set(depth, (byDepth.get(depth) ?? new Set()).add(dir));
  }
  if (!byDepth.size) return undefined;
  const folders = [...byDepth.get(Math.min(...byDepth.keys()))!].sort();
  if (folders.length === 1) return { file: configIn(paths, folders[0])!, siteDir: folders[0] };
  const message = `the repository has no docusaurus.config at its root and several sites at the same depth (${folders.join(', ')}): name one with siteDir in the operator's docsite.yaml`;
  return { problem: { code: 'site-config', file: configIn(paths, folders[0])!, message } };
}
