// A post with no date in its file name or front matter is dated by its file's first commit, as
// Docusaurus reads it from git (website-blog-without-date): not by the commit being served.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { blogsOf, openBlog } from '../server/site/blogs.js';
import { openSite } from './support/fixture-sites.js';
import { removeTempDirs, tempDir } from './support/repos.js';

afterAll(removeTempDirs);

/** Writes files and commits them at a given date with the git CLI. */
function commitAt(dir: string, files: Record<string, string>, date: string): void {
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
  const env = { ...process.env, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date };
  const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.org', ...args], { cwd: dir, env, stdio: 'pipe' });
  git('add', '-A');
  git('commit', '-q', '-m', `At ${date}`);
}

describe('an undated post', () => {
  it("takes its file's first commit's date, not the served commit's", async () => {
    const dir = path.join(tempDir('docsite-blog-dates-'), 'repo');
    fs.mkdirSync(dir, { recursive: true });
    execFileSync('git', ['init', '-q', '-b', 'main'], { cwd: dir });
    commitAt(
      dir,
      { 'docsite.yaml': 'title: Dates\ndocs: { path: docs, base: docs }\nblog: {}\n', 'docs/intro.md': '# Intro\n', 'blog/no date.md': 'No date.\n' },
      '2001-02-03T04:05:06Z',
    );
    commitAt(dir, { 'blog/no date.md': 'No date, edited.\n', 'blog/2020-01-01-dated.md': 'Dated.\n' }, '2022-02-02T00:00:00Z');
    const site = await openSite(dir);
    const snapshot = site.snapshot();
    const { blog } = await openBlog(site, snapshot.defaultCommit, blogsOf(snapshot.config)[0]);
    expect(blog.posts.map((post) => [post.permalink, post.date.toISOString()])).toEqual([
      ['/blog/2020/01/01/dated', '2020-01-01T00:00:00.000Z'],
      ['/blog/no date', '2001-02-03T04:05:06.000Z'],
    ]);
  });
});
