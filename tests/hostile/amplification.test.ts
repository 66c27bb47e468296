// Issue 37's work amplification: about 20 clients ask for whole-site answers (search, llms-full.txt,
// link reports, changes, histories, diffs) on distinct old commits of the real repository, each
// waiting for its answer. The issue ran it for 60 s; 20 s shows the same: the server used to take
// every one on, at once, and go on for minutes after the clients left, while nobody was ever told no.
// Now every client gets an answer in time (the result, or a 429 or 503 saying when to come back), no
// render task runs once the last one has left, and a reader of cached pages gets every page meanwhile.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attack, clientRenderTasks, read, statusCounts, wholeSiteUrls } from '../support/attack.js';
import { startApp, type AppServer } from '../support/app-server.js';
import { cloneBundle, oldCommits } from '../support/bundle.js';
import { hasBundle } from '../support/requirements.js';
import { removeTempDirs, tempDir } from '../support/repos.js';
import { DEFAULT_LIMITS } from '../../server/site/work/limits.js';
import { untilIndexed } from '../support/indexed.js';

const ATTACK_MS = 20_000;
/** How long a client waits for an answer: longer than the server lets one job run (WHOLE_SITE_TIMEOUT_MS, 60 s). */
const REQUEST_TIMEOUT_MS = 120_000;

describe.runIf(hasBundle())('20 clients asking for whole-site answers on distinct old commits', () => {
  let app: AppServer;
  let dir: string;

  beforeAll(async () => {
    dir = cloneBundle(path.join(tempDir('docsite-bundle-'), 'devdocs'));
    // The documented limits, not the lifted rate every other test gets.
    app = await startApp({ CONTENT_REPO: dir, WHOLE_SITE_PER_MINUTE: String(DEFAULT_LIMITS.wholeSitePerMinute) });
  });
  afterAll(async () => {
    await app?.stop();
    removeTempDirs();
  });

  it('answers each in time, stops working when they leave, and serves cached pages throughout', async () => {
    const pages: string[] = (await (await fetch(`${app.url}/api/versions/current/pages`)).json()).pages.map((page: { permalink: string }) => page.permalink).slice(0, 10);
    for (const page of pages) expect((await fetch(app.url + page)).status).toBe(200);
    // A first start's first indexes take every render thread until they are whole (issue 55): the
    // attack starts once the site's own first work is done, so what is measured is clients and readers.
    await untilIndexed(app.url, '?q=moodle', 240_000);
    await untilIndexed(app.url, '?q=moodle&instance=general', 240_000);
    const end = Date.now() + ATTACK_MS;
    const urls = oldCommits(dir, 60).flatMap((commit) => wholeSiteUrls(commit));
    const attacking = attack(app.url, urls, { clients: 20, timeoutMs: REQUEST_TIMEOUT_MS, until: () => Date.now() > end });
    let turn = 0;
    const reader = read(
      app.url,
      () => pages[turn++ % pages.length],
      () => Date.now() > end,
    );
    const [attackers, readings] = await Promise.all([attacking, reader]);
    // The last client has left: nothing renders for it any more (the site's own lane may: it indexes the published versions).
    await expect.poll(() => clientRenderTasks(app.url), { timeout: 10_000, interval: 250 }).toBe(0);
    console.log(`attackers: ${JSON.stringify(statusCounts(attackers))}; reader: ${JSON.stringify(statusCounts(readings))} of ${readings.length}`);
    // Every client got an answer in time: a result (a 404 for a page an old commit lacks), or a 429 or 503.
    for (const outcome of attackers) expect([200, 404, 429, 503], outcome.url).toContain(outcome.status);
    expect(attackers.filter((outcome) => outcome.status === 429 || outcome.status === 503).length).toBeGreaterThan(0);
    for (const outcome of readings) expect(outcome.status, outcome.url).toBe(200);
    expect(readings.length).toBeGreaterThan(0);
    expect(app.output()).not.toContain('"status":500');
  }, 600_000);
});
