// Rendered pages cached by what determines them: the blob, the renderer version and the link
// context (what links, assets, data and configuration resolve against, plus the URL prefix),
// never the request. A push that edits page text leaves every other page's entry valid, and
// branches that share the rest share entries. Pages that list other docs (DocCardList) are good
// for their commit only, date-dependent ones for their day; the banner is computed per request.
// Rendering runs in worker threads with a time budget (render-pool.ts). A page that fails a
// limit or the budget is remembered by blob oid alone, so no other URL prefix, branch or link
// context spends that budget on it again (docs/decisions/006-render-budget.md).
import crypto from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { isDocFile, type Doc, type DocSet } from '../content/doc-set.js';
import { renderErrorBlock, RENDERER_VERSION, type RenderedPage } from './render.js';
import { siteData, type SiteData } from './site-data.js';
import { linkTable, rawImports, type LinkTable, type RenderJob } from './render-job.js';
import { RenderBudgetError, RenderPool } from './render-pool.js';
import type { SourceProblem } from './parse.js';
import { pageBannerHtml } from './banners.js';
import type { DocCard } from './context.js';

/** A rendered page plus the banner for the date it was asked for. */
export interface PageView extends RenderedPage {
  /** The page banner (draft, unsupported version...) for the date: sanitized HTML, '' for none. */
  bannerHtml: string;
}

/** The options of one render: ref prefix, date, and the sidebar's cards when known. */
export interface RenderOptions {
  prefix: string;
  now: Date;
  docCards?: (docId: string) => DocCard[];
}

interface CacheEntry {
  page: RenderedPage;
  /** The day a date-dependent page was rendered for. */
  day?: string;
  /** The commit a page that lists other docs was rendered for. */
  commit?: string;
}

const linkContexts = new WeakMap<DocSet, string>();
const linkTables = new WeakMap<DocSet, LinkTable>();

/**
 * A hash of everything outside a page's own source that its HTML depends on: the site
 * configuration, where every doc is served (links), and the content of every other file (assets,
 * raw imports, data files). Computed once per doc set.
 */
function linkContextKey(docSet: DocSet): string {
  let key = linkContexts.get(docSet);
  if (!key) {
    const hash = crypto.createHash('sha256').update(JSON.stringify(docSet.config));
    const docsPrefix = `${docSet.location.path}/`;
    for (const [path, entry] of docSet.tree) {
      const doc = path.startsWith(docsPrefix) && isDocFile(path.slice(docsPrefix.length)) ? docSet.bySourcePath.get(path) : undefined;
      hash.update(`\n${path}\0${doc ? doc.permalink : entry.oid}`);
    }
    key = hash.digest('base64url').slice(0, 22);
    linkContexts.set(docSet, key);
  }
  return key;
}

/** The link table sent to render workers, built once per doc set. */
function linkTableOf(docSet: DocSet, data: SiteData): LinkTable {
  let table = linkTables.get(docSet);
  if (!table) {
    // Keyed by commit too: the table carries doc titles (DocCardList), which the link context omits.
    table = linkTable(docSet, `${linkContextKey(docSet)}:${docSet.commit}`, data);
    linkTables.set(docSet, table);
  }
  return table;
}

/** Renders docs with a byte-bounded cache. */
export class PageRenderer {
  private readonly cache: LRUCache<string, CacheEntry>;
  /** Pages that failed a limit or the time budget, by blob oid and renderer version. */
  private readonly failures = new LRUCache<string, SourceProblem>({ max: 10_000 });
  private readonly pool: RenderPool;
  /** Cache lookups that hit and missed, for metrics. */
  readonly counters = { hits: 0, misses: 0 };

  constructor(
    private readonly readBlob: (oid: string) => Promise<Uint8Array>,
    maxBytes: number,
    pool?: RenderPool,
  ) {
    this.pool = pool ?? sharedPool();
    this.cache = new LRUCache<string, CacheEntry>({ maxSize: maxBytes, sizeCalculation: ({ page }) => pageBytes(page) });
  }

