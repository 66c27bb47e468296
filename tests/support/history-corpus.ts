// The upstream repository with its real history (../shared/corpus/moodle-devdocs.bundle, 3,317
// commits), cloned into a temp folder with the site configuration committed on top, as the README's
// "Serving the upstream Moodle developer docs" says. Never copied into the project.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { corpusDir } from './requirements.js';
import { tempDir } from './repos.js';

/** The bundle of the upstream repository. */
export const historyBundle = path.join(corpusDir, 'moodle-devdocs.bundle');

/** True when the bundle is present; throws when the corpus is required (REQUIRE_CORPUS=1) but it is missing. */
export function hasHistoryBundle(): boolean {
  if (fs.existsSync(historyBundle)) return true;
  if (process.env.REQUIRE_CORPUS === '1') throw new Error(`REQUIRE_CORPUS=1 but ${historyBundle} is missing`);
  console.warn(`Skipping: ${historyBundle} is not available. Set REQUIRE_CORPUS=1 to make this a failure.`);
  return false;
}

/** A clone of the bundle in a temp folder (removed by removeTempDirs), with docsite.yaml and sidebars.yaml committed. */
export function historyRepo(): string {
  const dir = path.join(tempDir('docsite-history-'), 'devdocs');
  const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.org', ...args], { cwd: dir, encoding: 'utf8', stdio: 'pipe' });
  execFileSync('git', ['clone', '-q', historyBundle, dir], { stdio: 'pipe' });
  for (const file of ['docsite.yaml', 'sidebars.yaml']) fs.copyFileSync(path.resolve('examples/moodle-devdocs', file), path.join(dir, file));
  git('add', 'docsite.yaml', 'sidebars.yaml');
  git('commit', '-q', '-m', 'docsite configuration');
  return dir;
}

/**
 * `count` distinct old commits of the default branch that have docs (first parents, from about two
 * months to about three years back), spread evenly: the permalinks nobody has read.
 */
export function oldCommits(dir: string, count: number): string[] {
  const commits = execFileSync('git', ['log', '--first-parent', '--format=%H', 'HEAD'], { cwd: dir, encoding: 'utf8' }).trim().split('\n');
  const from = 100;
  const to = Math.min(1000, commits.length - 1);
  const step = Math.max(1, Math.floor((to - from) / count));
  return Array.from({ length: count }, (_, i) => commits[from + i * step]);
}
