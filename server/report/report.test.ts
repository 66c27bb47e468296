// The reporter's parts without a site (decision 038): which forge a repository URL names, what the
// environment turns on, which webhook calls are pull requests, the comment's caps, the newest-only
// queue, rate-limit waits, and a fork's pull request left alone unless PREVIEW_BRANCHES allows it.
import { describe, expect, it } from 'vitest';
import type { Snapshot } from '../site/index.js';
import { commentBody, COMMENT_MARKER } from './comment.js';
import { forgeOf } from './forge.js';
import { rateLimitWait, scrub } from './forge-http.js';
import { NewestQueue } from './newest-queue.js';
import { readReportConfig } from './report-config.js';
import { Reporter, type ReporterDeps } from './reporter.js';
import { publicOrigin } from './site-reporter.js';
import type { ForgeClient, PreviewFacts } from './types.js';
import { pullRequestEventOf } from './webhook-event.js';

describe('the forge of a repository', () => {
  it.each([
    ['https://github.com/moodle/devdocs.git', {}, { kind: 'github', api: 'https://api.github.com', slug: 'moodle/devdocs' }],
    ['git@github.com:moodle/devdocs.git', {}, { kind: 'github', api: 'https://api.github.com', slug: 'moodle/devdocs' }],
    ['https://ghe.example.com/docs/site.git', { kind: 'github', url: 'https://ghe.example.com' }, { kind: 'github', api: 'https://ghe.example.com/api/v3', slug: 'docs/site' }],
    ['https://gitlab.com/group/sub/docs.git', {}, { kind: 'gitlab', api: 'https://gitlab.com/api/v4', slug: 'group/sub/docs' }],
    ['https://gitlab.example.org/team/docs', {}, { kind: 'gitlab', api: 'https://gitlab.example.org/api/v4', slug: 'team/docs' }],
    ['https://codeberg.org/team/docs.git', {}, { kind: 'gitea', api: 'https://codeberg.org/api/v1', slug: 'team/docs' }],
    ['https://git.example.net/team/docs.git', { kind: 'forgejo', url: 'https://git.example.net' }, { kind: 'gitea', api: 'https://git.example.net/api/v1', slug: 'team/docs' }],
    ['/srv/mirror/docs.git', { kind: 'github', repo: 'team/docs' }, { kind: 'github', api: 'https://api.github.com', slug: 'team/docs' }],
  ])('%s %j', (url, settings, expected) => {
    expect(forgeOf(url, settings)).toEqual(expected);
  });

  it('says what to set when the URL names no forge', () => {
    expect(forgeOf('https://git.example.net/team/docs.git', {})).toEqual({ unknown: expect.stringContaining('set FORGE') });
    expect(forgeOf('/srv/docs', { kind: 'gitlab' })).toEqual({ unknown: expect.stringContaining('FORGE_REPO') });
    expect(forgeOf('/srv/docs', { kind: 'gitlab', url: 'gitlab.example.com' })).toEqual({ unknown: expect.stringContaining('FORGE_URL="gitlab.example.com" is not a URL') });
  });
});

describe('the reporting settings', () => {
  it('is off without a token, with REPORTS=off, and takes FORGE_TOKEN for any forge', () => {
    expect(readReportConfig({ CONTENT_REPO: 'https://gitlab.com/a/b.git' })).toMatchObject({ on: false, reason: expect.stringContaining('GITLAB_TOKEN') });
    expect(readReportConfig({ CONTENT_REPO: 'https://github.com/a/b.git', GITHUB_TOKEN: 'x', REPORTS: 'off' })).toEqual({ on: false, reason: 'REPORTS=off' });
    expect(readReportConfig({ CONTENT_REPO: 'https://codeberg.org/a/b.git', FORGE_TOKEN: 'y' })).toMatchObject({ on: true, token: 'y', forge: { kind: 'gitea' }, maxListed: 25 });
  });

  it('never echoes a token in its errors', () => {
    expect(() => readReportConfig({ GITHUB_TOKEN: 'ghp_secret', REPORT_MAX_LISTED: 'many' })).toThrow(/REPORT_MAX_LISTED="many"/);
    expect(scrub('401 Bearer ghp_secret is bad', 'ghp_secret')).toBe('401 Bearer [token] is bad');
  });

  it('points links at docsite.yaml `url`, else the first trusted host', () => {
    const snapshot = (url?: string) => ({ config: { url } }) as unknown as Snapshot;
    expect(publicOrigin(snapshot('https://docs.example.org/base/'), ['other.example'])).toBe('https://docs.example.org');
    expect(publicOrigin(snapshot(), ['docs.example.net'])).toBe('https://docs.example.net');
    expect(publicOrigin(snapshot(), [])).toBeUndefined();
  });
});

describe('webhook calls read as pull requests', () => {
  const body = (payload: unknown) => Buffer.from(JSON.stringify(payload));
  const github = (action: string, head: string) =>
    body({
      action,
      number: 5,
      pull_request: { head: { ref: 'fix/x', sha: 'a'.repeat(40), repo: { full_name: head, owner: { login: head.split('/')[0] } } }, base: { repo: { full_name: 'team/docs' } } },
    });

  it('reads GitHub and Gitea pull requests, a fork as one', () => {
    expect(pullRequestEventOf({ 'x-github-event': 'pull_request' }, github('opened', 'team/docs'))).toEqual({
      number: 5,
      branch: 'fix/x',
      sha: 'a'.repeat(40),
      fork: false,
      label: 'team:fix/x',
    });
    expect(pullRequestEventOf({ 'x-gitea-event': 'pull_request' }, github('synchronized', 'alice/docs'))).toMatchObject({ fork: true, label: 'alice:fix/x' });
    expect(pullRequestEventOf({ 'x-github-event': 'pull_request' }, github('closed', 'team/docs'))).toBeUndefined();
    expect(pullRequestEventOf({ 'x-github-event': 'push' }, github('opened', 'team/docs'))).toBeUndefined();
    expect(pullRequestEventOf({ 'x-github-event': 'pull_request' }, Buffer.from('not json'))).toBeUndefined();
  });

  it("reads GitLab's merge requests", () => {
    const payload = { object_attributes: { action: 'update', iid: 3, source_branch: 'fix/y', source_project_id: 1, target_project_id: 1, last_commit: { id: 'b'.repeat(40) } } };
    expect(pullRequestEventOf({ 'x-gitlab-event': 'Merge Request Hook' }, body(payload))).toMatchObject({ number: 3, branch: 'fix/y', fork: false });
  });
});

