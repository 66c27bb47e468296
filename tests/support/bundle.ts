// The corpus's git bundle (the upstream repository with its real history), cloned into a temp
// folder for a test or a benchmark: the clone is made once and never copied into the project.
import { execFileSync } from 'node:child_process';
import { corpusBundle } from './requirements.js';

/** Runs git in `dir` with a fixed committer, answering its output without the final newline. */
export function gitIn(dir: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.org', ...args], { cwd: dir, stdio: 'pipe', maxBuffer: 256 << 20 })
    .toString()
    .replace(/\n$/, '');
}

/** Clones the bundle into `dir` (all its branches, `main` checked out), to be served as it is. */
export function cloneBundle(dir: string): string {
  execFileSync('git', ['clone', '-q', corpusBundle, dir], { stdio: 'pipe' });
  return dir;
}

/**
 * `count` distinct old commits of the clone's checked-out branch that have docs (first parents, from
 * about two months to about three years back), spread evenly: the permalinks nobody has read.
 */
export function oldCommits(dir: string, count: number): string[] {
  const commits = gitIn(dir, 'log', '--first-parent', '--format=%H', 'HEAD').split('\n');
  const from = 100;
  const to = Math.min(1000, commits.length - 1);
  const step = Math.max(1, Math.floor((to - from) / count));
  return Array.from({ length: count }, (_, i) => commits[from + i * step]);
}
