// Memory that cannot crash: with a small heap, 6,000 distinct URLs (every page of the embedded
// content under every permalink prefix of one commit, so none shares a cache entry) leave the server
// up, and the caches stay within the budget derived from that heap. Each URL is a render (about 20 ms
// of CI's two cores); 6,000 fill the rendered cache's budget many times over (it holds a few hundred
// pages at this heap), as 20,000 did in three times as long.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type AppServer } from '../support/app-server.js';

/** Distinct URLs asked for: each page about ten times, under ten permalink prefixes. */
const URLS = 6_000;

describe('a small heap under 6,000 distinct URLs', () => {
  let app: AppServer;

  beforeAll(async () => {
    // A small server: MEMORY_MB=256, a heap of 115 MiB.
    app = await startApp({ MEMORY_MB: '256' });
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('keeps serving, and the caches stay within their budget', async () => {
    const commit: string = (await (await fetch(`${app.url}/readyz`)).json()).commit;
    const pages: { permalink: string }[] = (await (await fetch(`${app.url}/api/versions/current/pages`)).json()).pages;
    const urls: string[] = [];
    for (let length = 7; length <= 40 && urls.length < URLS; length++) {
      for (const { permalink } of pages) urls.push(`/api/versions/@${commit.slice(0, length)}/pages${permalink.replace(/^\/general/, '')}`);
    }
    urls.length = Math.min(urls.length, URLS);
    expect(urls.length).toBe(URLS);
    const failures: string[] = [];
    let next = 0;
    const worker = async () => {
      while (next < urls.length && failures.length < 10) {
        const url = urls[next++];
        const res = await fetch(app.url + url).catch((error: Error) => ({ status: 0, text: async () => error.message }));
        if (res.status !== 200) failures.push(`${url}: ${res.status} ${(await res.text()).slice(0, 200)}`);
        else await res.text();
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));
    expect(failures).toEqual([]);
    expect(app.process.exitCode).toBeNull();
    const metrics = await (await fetch(`${app.url}/metrics`)).text();
    const sample = (name: string, cache: string) => Number(new RegExp(`^${name}\\{cache="${cache}"\\} (\\S+)$`, 'm').exec(metrics)?.[1]);
    for (const cache of ['docSets', 'rendered', 'derived', 'pages', 'search'])
      expect(sample('docsite_cache_bytes', cache), cache).toBeLessThanOrEqual(sample('docsite_cache_max_bytes', cache));
    const heap = Number(/^nodejs_heap_size_used_bytes (\S+)$/m.exec(metrics)?.[1]);
    console.log(
      `${URLS} URLs served; heap in use ${Math.round(heap / 1048576)} MiB; rendered cache ${Math.round(sample('docsite_cache_bytes', 'rendered') / 1048576)} of ${Math.round(sample('docsite_cache_max_bytes', 'rendered') / 1048576)} MiB`,
    );
  }, 900_000);
});
