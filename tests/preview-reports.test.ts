// Preview deployments that report back (issue 47, decision 038), on the upstream repository (the
// corpus's bundle) served over real HTTP and a site in this process: a push to a branch with a pull
// request gets a pending then a final status pointing at its preview, and one comment listing the
// pages it changes (with their diffs) and the broken links it introduces, edited at the next push.
// msw stands in for GitHub's API; the retry waits are recorded, never slept.
import { HttpResponse } from 'msw';
import type { SetupServerApi } from 'msw/node';
import { Registry } from 'prom-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { COMMENT_MARKER, readReportConfig, siteReports, type RetryPolicy, type SiteReports } from '../server/report/index.js';
import { parseUrl } from '../server/urls.js';
import { grammarOf } from '../server/site/caches/http-cache.js';
import { docsPageView } from '../server/site/views/docs-page.js';
import { apiLinks } from '../server/site/views/links.js';
import { requestContext } from '../server/site/request.js';
import { fakeForge, type FakeForge } from './support/fake-forges.js';
import { forgeMocks, openReportSite, pageOnMain, PUBLIC_HOST, type ReportSite } from './support/report-site.js';
import { removeTempDirs } from './support/repos.js';
import { hasBundle } from './support/requirements.js';

const TOKEN = 'ghp_SECRETtoken1234567890abcdef';
const SLUG = 'moodle/devdocs';

/** A retry policy that records the waits asked for and waits for none, on a clock that stands still. */
function recordedRetry(waits: number[], now = 1_800_000_000_000): RetryPolicy {
  return { attempts: 4, baseDelayMs: 1000, maxWaitMs: 15 * 60_000, now: () => now, sleep: async (ms) => void waits.push(ms) };
}

/** GitHub reporting on the site, with the token in the environment as an operator sets it. */
function githubReports(target: ReportSite, retry: RetryPolicy, env: Record<string, string> = { GITHUB_TOKEN: TOKEN }): SiteReports {
  const config = readReportConfig({ CONTENT_REPO: `https://github.com/${SLUG}.git`, ...env });
  const reports = siteReports(target.site, config, [PUBLIC_HOST], target.log, retry);
  target.reports.add(reports);
  return reports;
}

/** An existing page with a paragraph added at its end. */
const edited = (target: ReportSite, file: string, words: string) => `${pageOnMain(target.clone, file)}\n\n${words}\n`;

