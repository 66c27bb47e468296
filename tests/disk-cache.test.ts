// Nothing rendered twice (issue 34): rendered articles and pages are kept in DATA_DIR, so a server
// restarted on the same DATA_DIR renders none of the corpus's pages again, a push renders only the
// page it changed (and the pages that list other docs, good for one commit), and damaged or deleted
// files of that cache are rendered again and served as before. Renders are counted by the server's
// own metric (docsite_renders_total), never timed.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppServer, startApp } from './support/app-server.js';
import { exampleCorpusRepo } from './support/example.js';
import { gitIn } from './support/bundle.js';
import { removeTempDirs, tempDir } from './support/repos.js';
import { freePort } from './support/ports.js';
import { hasCorpus } from './support/requirements.js';

const SECRET = 'disk-cache-secret';
const PAGE = 'general/community/mission.md';

// Reading the corpus cold takes a minute on a loaded two-core machine: generous timeouts, no timing asserted.
describe.runIf(hasCorpus())('what is rendered, kept on disk (corpus)', { timeout: 600_000 }, () => {
  let repo: string;
  let dataDir: string;
  let env: Record<string, string>;
  let app: AppServer | undefined;
  /** Every page's URL and its body as the first server served it. */
  const firstBodies = new Map<string, string>();
  /** Each URL's X-Page-Cache in the last `readAll`: `hit` when the whole page was in memory or on disk. */
  const pageCacheAnswers = new Map<string, string>();

  beforeAll(async () => {
    repo = exampleCorpusRepo();
    dataDir = path.join(tempDir('docsite-disk-cache-'), 'data');
    // The date is fixed, so a date-dependent page stays good across the servers of this file.
    // One port for every server: a page's key names its Host, which stays the same across a site's restarts.
    env = { CONTENT_REPO: repo, DATA_DIR: dataDir, SYNC_INTERVAL: '0', WEBHOOK_SECRET: SECRET, DOCSITE_NOW: '2026-11-26', PORT: String(await freePort()) };
  });

  afterAll(async () => {
    await app?.stop();
    removeTempDirs();
  });

  /** A counter of the server's /metrics. */
  const metric = async (name: string) => {
    const text = await (await fetch(`${app!.url}/metrics`)).text();
    const match = new RegExp(`^${name} (\\S+)$`, 'm').exec(text);
    if (!match) throw new Error(`no ${name} in /metrics`);
    return Number(match[1]);
  };
  /** The URL of every page of the corpus's one version. */
  const pageUrls = async () => {
    const catalogue = (await (await fetch(`${app!.url}/api/versions/current/pages?instance=default`)).json()) as { pages: { permalink: string }[] };
    return catalogue.pages.map((page) => page.permalink);
  };
  /** Reads every URL, eight at a time; answers each body, and fails on any status but 200. */
  const readAll = async (urls: string[]) => {
    const bodies = new Map<string, string>();
    pageCacheAnswers.clear();
    const queue = [...urls];
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        for (let url = queue.pop(); url; url = queue.pop()) {
          const res = await fetch(app!.url + url);
          const body = await res.text();
          if (res.status !== 200) throw new Error(`${url}: HTTP ${res.status}\n${body.slice(0, 500)}`);
          bodies.set(url, body);
          pageCacheAnswers.set(url, res.headers.get('x-page-cache') ?? '');
        }
      }),
    );
    return bodies;
  };
  /** The article of a page (what the renderer made), without what changes per request. */
  const article = (body: string) => /<article[\s\S]*<\/article>/.exec(body)?.[0] ?? body;
  /** The files of the disk cache. */
  const cacheFiles = () => {
    const cache = path.join(dataDir, 'cache');
    return fs
      .readdirSync(cache)
      .filter((name) => name.startsWith('disk-'))
      .flatMap((folder) => fs.readdirSync(path.join(cache, folder)).map((name) => path.join(cache, folder, name)));
  };
  /** Stops the server gracefully (it finishes writing what it rendered) and starts another on the same DATA_DIR. */
  const restart = async () => {
    expect(await app?.stop()).toBe(0);
    app = await startApp(env);
  };

  it('renders every page once, and after a restart none of them', async () => {
    app = await startApp(env);
    const urls = await pageUrls();
    expect(urls.length).toBeGreaterThan(700);
    for (const [url, body] of await readAll(urls)) firstBodies.set(url, body);
    expect(await metric('docsite_renders_total')).toBeGreaterThanOrEqual(urls.length);

    await restart();
    const before = await metric('docsite_renders_total');
    const hitsBefore = await metric('docsite_disk_cache_hits_total');
    const again = await readAll(urls);
    expect(await metric('docsite_renders_total')).toBe(before);
    expect(before).toBe(0);
    expect(await metric('docsite_disk_cache_hits_total')).toBeGreaterThan(hitsBefore);
    // Whole pages too: read back compressed, neither rendered by React nor compressed again.
    expect([...pageCacheAnswers.values()].filter((answer) => answer !== 'hit')).toEqual([]);
    for (const url of urls) expect(article(again.get(url)!), url).toBe(article(firstBodies.get(url)!));
  });

  it('renders only what a push changed', async () => {
    const before = await metric('docsite_renders_total');
    const marker = `Pushed words ${crypto.randomUUID()}`;
    fs.appendFileSync(path.join(repo, PAGE), `\n\n${marker}\n`);
    gitIn(repo, 'commit', '-qam', 'A push');
    const body = '{}';
    const signature = crypto.createHmac('sha256', SECRET).update(body).digest('hex');
    const hook = await fetch(`${app!.url}/api/webhook`, { method: 'POST', body, headers: { 'Content-Type': 'application/json', 'X-Hub-Signature-256': `sha256=${signature}` } });
    expect(hook.status).toBe(200);
    await expect.poll(async () => (await fetch(`${app!.url}/general/community/mission`).then((res) => res.text())).includes(marker), { timeout: 60_000 }).toBe(true);
    await readAll(await pageUrls());

    // The changed page, and each page that lists other docs (DocCardList), good for one commit only.
    const listing = gitIn(repo, 'grep', '-l', 'DocCardList', '--', 'general').split('\n').filter(Boolean);
    const renders = (await metric('docsite_renders_total')) - before;
    expect(renders).toBeGreaterThanOrEqual(1);
    expect(renders).toBeLessThanOrEqual(1 + listing.length);
  });

  it('renders again and serves a page whose file was damaged or deleted', async () => {
    await restart();
    const files = cacheFiles();
    expect(files.length).toBeGreaterThan(700);
    // A third truncated, a third altered, a third deleted.
    files.forEach((file, index) => {
      if (index % 3 === 0) fs.truncateSync(file, 20);
      else if (index % 3 === 1) {
        const bytes = fs.readFileSync(file);
        bytes[bytes.length >> 1] ^= 0xff;
        fs.writeFileSync(file, bytes);
      } else fs.rmSync(file);
    });
    const urls = await pageUrls();
    const before = await metric('docsite_renders_total');
    const bodies = await readAll(urls);
    const renders = (await metric('docsite_renders_total')) - before;
    // A page is rendered again when both its files (the page's and its article's) were damaged.
    expect(renders).toBeGreaterThan(0);
    expect(await metric('docsite_disk_cache_corrupt_total')).toBeGreaterThan(0);
    const unchanged = urls.filter((url) => url !== '/general/community/mission');
    for (const url of unchanged) expect(article(bodies.get(url)!), url).toBe(article(firstBodies.get(url)!));
  });

  it('keeps serving when the folder is deleted under it, and makes it again', async () => {
    const cache = path.join(dataDir, 'cache');
    for (const folder of fs.readdirSync(cache).filter((name) => name.startsWith('disk-'))) fs.rmSync(path.join(cache, folder), { recursive: true });
    const marker = `Words after the cache went ${crypto.randomUUID()}`;
    fs.appendFileSync(path.join(repo, PAGE), `\n\n${marker}\n`);
    gitIn(repo, 'commit', '-qam', 'Another push');
    const body = '{}';
    const signature = crypto.createHmac('sha256', SECRET).update(body).digest('hex');
    await fetch(`${app!.url}/api/webhook`, { method: 'POST', body, headers: { 'Content-Type': 'application/json', 'X-Hub-Signature-256': `sha256=${signature}` } });
    await expect.poll(async () => (await fetch(`${app!.url}/general/community/mission`).then((res) => res.text())).includes(marker), { timeout: 60_000 }).toBe(true);
    await expect.poll(() => cacheFiles().length, { timeout: 30_000 }).toBeGreaterThan(0);
    expect(await metric('docsite_disk_cache_write_failures_total')).toBe(0);
    expect(app!.output()).not.toMatch(/"level":50/);
  });
});
