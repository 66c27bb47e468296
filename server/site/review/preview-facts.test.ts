// What a pull request's report says about posts (issue 48): a branch that adds a post and removes
// another lists both with their URLs on the branch (a removed one on its base: here main's tip, at
// the blog's root) and their diffs, and
// counts the broken link its new post introduces but not the one main already had.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestRepo } from '../../../tests/support/repos.js';
import { readServerConfig } from '../env.js';
import { Site } from '../site.js';
import { previewFacts } from './preview-facts.js';

const post = (title: string, body: string) => `---\ntitle: ${title}\n---\n\n${body}\n`;

describe("a branch's posts in its preview report", () => {
  let dir: string;
  let site: Site;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsite-facts-'));
    const repo = await TestRepo.create(path.join(dir, 'repo'));
    await repo.commit({
      'docsite.yaml': 'title: Facts\ndocs:\n  path: docs\n  base: docs\nblog: {}\n',
      'docs/intro.md': '# Intro\n\nThe docs.\n',
      'blog/2024-01-10-old.md': post('Old post', 'Links to [nowhere](/docs/gone), as it always did.'),
      'blog/2024-02-20-kept.md': post('Kept post', 'Stays.'),
    });
    await repo.branch('post/new');
    await repo.commit({ 'blog/2024-03-01-new.md': post('New post', 'Points at [a missing page](/docs/missing).'), 'blog/2024-01-10-old.md': null });
    await repo.checkout('main');
    site = await Site.open(readServerConfig({ CONTENT_REPO: path.join(dir, 'repo'), DATA_DIR: path.join(dir, 'data'), RENDER_THREADS: '0', PREVIEW_BRANCHES: '*' }));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('lists the posts the branch adds and removes, and the broken link it introduces', async () => {
    const facts = (await previewFacts(site, 'post/new'))!;
    expect(facts.pages).toEqual([
      { status: 'removed', title: 'Old post', path: '/blog/2024/01/10/old', diffPath: '/blog/~post%2Fnew/2024/01/10/old?diff', file: 'blog/2024-01-10-old.md', oldFile: null },
      {
        status: 'added',
        title: 'New post',
        path: '/blog/~post%2Fnew/2024/03/01/new',
        diffPath: '/blog/~post%2Fnew/2024/03/01/new?diff',
        file: 'blog/2024-03-01-new.md',
        oldFile: null,
      },
    ]);
    // No docs page changed: "All changes" opens the blog's changes page.
    expect(facts.changesPath).toBe('/blog/~post%2Fnew/changes');
    expect(facts.broken).toEqual([
      { file: 'blog/2024-03-01-new.md', pagePath: '/blog/~post%2Fnew/2024/03/01/new', line: 5, url: '/docs/missing', reason: 'no page /docs/missing' },
    ]);
  });
});