describe.runIf(hasBundle())('preview reports to GitHub, on the upstream repository', () => {
  let target: ReportSite;
  let mocks: SetupServerApi;
  let forge: FakeForge;
  const waits: number[] = [];
  beforeAll(async () => {
    mocks = forgeMocks();
    target = await openReportSite();
  }, 300_000);
  afterEach(() => {
    target.reports.clear();
  });
  afterAll(async () => {
    mocks?.close();
    await target?.close();
    removeTempDirs();
  });
  const use = (next: FakeForge) => {
    forge = next;
    mocks.use(forge.handler);
  };

  it('serves the preview before the first request to the forge, then reports: pending, failure with the broken link, one comment with the three pages', async () => {
    use(fakeForge('github', 'https://api.github.com', SLUG));
    const branch = 'pr/three-pages';
    forge.pullBranches.add(branch);
    githubReports(target, recordedRetry(waits));
    // What a reader of the preview gets at the moment the forge hears of it.
    let servedFirst: Promise<unknown> | undefined;
    forge.onCall = () => {
      forge.onCall = undefined;
      const snapshot = target.site.snapshot();
      const route = parseUrl(`/general/~${encodeURIComponent(branch)}/community/report-check`, grammarOf(snapshot));
      servedFirst = docsPageView(requestContext(target.site, { route, search: new URLSearchParams() }));
    };
    // main has a broken link of its own before the branch starts.
    await target.push('main', { 'general/community/channels.md': edited(target, 'general/community/channels.md', 'See [nothing](./inherited-nowhere.md).') });
    const commit = await target.push(branch, {
      'general/community/intro.md': edited(target, 'general/community/intro.md', 'A paragraph this branch adds.'),
      'general/community/mission.md': edited(target, 'general/community/mission.md', 'Another paragraph this branch adds.'),
      'general/community/report-check.md': '---\ntitle: Report check\n---\n\nA new page, with [a link to nowhere](./no-such-page.md).\n',
    });
    await target.idle();
    await expect(servedFirst).resolves.toMatchObject({ kind: 'page', title: 'Report check', commit });

    // The site's `url` (docusaurus.config.js) is the public origin; its first instance the preview's home.
    const origin = new URL(target.site.snapshot().config.url!).origin;
    const preview = `${origin}/docs/~pr%2Fthree-pages`;
    const statuses = forge.statuses.get(commit)!;
    expect(statuses.map((status) => status.state)).toEqual(['pending', 'failure']);
    for (const status of statuses) expect(status).toMatchObject({ context: 'docsite/preview', target_url: preview });
    expect(statuses[1].description).toBe('3 pages changed, 1 broken link');
    expect(forge.calls.every((call) => call.headers.get('authorization') === `Bearer ${TOKEN}`)).toBe(true);

    const comments = [...forge.comments.values()];
    expect(comments).toHaveLength(1);
    const body = comments[0].body;
    expect(body.startsWith(COMMENT_MARKER)).toBe(true);
    expect(body).toContain(`**Preview:** ${preview}`);
    const pageLines = body.split('\n').filter((line) => line.includes('· [diff]('));
    expect(pageLines).toHaveLength(3);
    const page = `${origin}/general/~pr%2Fthree-pages/community/report-check`;
    expect(body).toContain(`Added:\n- [Report check](${page}) · [diff](${page}?diff)`);
    expect(body).toContain(`([all changes](${origin}/general/~pr%2Fthree-pages/changes))`);
    expect(body).toContain('Changed:');
    expect(body).toContain('**1 broken link** introduced by this branch:');
    expect(body).toContain('`./no-such-page.md`');
    // Only the one this branch introduces: the one it inherits from main is main's.
    const onMain = await apiLinks(requestContext(target.site, { route: { kind: 'api-links' }, search: new URLSearchParams({ ref: '~main', instance: 'general' }) }));
    expect(onMain.broken.map((link) => link.url)).toEqual(['./inherited-nowhere.md']);
    expect(body).not.toContain('inherited-nowhere');
    expect(body).toContain(commit.slice(0, 12));
    expect(forge.calls.filter((call) => call.method === 'POST' && call.path.endsWith('/comments'))).toHaveLength(1);
  }, 600_000);

  it('edits the same comment at the next push, and sets the new commit its statuses', async () => {
    const reports = githubReports(target, recordedRetry(waits));
    forge.calls.length = 0;
    const commit = await target.push('pr/three-pages', { 'general/community/report-check.md': '---\ntitle: Report check\n---\n\nA new page, its link [mended](./intro.md).\n' });
    await target.idle();
    expect(forge.statuses.get(commit)!.map((status) => status.state)).toEqual(['pending', 'success']);
    expect(forge.statuses.get(commit)![1].description).toBe('3 pages changed, no broken links');
    expect(forge.calls.filter((call) => call.method === 'POST' && call.path.endsWith('/comments'))).toEqual([]);
    expect(forge.calls.filter((call) => call.method === 'PATCH')).toHaveLength(1);
    expect(forge.comments.size).toBe(1);
    const body = [...forge.comments.values()][0].body;
    expect(body).toContain('**No broken links** introduced by this branch.');
    expect(body).toContain(commit.slice(0, 12));
    expect(reports.reporter!.counts.get('sent')).toBe(1);
  }, 300_000);

  it('sets only the status of a push that changes no docs page', async () => {
    githubReports(target, recordedRetry(waits));
    forge.calls.length = 0;
    forge.pullBranches.add('pr/tooling');
    const commit = await target.push('pr/tooling', { 'README.md': `${pageOnMain(target.clone, 'README.md')}\nA line about tooling.\n` });
    await target.idle();
    expect(forge.statuses.get(commit)!.map((status) => [status.state, status.description])).toEqual([
      ['pending', 'Checking the pages and links of the preview'],
      ['success', '0 pages changed, no broken links'],
    ]);
    expect(forge.calls.map((call) => call.method)).toEqual(['POST', 'POST']);
  }, 300_000);

  it('waits for the reset of a 403 with rate-limit headers, then reports', async () => {
    const asked: number[] = [];
    const reports = githubReports(target, recordedRetry(asked, 1_800_000_000_000));
    let limited = false;
    forge.fault = (call) => {
      if (limited || call.method !== 'POST') return undefined;
      limited = true;
      const headers = { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(1_800_000_000 + 60) };
      return HttpResponse.json({ message: 'API rate limit exceeded' }, { status: 403, headers });
    };
    const commit = await target.push('rate/limited', { 'README.md': `${pageOnMain(target.clone, 'README.md')}\nRate limited.\n` });
    await target.idle();
    forge.fault = undefined;
    expect(asked).toEqual([60_000]);
    expect(forge.statuses.get(commit)!.map((status) => status.state)).toEqual(['pending', 'success']);
    expect(reports.reporter!.counts.get('sent')).toBe(1);
  }, 300_000);

  it('retries a 500 with growing waits, then gives up: logged once, counted, the token nowhere', async () => {
    const asked: number[] = [];
    const reports = githubReports(target, recordedRetry(asked));
    // A forge that echoes what it was sent: the token must still reach no log line or metric.
    forge.fault = (call) => HttpResponse.text(`broken: ${call.headers.get('authorization')}`, { status: 500 });
    forge.calls.length = 0;
    const lines = target.logLines.length;
    await target.push('broken/forge', { 'README.md': `${pageOnMain(target.clone, 'README.md')}\nThe forge is down.\n` });
    await target.idle();
    forge.fault = undefined;
    expect(forge.calls).toHaveLength(4);
    expect(asked).toHaveLength(3);
    // 1, 2, then 4 s, each within its 10% of jitter.
    expect(asked.every((wait, index) => Math.abs(wait - 1000 * 2 ** index) <= 100 * 2 ** index)).toBe(true);
    const failures = target.logLines.slice(lines).filter((line) => line.includes('could not report the preview'));
    expect(failures).toHaveLength(1);
    expect(failures[0]).toContain('500 broken: Bearer [token]');
    expect(reports.reporter!.counts.get('failed')).toBe(1);
    const registry = new Registry();
    reports.registerMetrics(registry);
    const metrics = await registry.metrics();
    expect(metrics).toContain('docsite_reports_total{forge="github",outcome="failed"} 1');
    expect(target.logLines.filter((line) => line.includes(TOKEN))).toEqual([]);
    expect(metrics).not.toContain(TOKEN);
  }, 300_000);

  it('sends nothing at all without a token, and says why reporting is off', async () => {
    const reports = githubReports(target, recordedRetry(waits), {});
    forge.calls.length = 0;
    await target.push('pr/no-token', { 'general/community/intro.md': edited(target, 'general/community/intro.md', 'Unreported.') });
    await target.idle();
    expect(reports.reporter).toBeUndefined();
    expect(reports.readiness()).toEqual({ status: 'off', forge: 'github', repository: SLUG, reason: expect.stringContaining('GITHUB_TOKEN') });
    expect(forge.calls).toEqual([]);
  }, 300_000);

  it('speaks GitLab (statuses named, failed; one merge request note, edited) and Gitea (statuses, one comment)', async () => {
    const cases = [
      { kind: 'gitlab', repo: `https://gitlab.example.com/${SLUG}.git`, api: 'https://gitlab.example.com/api/v4', env: { GITLAB_TOKEN: TOKEN }, auth: ['private-token', TOKEN] },
      { kind: 'gitea', repo: `https://codeberg.org/${SLUG}.git`, api: 'https://codeberg.org/api/v1', env: { GITEA_TOKEN: TOKEN }, auth: ['authorization', `token ${TOKEN}`] },
    ] as const;
    for (const { kind, repo, api, env, auth } of cases) {
      const other = fakeForge(kind, api, SLUG);
      mocks.use(other.handler);
      const branch = `pr/${kind}`;
      other.pullBranches.add(branch);
      target.reports.clear();
      const config = readReportConfig({ CONTENT_REPO: repo, ...env });
      target.reports.add(siteReports(target.site, config, [PUBLIC_HOST], target.log, recordedRetry(waits)));
      const page = (words: string) => `---\ntitle: ${kind} check\n---\n\n${words} [Nowhere](./nowhere-${kind}.md).\n`;
      const first = await target.push(branch, { [`general/community/${kind}-check.md`]: page('First.') });
      await target.idle();
      const [pending, final] = other.statuses.get(first)!;
      if (kind === 'gitlab') {
        expect(pending).toMatchObject({ state: 'pending', name: 'docsite/preview', target_url: expect.stringMatching(/\/docs\/~pr%2Fgitlab$/) });
        expect(final).toMatchObject({ state: 'failed', name: 'docsite/preview', description: '1 page changed, 1 broken link' });
      } else {
        expect(pending).toMatchObject({ state: 'pending', context: 'docsite/preview', target_url: expect.stringMatching(/\/docs\/~pr%2Fgitea$/) });
        expect(final).toMatchObject({ state: 'failure', context: 'docsite/preview', description: '1 page changed, 1 broken link' });
      }
      expect(other.calls.every((call) => call.headers.get(auth[0]) === auth[1])).toBe(true);
      const second = await target.push(branch, { [`general/community/${kind}-check.md`]: page('Second.') });
      await target.idle();
      expect(other.statuses.get(second)).toHaveLength(2);
      expect(other.comments.size).toBe(1);
      const [comment] = other.comments.values();
      expect(comment.body).toContain(COMMENT_MARKER);
      expect(comment.body).toContain(`nowhere-${kind}.md`);
      expect(comment.body).toContain(second.slice(0, 12));
      expect(other.calls.filter((call) => call.method === (kind === 'gitlab' ? 'PUT' : 'PATCH'))).toHaveLength(1);
    }
  }, 600_000);

  it("lists a change to the docs instance's next version (its docs/ folder, not the last version's) at its URL on the branch", async () => {
    use(fakeForge('github', 'https://api.github.com', SLUG));
    forge.pullBranches.add('pr/next-docs');
    githubReports(target, recordedRetry(waits));
    const commit = await target.push('pr/next-docs', { 'docs/intro.md': edited(target, 'docs/intro.md', 'A line for the next version.') });
    await target.idle();
    expect(forge.statuses.get(commit)!.map((status) => [status.state, status.description])).toEqual([
      ['pending', 'Checking the pages and links of the preview'],
      ['success', '1 page changed, no broken links'],
    ]);
    const [comment] = forge.comments.values();
    // The next version is published at /docs/5.3 (its folder is docs/, not the last version's).
    const page = 'https://moodledev.io/docs/~pr%2Fnext-docs/5.3';
    expect(comment.body).toContain(`Changed:\n- [Introduction](${page}) · [diff](${page}?diff)`);
    expect(comment.body).toContain(`([all changes](${page}/changes))`);
  }, 600_000);
});
