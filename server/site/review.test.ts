// The review views on a real repository: what a branch changed, and one page's rendered diff.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestRepo } from '../../tests/support/repos.js';
import { parseUrl } from '../urls.js';
import { readServerConfig } from './env.js';
import { grammarOf } from './http-cache.js';
import type { RequestContext } from './request.js';
import { Site } from './site.js';
import { apiChanges, changesView } from './views/changes.js';
import { diffView } from './views/diff.js';

const page = (title: string, body: string, extra = '') => `---\ntitle: ${title}\n${extra}---\n\n${body}\n`;
const long = (word: string) => Array.from({ length: 30 }, (_, i) => `Line ${i} about ${word}.`).join('\n\n');

describe('review views', () => {
  let dir: string;
  let site: Site;
  const context = (url: string): RequestContext => {
    const snapshot = site.snapshot();
    const parsed = new URL(url, 'http://x');
    return { site, snapshot, route: parseUrl(parsed.pathname, grammarOf(snapshot), parsed.searchParams), search: parsed.searchParams };
  };

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsite-review-'));
    const repo = await TestRepo.create(path.join(dir, 'repo'));
    await repo.commit({
      'general/intro.md': page('Introduction', 'The first words.\n\n## Setup\n\nRun it.', 'sidebar_position: 1\n'),
      'general/keep.md': page('Kept', 'Nothing changes here.'),
      'general/old.md': page('Old page', 'Going away.'),
      'general/moved.md': page('Moved page', long('moving')),
    });
    await repo.branch('feature/x');
    await repo.commit({
      'general/intro.md': page('Introduction', 'The first new words.\n\n## Setup\n\nRun it.\n\n:::note\n\nA new note.\n\n:::', 'sidebar_position: 2\ntags: [a]\n'),
      'general/new.md': page('New page', 'Brand new.'),
      'general/old.md': null,
      'general/moved.md': null,
      'general/guide/moved.md': page('Moved page', long('moving')),
      'general/guide/_category_.yml': 'label: Guide\n',
    });
    await repo.checkout('main');
    site = await Site.open(readServerConfig({ CONTENT_REPO: path.join(dir, 'repo'), DATA_DIR: path.join(dir, 'data'), RENDER_THREADS: '0', PREVIEW_BRANCHES: '*' }));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('lists exactly the pages a branch added, changed, removed and renamed, with links to each diff', async () => {
    const view = await changesView(context('/general/~feature%2Fx/changes'));
    expect(view.base.label).toMatch(/^the merge base with main/);
    expect(view.counts).toEqual({ added: 1, modified: 1, removed: 1, renamed: 1 });
    expect(view.pages.map(({ status, title, url, diffUrl, oldPath }) => ({ status, title, url, diffUrl, oldPath }))).toEqual([
      { status: 'renamed', title: 'Moved page', url: '/general/~feature%2Fx/guide/moved', diffUrl: '/general/~feature%2Fx/guide/moved?diff', oldPath: 'general/moved.md' },
      { status: 'modified', title: 'Introduction', url: '/general/~feature%2Fx/intro', diffUrl: '/general/~feature%2Fx/intro?diff', oldPath: null },
      { status: 'added', title: 'New page', url: '/general/~feature%2Fx/new', diffUrl: '/general/~feature%2Fx/new?diff', oldPath: null },
      { status: 'removed', title: 'Old page', url: expect.stringMatching(/^\/general\/@[0-9a-f]{12}\/old$/), diffUrl: '/general/~feature%2Fx/old?diff', oldPath: null },
    ]);
    expect(view.navigation).toEqual([{ status: 'added', kind: 'category', path: 'general/guide/_category_.yml', oldPath: null }]);
    // The renamed page also moved into the new category.
    expect(view.moved).toEqual([
      { title: 'Moved page', url: '/general/~feature%2Fx/guide/moved', from: expect.stringMatching(/› Moved page$/), to: expect.stringMatching(/› Guide › Moved page$/) },
    ]);
  });

  it('answers the same list as JSON, and nothing for a branch against itself', async () => {
    const answer = await apiChanges(context('/api/changes?ref=~feature/x'));
    expect(answer.pages.map((page) => page.status)).toEqual(['renamed', 'modified', 'added', 'removed']);
    const none = await apiChanges(context('/api/changes?ref=~feature/x&base=~feature/x'));
    expect(none.pages).toEqual([]);
  });

  it('renders the diff of a changed page with its front matter changes', async () => {
    const view = await diffView(context('/general/~feature%2Fx/intro?diff'));
    expect(view.status).toBe('modified');
    expect(view.frontMatter).toEqual([
      { field: 'sidebar_position', before: '1', after: '2' },
      { field: 'tags', before: null, after: '[ a ]' },
    ]);
    expect(view.html).toContain('The first <ins>new </ins>words.');
    expect(view.html).toMatch(/<ins class="diff-block"><div class="admonition[^"]*"/);
    expect(view.html).toContain('<h2 id="setup">Setup</h2>');
  });

  it('shows an added page inserted whole, a removed one deleted whole, and a renamed one against its old file', async () => {
    expect((await diffView(context('/general/~feature%2Fx/new?diff'))).html).toMatch(/^<ins class="diff-block"><p>Brand new\.<\/p><\/ins>$/);
    const removed = await diffView(context('/general/~feature%2Fx/old?diff'));
    expect(removed).toMatchObject({ status: 'removed', ref: { url: null } });
    expect(removed.html).toBe('<del class="diff-block"><p>Going away.</p></del>');
    const renamed = await diffView(context('/general/~feature%2Fx/guide/moved?diff'));
    expect(renamed).toMatchObject({ status: 'renamed', oldPath: 'general/moved.md', counts: { added: 0, removed: 0, changed: 0 } });
  });

  it('compares with any ref named by ?diff=, and says clearly when it names nothing', async () => {
    const reverse = await diffView(context('/general/intro?diff=~feature/x'));
    expect(reverse.html).toContain('The first <del>new </del>words.');
    await expect(diffView(context('/general/~feature%2Fx/intro?diff=~nope'))).rejects.toMatchObject({ status: 404 });
    await expect(diffView(context('/general/~feature%2Fx/intro?diff=@zz'))).rejects.toMatchObject({ status: 400 });
    await expect(changesView(context('/general/~feature%2Fx/changes?base=@0000000'))).rejects.toMatchObject({ status: 404 });
    await expect(diffView(context('/general/~feature%2Fx/nothing?diff'))).rejects.toMatchObject({ status: 404 });
  });
});
