// Reviewing a blog (issue 48), on the real server with a real repository: the link report checks
// posts as it checks docs (broken links and images at their line, front matter and authors'
// problems) and resolves links between docs and posts; a branch that adds and edits posts lists
// them in /api/changes, get_changes and on its changes pages, each with a rendered diff against its base;
// `docsite check-links` reports posts too.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type AppServer } from './support/app-server.js';
import { removeTempDirs, TestRepo, tempDir } from './support/repos.js';
import { answerOf, mcpClient } from './support/mcp.js';

const CONFIG = `title: Review blog
docs:
  path: docs
  base: docs
blog: {}
`;

const WELCOME = '---\ntitle: Welcome\nauthors: [ada, zed]\n---\n\nFirst words.\n\nSee [the intro](/docs/intro) and [nothing](/docs/nope).\n\n![a chart](./missing.png)\n';

interface Broken {
  source: string;
  permalink: string;
  line: number;
  url: string;
  reason: string;
}

describe('the blog in the review tools', () => {
  let app: AppServer;
  let dir: string;

  beforeAll(async () => {
    dir = path.join(tempDir('docsite-blog-review-'), 'site');
    const repo = await TestRepo.create(dir);
    await repo.commit({
      'docsite.yaml': CONFIG,
      'docs/intro.md':
        '# Intro\n\nRead [the welcome post](/blog/2024/01/10/welcome), [its second](/blog/2024/02/20/second#second-heading), [a lost heading](/blog/2024/02/20/second#first) and [a lost post](/blog/2024/01/11/lost).\n',
      'blog/authors.yml': 'ada:\n  name: Ada Lovelace\n',
      'blog/2024-01-10-welcome.md': WELCOME,
      'blog/2024-02-20-second.md': '---\ntitle: Second post\n---\n\n## Second heading\n\nBack to [the welcome](./2024-01-10-welcome.md) and [its tag page](/blog/tags/none).\n',
      'blog/wip.md': '---\ndate: 2024-05-01\ndraft: true\n---\n\nNot yet.\n',
    });
    await repo.branch('post/next');
    await repo.commit({
      'blog/2024-06-01-next.md': '# Next post\n\nWritten on a branch, after [the second](/blog/2024/02/20/second#second-heading).\n',
      'blog/2024-01-10-welcome.md': WELCOME.replace('First words.', 'Better first words.'),
    });
    await repo.checkout('main');
    app = await startApp({ CONTENT_REPO: dir, SYNC_INTERVAL: '0' });
  });
  afterAll(async () => {
    await app?.stop();
    removeTempDirs();
  });

  const json = async <T>(pathname: string): Promise<T> => {
    const response = await fetch(app.url + pathname);
    expect(response.status, pathname).toBe(200);
    return (await response.json()) as T;
  };
  const html = async (pathname: string) => {
    const response = await fetch(app.url + pathname);
    return { status: response.status, text: (await response.text()).replaceAll('<!-- -->', '') };
  };

  it("reports the posts' broken links and images at their lines, and resolves links between docs and posts", async () => {
    const report = await json<{ pages: number; broken: Broken[]; problems: { file: string; message: string }[] }>('/api/links');
    const found = report.broken.map(({ source, line, url }) => `${source}:${line} ${url}`);
    expect(found).toContain('blog/2024-01-10-welcome.md:8 /docs/nope');
    expect(found).toContain('blog/2024-01-10-welcome.md:10 ./missing.png');
    // A doc's link to a missing post is broken; to a post that exists (and a heading it has), it is not.
    expect(found).toContain('docs/intro.md:3 /blog/2024/01/11/lost');
    expect(found).not.toContain('docs/intro.md:3 /blog/2024/01/10/welcome');
    expect(found).not.toContain('docs/intro.md:3 /blog/2024/02/20/second#second-heading');
    // A post's anchor is checked against its headings.
    expect(report.broken.find((link) => link.url === '/blog/2024/02/20/second#first')?.reason).toBe('no heading #first on /blog/2024/02/20/second');
    // A post's links to a doc, to another post's file and to a tag page the blog does not have.
    expect(found).not.toContain('blog/2024-01-10-welcome.md:8 /docs/intro');
    expect(found).not.toContain('blog/2024-02-20-second.md:7 ./2024-01-10-welcome.md');
    expect(found).toContain('blog/2024-02-20-second.md:7 /blog/tags/none');
    expect(report.broken.find((link) => link.url === '/docs/nope')?.permalink).toBe('/blog/2024/01/10/welcome');
    // The draft is not published, so not checked; the doc and two posts are.
    expect(report.pages).toBe(3);
    expect(report.problems.some((problem) => problem.file === 'blog/2024-01-10-welcome.md' && problem.message.includes('zed'))).toBe(true);
  });

  it("gives a branch's posts at their URLs on the branch, on the links page and in its JSON", async () => {
    const report = await json<{ broken: Broken[] }>(`/api/links?ref=${encodeURIComponent('~post/next')}`);
    expect(report.broken.find((link) => link.url === '/docs/nope')?.permalink).toBe('/blog/~post%2Fnext/2024/01/10/welcome');
    // The branch's new post links to an anchor that exists: nothing broken in it.
    expect(report.broken.filter((link) => link.source === 'blog/2024-06-01-next.md')).toEqual([]);
    const page = await html('/docs/~post%2Fnext/links');
    expect(page.status).toBe(200);
    expect(page.text).toMatch(/<a [^>]*href="\/blog\/~post%2Fnext\/2024\/01\/10\/welcome"[^>]*>Welcome<\/a>/);
  });

  it('lists the posts a branch adds and edits in /api/changes, on the branch and with their diffs', async () => {
    const changes = await json<{ pages: unknown[]; posts: { status: string; title: string; url: string; diffUrl: string; path: string }[] }>(
      `/api/changes?ref=${encodeURIComponent('~post/next')}`,
    );
    expect(changes.pages).toEqual([]);
    expect(changes.posts).toEqual([
      {
        blog: 'default',
        status: 'modified',
        title: 'Welcome',
        url: '/blog/~post%2Fnext/2024/01/10/welcome',
        diffUrl: '/blog/~post%2Fnext/2024/01/10/welcome?diff',
        path: 'blog/2024-01-10-welcome.md',
        oldPath: null,
      },
      {
        blog: 'default',
        status: 'added',
        title: 'Next post',
        url: '/blog/~post%2Fnext/2024/06/01/next',
        diffUrl: '/blog/~post%2Fnext/2024/06/01/next?diff',
        path: 'blog/2024-06-01-next.md',
        oldPath: null,
      },
    ]);
    // The docs' changes page of the branch lists them too.
    const page = await html('/docs/~post%2Fnext/changes');
    expect(page.text).toContain('Blog posts');
    expect(page.text).toMatch(/<a href="\/blog\/~post%2Fnext\/2024\/06\/01\/next">Next post<\/a>/); // An agent's get_changes gives them with absolute URLs.
    const client = await mcpClient(app.url);
    const answer = await answerOf(client, 'get_changes', { ref: '~post/next' });
    await client.close();
    expect(answer.posts.map((post: { title: string; url: string }) => [post.title, post.url])).toEqual([
      ['Welcome', `${app.url}/blog/~post%2Fnext/2024/01/10/welcome`],
      ['Next post', `${app.url}/blog/~post%2Fnext/2024/06/01/next`],
    ]);
  });

  it("shows a post's rendered diff against its base, linked from the blog's changes page", async () => {
    const changed = await html('/blog/~post%2Fnext/2024/01/10/welcome?diff');
    expect(changed.status).toBe(200);
    expect(changed.text).toContain('This page changed');
    expect(changed.text).toMatch(/<ins[^>]*>[^<]*Better/);
    expect(changed.text).toContain('the merge base with main');
    const added = await html('/blog/~post%2Fnext/2024/06/01/next?diff');
    expect(added.text).toContain('This page is new');
    expect(added.text).toMatch(/<ins[^>]*>[\s\S]*Written on a branch/);
    // A post that starts with its own h1 shows it once.
    expect(added.text.match(/<h1\b/g)).toHaveLength(1);
    expect((await html('/blog/~post%2Fnext/2024/01/11/lost?diff')).status).toBe(404);
    // Against another ref by name: the published post compared with the branch's, the branch's words struck.
    const against = await html('/blog/2024/01/10/welcome?diff=~post%2Fnext');
    expect(against.text).toContain('compared with <strong>branch post/next</strong>');
    expect(against.text).toMatch(/<del[^>]*>[^<]*Better/);
    // The default ref's first commit has nothing before it.
    expect((await html('/blog/2024/01/10/welcome?diff')).status).toBe(404);
    const page = await html('/blog/~post%2Fnext/changes');
    expect(page.text).toContain('href="/blog/~post%2Fnext/2024/06/01/next?diff"');
    expect(page.text).toContain('href="/blog/~post%2Fnext/2024/01/10/welcome?diff"');
  });

  it('reports posts in `docsite check-links`, failing on their broken links', async () => {
    const env = { ...process.env, CONTENT_REPO: dir, DATA_DIR: tempDir('docsite-cli-'), LOG_LEVEL: 'error' };
    const run = promisify(execFile)('node', [path.resolve('build/docsite.js'), 'check-links'], { env });
    const failed = (await run.then(() => undefined).catch((error: { code: number; stdout: string }) => error))!;
    expect(failed.code).toBe(1);
    expect(failed.stdout).toContain('blog/2024-01-10-welcome.md:8: /docs/nope (no page /docs/nope)');
    expect(failed.stdout).toContain('docs/intro.md:3: /blog/2024/01/11/lost (no page /blog/2024/01/11/lost)');
  });
});
