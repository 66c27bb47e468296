// Reviewing a branch (issue 16): the link report of a ref (HTML, JSON and `docsite check-links`),
// a page's history following renames, and the redirect from a renamed page's old URL, on real git
// repositories served by the built server.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linksAnswerSchema } from '../server/site/schema.js';
import { startApp, type AppServer } from './support/app-server.js';
import { removeTempDirs, TestRepo, tempDir } from './support/repos.js';

const page = (title: string, body: string) => `---\ntitle: ${title}\n---\n\n${body}\n`;
const SITE = 'title: Review\nversions:\n  - name: current\n    isLast: true\n  - name: "1.0"\n    ref: v1.0\n';
const GUIDE = page('Guide', '## Install\n\nHow to install.\n\n## Upgrade\n\nHow to upgrade.');

/** Runs `docsite check-links` on a repository; its exit code and output. */
async function checkLinks(repo: string, ...args: string[]): Promise<{ code: number; output: string }> {
  const env = { ...process.env, CONTENT_REPO: repo, DATA_DIR: tempDir('docsite-cli-'), LOG_LEVEL: 'error' };
  try {
    const { stdout } = await promisify(execFile)('node', [path.resolve('build/docsite.js'), 'check-links', ...args], { env });
    return { code: 0, output: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

describe('reviewing a branch', () => {
  let app: AppServer;
  let repo: TestRepo;
  const commits: string[] = [];

  beforeAll(async () => {
    repo = await TestRepo.create(path.join(tempDir('docsite-review-'), 'docs'));
    commits.push(
      await repo.commit(
        {
          'docsite.yaml': SITE,
          'general/intro.md': page('Introduction', 'Read the [guide](./old-guide.md#install).'),
          'general/old-guide.md': GUIDE,
          'general/legacy.md': page('Legacy', 'Only in 1.0.'),
        },
        'Add the guide',
      ),
    );
    await repo.annotatedTag('v1.0');
    commits.push(await repo.commit({ 'general/old-guide.md': `${GUIDE}\nMore.`, 'general/legacy.md': null }, 'Expand the guide'));
    commits.push(
      await repo.commit(
        { 'general/old-guide.md': null, 'general/guides/setup.md': `${GUIDE}\nMore.`, 'general/intro.md': page('Introduction', 'Read the [guide](./guides/setup.md#install).') },
        'Move the guide',
      ),
    );
    commits.push(await repo.commit({ 'general/guides/setup.md': `${GUIDE}\nMore, after the move.` }, 'Edit the moved guide'));
    await repo.branch('broken');
    await repo.commit(
      {
        'general/intro.md': page(
          'Introduction',
          'Read the [guide](./guides/setup.md#install).\n\nSee [nothing](./missing.md) and [a section](./guides/setup.md#downgrade), or [the 1.0 page](/general/1.0/legacy).',
        ),
      },
      'Break two links',
    );
    await repo.checkout('main');
    app = await startApp({ CONTENT_REPO: repo.dir, SYNC_INTERVAL: '0' });
  });
  afterAll(async () => {
    await app?.stop();
    removeTempDirs();
  });

  it('reports exactly the broken link and the broken anchor of a branch, in HTML and JSON', async () => {
    const json = await (await fetch(`${app.url}/api/links?ref=~broken`)).json();
    expect(json.broken).toEqual([
      { source: 'general/intro.md', permalink: '/general/~broken/intro', line: 7, url: './missing.md', reason: 'no page file ./missing.md' },
      { source: 'general/intro.md', permalink: '/general/~broken/intro', line: 7, url: './guides/setup.md#downgrade', reason: 'no heading #downgrade on /general/guides/setup' },
    ]);
    expect(json).toMatchObject({ branch: 'broken', pages: 2, links: 4, brokenCount: 2 });
    expect(() => linksAnswerSchema.parse(json)).not.toThrow();
    const main = await (await fetch(`${app.url}/api/links`)).json();
    expect(main).toMatchObject({ brokenCount: 0, broken: [] });

    const res = await fetch(`${app.url}/general/~broken/links`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('2 broken links');
    expect(html).toContain('Line <!-- -->7<!-- -->: <code>./missing.md</code>');
    expect(html).toContain('no heading #downgrade on /general/guides/setup');
    expect(html).toContain('href="/general/~broken/intro"');
  });

  it('check-links --json answers what /api/links answers (before the branch is fixed below): one schema, the same keys and values', async () => {
    const cli = JSON.parse((await checkLinks(repo.dir, '--ref', 'broken', '--json')).output);
    const api = await (await fetch(`${app.url}/api/links?ref=~broken`)).json();
    expect(() => linksAnswerSchema.parse(cli)).not.toThrow();
    expect(Object.keys(cli)).toEqual(Object.keys(api));
    expect(cli).toEqual(api);
  });

  it('check-links exits 1 on a broken link and 0 once it is fixed', async () => {
    const broken = await checkLinks(repo.dir, '--ref', 'broken');
    expect(broken.code).toBe(1);
    expect(broken.output).toContain('general/intro.md:7: ./missing.md (no page file ./missing.md)');
    expect(broken.output).toContain('2 broken of 4 links');
    await repo.checkout('broken');
    await repo.commit({ 'general/intro.md': page('Introduction', 'Read the [guide](./guides/setup.md#upgrade).') }, 'Fix the links');
    await repo.checkout('main');
    const fixed = await checkLinks(repo.dir, '--ref', 'broken');
    expect(fixed.output).toContain('0 broken of 1 links');
    expect(fixed.code).toBe(0);
    expect((await checkLinks(repo.dir, '--ref', 'no-such-branch')).code).toBe(2);
    const nowhere = await checkLinks('/nonexistent/site');
    expect([nowhere.code, nowhere.output.trim()]).toEqual([
      2,
      expect.stringMatching(/^docsite check-links: CONTENT_REPO="\/nonexistent\/site": \/nonexistent\/site does not exist; give /),
    ]);
  });

  it('shows the history of a renamed page, with the commits from before the rename', async () => {
    const res = await fetch(`${app.url}/general/guides/setup?history`);
    expect(res.status).toBe(200);
    const html = await res.text();
    const subjects = [...html.matchAll(/<p class="history-subject">([^<]*)<\/p>/g)].map((match) => match[1]);
    expect(subjects).toEqual(['Edit the moved guide', 'Move the guide', 'Expand the guide', 'Add the guide']);
    expect(html).toContain('renamed from <code>general/old-guide.md</code>');
    // Each entry opens the page at its commit (under the name it had then) and the diff with the commit before.
    expect(html).toContain(`href="/general/@${commits[3]}/guides/setup"`);
    expect(html).toContain(`href="/general/@${commits[0]}/old-guide"`);
    expect(html).toContain(`href="/general/@${commits[1]}/old-guide?diff=@${commits[0]}"`);
    // The first commit added the file: nothing to compare it with.
    expect(html).not.toContain(`/general/@${commits[0]}/old-guide?diff`);
    // Any page number is read safely; a page past the end is empty, and a missing page has no history.
    for (const query of ['page=abc', 'page=-3', 'page=1e9', 'page=%00']) expect((await fetch(`${app.url}/general/guides/setup?history&${query}`)).status).toBe(200);
    expect((await fetch(`${app.url}/general/no-such-page?history`)).status).toBe(404);
    // Every page links to its history.
    expect(await (await fetch(`${app.url}/general/guides/setup`)).text()).toContain('href="/general/guides/setup?history"');
  });

  it('redirects the old URL of a renamed page to its new one, with a temporary status that is never stored', async () => {
    const res = await fetch(`${app.url}/general/old-guide`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/general/guides/setup');
    expect(res.headers.get('cache-control')).toBe('no-store');
    // On a branch too, onto the branch.
    const branch = await fetch(`${app.url}/general/~broken/old-guide`, { redirect: 'manual' });
    expect(branch.headers.get('location')).toBe('/general/~broken/guides/setup');
    // A page that is only in another version: there, temporarily too.
    const version = await fetch(`${app.url}/general/legacy`, { redirect: 'manual' });
    expect(version.status).toBe(302);
    expect(version.headers.get('location')).toBe('/general/1.0/legacy');
    expect((await fetch(`${app.url}/general/1.0/legacy`)).status).toBe(200);
    // A URL that never had a page is still a 404.
    expect((await fetch(`${app.url}/general/never-there`, { redirect: 'manual' })).status).toBe(404);
  });
});
