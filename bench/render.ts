// Cold render of the whole corpus in-process (no HTTP): pages per second and the bytes the render
// cache holds afterwards, plus how many pages show an error block or an unknown-component notice.
// Prints figures; never fails on a number.
//
//   npm run build && npx tsx bench/render.ts     (RENDER_THREADS=0 renders on this thread)
import fs from 'node:fs';
import path from 'node:path';
import { Repository } from '../server/git/repository.js';
import { readTreeFile } from '../server/content/doc-set.js';
import { docSetAtCommit } from '../server/content/sidebars/test-support.js';
import { linkTableOf, PageRenderer, renderedEntryBytes } from '../server/markdown/page-renderer.js';
import { CountedCache } from '../server/site/caches/caches.js';
import { readServerConfig, renderThreadHeapMb, renderThreadYoungMb } from '../server/site/env.js';
import { RenderPool } from '../server/markdown/render-pool.js';
import { loadPresetData, pageBanner, SITE_COMPONENTS } from '../server/presets/index.js';
import { repoFromFolder, tempDir } from '../tests/support/repos.js';
import { corpusContent } from '../tests/support/requirements.js';

async function main() {
  const dir = repoFromFolder(corpusContent, path.join(tempDir('bench-render-'), 'repo'));
  const repository = await Repository.open(dir);
  const commit = await repository.resolve('main');
  const docSet = await docSetAtCommit(repository, commit);
  // As the server runs it: RENDER_THREADS workers (default 2; 0 renders in this thread), the presets' components and data.
  const threads = Number(process.env.RENDER_THREADS ?? 2);
  const config = readServerConfig();
  // The built worker, as the server runs it: the source file runs under tsx in the thread, which
  // rendered 5 to 10% slower here (50-52 pages/s against 54-56 on one thread, runs alternated).
  const built = new URL('../build/render-worker.js', import.meta.url).pathname;
  const workerFile = fs.existsSync(built) ? built : new URL('../server/site/render-worker.ts', import.meta.url).pathname;
  if (threads > 0 && workerFile !== built) console.log('(no build/render-worker.js: the threads run the source under tsx, a little slower; `npm run build` first)');
  const pool = new RenderPool({
    threads,
    timeoutMs: 60_000,
    workerFile,
    components: SITE_COMPONENTS,
    heapMb: renderThreadHeapMb(config.memoryMb),
    youngMb: renderThreadYoungMb(config.memoryMb),
  });
  let warnings = 0;
  const cache = new CountedCache('rendered', 1024 * 1024 * 1024, renderedEntryBytes);
  const pages = new PageRenderer(
    (oid) => repository.readBlob(oid),
    cache,
    pool,
    () => void warnings++,
  );
  const read = (file: string) => readTreeFile((oid) => repository.readBlob(oid), docSet.tree, file);
  const presetData = await loadPresetData(read);
  const table = linkTableOf(docSet, presetData.data);
  const now = new Date(`${process.env.DOCSITE_NOW ?? '2026-11-22'}T12:00:00Z`);
  const started = performance.now();
  let errors = 0;
  let unknown = 0;
  let banners = 0;
  for (const doc of docSet.docs) {
    const banner = pageBanner({ frontMatter: doc.frontMatter, sourcePath: doc.sourcePath, editUrl: docSet.config.editUrl }, presetData, now);
    const page = await pages.render(doc, docSet, { prefix: `/${docSet.location.base}`, now, table, banner });
    if (page.html.includes('class="render-error"')) errors++;
    if (page.html.includes('class="mdx-unknown"') || page.html.includes('mdx-missing-file')) unknown++;
    if (page.bannerHtml) banners++;
  }
  const seconds = (performance.now() - started) / 1000;
  const stats = cache.stats();
  await pool.close();
  console.log(`cold render (${threads} threads): ${docSet.docs.length} pages in ${seconds.toFixed(2)} s = ${(docSet.docs.length / seconds).toFixed(0)} pages/s`);
  console.log(`render cache: ${stats.entries} entries, ${(stats.bytes / 1024 / 1024).toFixed(1)} MiB`);
  console.log(`pages with an error block: ${errors}; with an unknown-component or missing-file notice: ${unknown}; with a banner: ${banners}; warnings logged: ${warnings}`);
}

main().catch((error) => {
  console.log(error);
  process.exitCode = 1;
});
