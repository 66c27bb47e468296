// Issue 37's crash: 40 clients ask for a missing page on 40 distinct old commits of the real
// repository, 4 a second, each hanging up after 2 s. It used to start a whole search index build per
// commit (for the 404 page's suggestions), go on long after the clients left, and run the heap out
// in about six minutes. Now each 404 costs its commit's doc set and nothing after the client leaves:
// the work under way drains, the heap stays below 90% of its limit, and the same process serves on.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metrics, request, workUnderWay } from '../support/attack.js';
import { startApp, type AppServer } from '../support/app-server.js';
import { cloneBundle, oldCommits } from '../support/bundle.js';
import { hasBundle } from '../support/requirements.js';
import { removeTempDirs, tempDir } from '../support/repos.js';
import { DEFAULT_LIMITS } from '../../server/site/work/limits.js';

describe.runIf(hasBundle())('40 clients hanging up on missing pages of 40 old commits', () => {
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

  it('leaves the server up, its heap below 90% of the limit, and no work behind once they have gone', async () => {
    const pid = app.nodePid();
    let heapShare = 0;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        const sample = await metrics(app.url);
        heapShare = Math.max(heapShare, sample('nodejs_heap_size_used_bytes') / sample('docsite_heap_limit_bytes'));
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    })();
    // 4 a second: client i starts at i/4 s and hangs up 2 s later.
    const outcomes = await Promise.all(
      oldCommits(dir, 40).map(
        (commit, i) =>
          new Promise<Awaited<ReturnType<typeof request>>>((resolve) => setTimeout(() => resolve(request(`${app.url}/general/@${commit}/no-such-page`, 2000)), i * 250)),
      ),
    );
    // What a client that waited got: a 404, or a 503 asking it to come back; never a server error.
    for (const { status } of outcomes) expect([0, 404, 503]).toContain(status);
    await expect.poll(() => workUnderWay(app.url), { timeout: 60_000, interval: 250 }).toBe(0);
    sampling = false;
    await sampler;
    console.log(`statuses ${JSON.stringify(outcomes.map((outcome) => outcome.status))}; largest heap in use ${(heapShare * 100).toFixed(0)}% of its limit`);
    expect(heapShare).toBeLessThan(0.9);
    // The same process serves on: up, not restarted by its supervisor, answering a missing page.
    expect(app.process.exitCode).toBeNull();
    expect(app.nodePid()).toBe(pid);
    expect((await request(`${app.url}/general/@${oldCommits(dir, 40)[0]}/no-such-page`, 60_000)).status).toBe(404);
    expect(app.output()).not.toContain('the server died');
  }, 300_000);
});