describe('rate limits', () => {
  const answer = (status: number, headers: Record<string, string>) => new Response('', { status, headers });
  it('waits for Retry-After, else the reset time; a 403 without them is no rate limit', () => {
    expect(rateLimitWait(answer(429, { 'retry-after': '30' }), 0)).toBe(30_000);
    expect(rateLimitWait(answer(403, { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '100' }), 40_000)).toBe(60_000);
    expect(rateLimitWait(answer(429, { 'ratelimit-reset': '100' }), 90_000)).toBe(10_000);
    expect(rateLimitWait(answer(403, {}), 0)).toBeUndefined();
  });
});

/** Facts of a branch with `count` pages changed and one broken link. */
function factsWith(count: number): PreviewFacts {
  const pages = Array.from({ length: count }, (_, i) => ({
    status: 'modified' as const,
    title: `Page [${i}]`,
    path: `/general/~b/p${i}`,
    diffPath: `/general/~b/p${i}?diff`,
    file: `general/p${i}.md`,
    oldFile: null,
  }));
  const broken = [{ file: 'general/p0.md', pagePath: '/general/~b/p0', line: 3, url: './gone.md', reason: 'no page file ./gone.md' }];
  return {
    branch: 'b',
    commit: 'c'.repeat(40),
    previewPath: '/general/~b',
    changesPath: '/general/~b/changes',
    baseLabel: 'the merge base with main (abc1234)',
    pages,
    navigationChanges: 0,
    broken,
  };
}

describe('the comment', () => {
  it('lists at most the cap, then links to all changes; titles cannot inject Markdown', () => {
    const body = commentBody(factsWith(30), 'https://docs.example.org', 25);
    expect(body.startsWith(COMMENT_MARKER)).toBe(true);
    expect(body.split('\n').filter((line) => line.startsWith('- [Page'))).toHaveLength(25);
    expect(body).toContain('…and 5 more: see [all changes](https://docs.example.org/general/~b/changes).');
    expect(body).toContain('- [Page \\[0\\]](https://docs.example.org/general/~b/p0) · [diff](https://docs.example.org/general/~b/p0?diff)');
  });
});

describe('the reporter', () => {
  /** A reporter on a client that records its calls. */
  const reporterWith = (facts: PreviewFacts) => {
    const calls: string[] = [];
    const client: ForgeClient = {
      setStatus: async (sha, status) => void calls.push(`status ${status.state} ${sha.slice(0, 4)}`),
      findPullRequest: async () => {
        calls.push('find');
        return 7;
      },
      upsertComment: async (number) => {
        calls.push(`comment ${number}`);
        return 'created';
      },
    };
    const deps: ReporterDeps = {
      forge: 'github',
      client,
      token: 't',
      facts: async () => facts,
      previewPath: () => facts.previewPath,
      origin: () => 'https://docs.example.org',
      allowed: (name) => !name.includes(':'),
      log: { info: () => undefined, warn: () => undefined },
      context: 'docsite/preview',
      maxListed: 25,
    };
    return { reporter: new Reporter(deps), calls };
  };

  it("leaves a fork's pull request alone unless PREVIEW_BRANCHES allows its owner:branch, and takes a webhook's number", async () => {
    const { reporter, calls } = reporterWith(factsWith(1));
    reporter.pullRequestMoved({ number: 9, branch: 'b', sha: 'c'.repeat(40), fork: true, label: 'alice:b' });
    await reporter.idle();
    expect(calls).toEqual([]);
    expect(reporter.counts.get('skipped')).toBe(1);
    reporter.pullRequestMoved({ number: 9, branch: 'b', sha: 'c'.repeat(40), fork: false, label: 'team:b' });
    await reporter.idle();
    expect(calls).toEqual(['status pending cccc', 'status failure cccc', 'comment 9']);
  });

  it('drops a report whose branch moved on while its facts were read (the newer commit is queued)', async () => {
    const { reporter, calls } = reporterWith(factsWith(1));
    reporter.branchMoved('b', 'd'.repeat(40));
    await reporter.idle();
    expect(calls).toEqual(['status pending dddd']);
    expect(reporter.counts.get('superseded')).toBe(1);
  });

  it('reports a branch pushed three times while its report waits once, for the newest commit', async () => {
    const done: string[] = [];
    let release!: () => void;
    const blocked = new Promise<void>((resolve) => {
      release = resolve;
    });
    const queue = new NewestQueue<string>(async (key, value) => {
      if (value === 'first') await blocked;
      done.push(`${key}@${value}`);
    });
    queue.push('b', 'first');
    await new Promise((resolve) => setImmediate(resolve));
    for (const value of ['second', 'third', 'fourth']) queue.push('b', value);
    queue.push('other', 'one');
    release();
    await queue.idle();
    expect(done).toEqual(['b@first', 'b@fourth', 'other@one']);
  });
});
