// "Last updated" of the embedded content: it is committed into DATA_DIR at start-up, so its dates
// come from the git checkout it sits in (this project's repository), and only for files that are
// exactly as committed there. Without a checkout (a container image) no page says anything.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import git from 'isomorphic-git';
import { afterAll, describe, expect, it } from 'vitest';
import { removeTempDirs, tempDir } from '../../tests/support/repos.js';
import { readServerConfig } from './env.js';
import { Site } from './site.js';

afterAll(removeTempDirs);

const page = (title: string) => `---\ntitle: ${title}\n---\n\nText.\n`;

/** Commits `files` into the checkout at `dir` as `name`, at `timestamp` (seconds). */
async function commit(dir: string, files: Record<string, string>, name: string, timestamp: number): Promise<void> {
  for (const [file, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), content);
    await git.add({ fs, dir, filepath: file });
  }
  await git.commit({ fs, dir, message: 'change', author: { name, email: `${name}@example.org`, timestamp, timezoneOffset: 0 } });
}

/** When each page of the embedded content in `contentDir` last changed, as the site says it. */
async function lastUpdatedOf(contentDir: string): Promise<Record<string, string>> {
  const site = await Site.open(readServerConfig({ CONTENT_DIR: contentDir, DATA_DIR: tempDir('docsite-data-'), RENDER_THREADS: '0' }));
  const docSet = await site.docs.docSet(site.snapshot().defaultCommit, 'default');
  const updates = await site.docs.lastUpdated(docSet);
  return Object.fromEntries([...updates].map(([file, update]) => [file, `${new Date(update.time).toISOString().slice(0, 10)} by ${update.author}`]));
}

describe('last updated of the embedded content', () => {
  it("comes from the project's history, for the files committed as they are served", async () => {
    const project = tempDir('docsite-project-');
    await git.init({ fs, dir: project, defaultBranch: 'main' });
    await commit(project, { 'content/general/a.md': page('A'), 'content/general/b.md': page('B'), 'README.md': 'x' }, 'Ada', Date.UTC(2024, 0, 5) / 1000);
    await commit(project, { 'content/general/b.md': page('B, again') }, 'Brian', Date.UTC(2025, 2, 7) / 1000);
    // Not committed: an edited page and a new one have no history that is true of them.
    fs.writeFileSync(path.join(project, 'content/general/a.md'), page('A, edited'));
    fs.writeFileSync(path.join(project, 'content/general/c.md'), page('C'));
    fs.writeFileSync(path.join(project, 'content/general/d.md'), page('D'));
    await commit(project, { 'content/general/d.md': page('D') }, 'Carol', Date.UTC(2025, 5, 1) / 1000);

    expect(await lastUpdatedOf(path.join(project, 'content'))).toEqual({ 'general/b.md': '2025-03-07 by Brian', 'general/d.md': '2025-06-01 by Carol' });
  });

  it('comes from the main repository for a linked worktree (`git worktree add`)', async () => {
    const project = tempDir('docsite-project-');
    await git.init({ fs, dir: project, defaultBranch: 'main' });
    await commit(project, { 'content/general/a.md': page('A') }, 'Ada', Date.UTC(2024, 0, 5) / 1000);
    const worktree = path.join(tempDir('docsite-worktree-'), 'wt');
    execFileSync('git', ['worktree', 'add', '-q', '-b', 'other', worktree], { cwd: project, stdio: 'pipe' });

    expect(await lastUpdatedOf(path.join(worktree, 'content'))).toEqual({ 'general/a.md': '2024-01-05 by Ada' });
  });

  it('says nothing without a checkout, as in the container image', async () => {
    const content = path.join(tempDir('docsite-content-'), 'content');
    fs.mkdirSync(path.join(content, 'general'), { recursive: true });
    fs.writeFileSync(path.join(content, 'general/a.md'), page('A'));

    expect(await lastUpdatedOf(content)).toEqual({});
  });
});
