// The real corpus, served from a git repository: every page Docusaurus built answers 200 with its
// title as the H1. Pages that do not render cleanly yet are counted and listed, never a 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasCorpus } from './support/requirements.js';
import { startApp, type AppServer } from './support/app-server.js';
import { corpusRepo, oracleDocs } from './support/corpus.js';
import { removeTempDirs } from './support/repos.js';

const decode = (html: string) => html.replace(/&(amp|lt|gt|quot|#x27|#39);/g, (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#x27': "'", '#39': "'" })[name]!);

// After every suite's own afterAll (servers stopped): the temp repositories they read go.
afterAll(removeTempDirs);

describe.runIf(hasCorpus())('the real corpus', () => {
  let app: AppServer;

  beforeAll(async () => {
    // A small cache budget: the whole corpus does not fit, so the caches must evict within it.
    app = await startApp({ CONTENT_REPO: corpusRepo(), CACHE_MB: '64' });
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('serves every one of the 742 Docusaurus permalinks with its title as the H1', async () => {
    const docs = oracleDocs();
    expect(docs).toHaveLength(742);
    const failures: string[] = [];
    const withErrorBlock: string[] = [];
    // A few requests at a time: as fast as two cores allow, without queueing hundreds.
    const queue = [...docs];
    const worker = async () => {
      for (let doc = queue.shift(); doc; doc = queue.shift()) {
        const res = await fetch(app.url + doc.permalink, { redirect: 'manual' });
        const html = await res.text();
        const h1 = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1];
        if (res.status !== 200) failures.push(`${doc.permalink}: HTTP ${res.status}`);
        else if (decode(h1 ?? '') !== doc.title) failures.push(`${doc.permalink}: H1 ${JSON.stringify(h1)} is not ${JSON.stringify(doc.title)}`);
        if (html.includes('class="render-error"')) withErrorBlock.push(doc.source);
      }
    };
    await Promise.all(Array.from({ length: 4 }, worker));
    console.info(`corpus: ${docs.length - withErrorBlock.length} of ${docs.length} pages render without an error block`);
    if (withErrorBlock.length) console.info(`pages with an error block:\n  ${withErrorBlock.join('\n  ')}`);
    expect(failures).toEqual([]);
  }, 300_000);

  it('keeps every cache within CACHE_MB=64 after the whole corpus was read', async () => {
    const metrics = await (await fetch(`${app.url}/metrics`)).text();
    const samples = (name: string) =>
      [...metrics.matchAll(new RegExp(`^${name}\\{cache="(\\w+)"\\} (\\S+)$`, 'gm'))].map((match) => ({ cache: match[1], value: Number(match[2]) }));
    const budgets = samples('docsite_cache_max_bytes');
    expect(budgets.map((budget) => budget.cache).sort()).toEqual(['derived', 'docSets', 'pages', 'rendered', 'search']);
    expect(budgets.reduce((sum, budget) => sum + budget.value, 0)).toBeLessThanOrEqual(64 * 1024 * 1024);
    for (const { cache, value } of samples('docsite_cache_bytes')) expect(value, cache).toBeLessThanOrEqual(budgets.find((budget) => budget.cache === cache)!.value);
    console.info(
      `caches after the corpus with CACHE_MB=64: ${samples('docsite_cache_bytes')
        .map(({ cache, value }) => `${cache} ${(value / 1048576).toFixed(1)} MiB`)
        .join(', ')}`,
    );
  });
});