  /** Renders a doc of a DocSet for a ref prefix and date, from the cache when possible. */
  async render(doc: Doc, docSet: DocSet, opts: RenderOptions): Promise<PageView> {
    const data = await siteData(docSet, this.readBlob);
    const day = opts.now.toISOString().slice(0, 10);
    const key = `${doc.blobOid}:${RENDERER_VERSION}:${linkContextKey(docSet)}:${opts.prefix}:${doc.sourcePath}`;
    const failureKey = `${doc.blobOid}:${RENDERER_VERSION}`;
    const failure = this.failures.get(failureKey);
    let entry = failure ? { page: failedPage({ ...failure, file: doc.sourcePath }) } : this.cache.get(key);
    if (entry && entry.day !== undefined && entry.day !== day) entry = undefined;
    if (entry && entry.commit !== undefined && entry.commit !== docSet.commit) entry = undefined;
    this.counters[entry ? 'hits' : 'misses']++;
    if (!entry) {
      const page = await this.renderFresh(doc, docSet, data, opts);
      if (page.error?.code === 'limit') this.failures.set(failureKey, page.error);
      else {
        entry = { page, day: page.dateDependent ? day : undefined, commit: page.listsOtherDocs ? docSet.commit : undefined };
        this.cache.set(key, entry);
      }
      entry ??= { page };
      for (const warning of page.warnings) console.warn(JSON.stringify({ level: 'warn', msg: 'render', ...warning }));
      if (page.error?.code === 'limit') console.warn(JSON.stringify({ level: 'warn', msg: 'render refused', ...page.error }));
    }
    const bannerHtml = pageBannerHtml({ frontMatter: doc.frontMatter, sourcePath: doc.sourcePath, editUrl: docSet.config.editUrl }, data, opts.now);
    return { ...entry.page, bannerHtml };
  }

  /** Entries and bytes held, for benchmarks and metrics. */
  stats(): { entries: number; bytes: number } {
    return { entries: this.cache.size, bytes: this.cache.calculatedSize };
  }

  /** Renders a doc in the worker pool; a render over the time budget becomes a `limit` failure. */
  private async renderFresh(doc: Doc, docSet: DocSet, data: SiteData, opts: RenderOptions): Promise<RenderedPage> {
    const source = new TextDecoder().decode(await this.readBlob(doc.blobOid));
    const rawFiles: Record<string, string> = {};
    for (const path of rawImports(source, doc.sourcePath)) {
      const text = await this.readFile(docSet, path);
      if (text !== undefined) rawFiles[path] = text;
    }
    // Cards are computed here (the sidebars live on this thread), and only for pages that list them.
    const docCards = opts.docCards && source.includes('DocCardList') ? opts.docCards(doc.id) : undefined;
    const job: RenderJob = { source, file: doc.sourcePath, docId: doc.id, permalink: doc.permalink, frontMatter: doc.frontMatter, prefix: opts.prefix, now: opts.now, rawFiles, docCards };
    try {
      return await this.pool.render(job, linkTableOf(docSet, data));
    } catch (error) {
      if (!(error instanceof RenderBudgetError)) throw error;
      const message =
        error.reason === 'timeout'
          ? `This page took too long to render (more than ${this.pool.timeoutMs / 1000} s) and is not shown.`
          : `This page stopped the renderer (${error.message}) and is not shown.`;
      return failedPage({ code: 'limit', file: doc.sourcePath, message });
    }
  }

  private async readFile(docSet: DocSet, path: string): Promise<string | undefined> {
    const entry = docSet.tree.get(path);
    return entry ? new TextDecoder().decode(await this.readBlob(entry.oid)) : undefined;
  }
}

let pool: RenderPool | undefined;

/** One pool per process: the threads are a machine-wide budget, not a per-site one. */
function sharedPool(): RenderPool {
  pool ??= new RenderPool();
  return pool;
}

/** The page shown for a failure: the notice naming the file, nothing else. */
function failedPage(error: SourceProblem): RenderedPage {
  return { html: renderErrorBlock(error), headings: [], toc: [], warnings: [], error, dateDependent: false, listsOtherDocs: false };
}

function pageBytes(page: RenderedPage): number {
  const headings = page.headings.reduce((n, h) => n + 48 + (h.text.length + h.id.length) * 2, 0);
  return 256 + page.html.length * 2 + headings + page.toc.length * 16 + (page.description?.length ?? 0) * 2;
}
