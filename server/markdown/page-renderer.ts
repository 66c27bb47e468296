// Rendered pages cached by what determines them: the blob, the renderer version and the link
// context (commit and URL prefix), never the request. Only date-dependent pages expire daily, and
// the date-dependent banner is computed per request, outside the cache.
import { LRUCache } from 'lru-cache';
import type { Doc, DocSet } from '../content/doc-set.js';
import { renderPage, RENDERER_VERSION, type RenderedPage } from './render.js';
import { siteData } from './site-data.js';
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
}

/** Renders docs with a byte-bounded cache. */
export class PageRenderer {
  private readonly cache: LRUCache<string, CacheEntry>;
  /** Cache lookups that hit and missed, for metrics. */
  readonly counters = { hits: 0, misses: 0 };

  constructor(
    private readonly readBlob: (oid: string) => Promise<Uint8Array>,
    maxBytes: number,
  ) {
    this.cache = new LRUCache<string, CacheEntry>({ maxSize: maxBytes, sizeCalculation: ({ page }) => pageBytes(page) });
  }

  /** Renders a doc of a DocSet for a ref prefix and date, from the cache when possible. */
  async render(doc: Doc, docSet: DocSet, opts: RenderOptions): Promise<PageView> {
    const data = await siteData(docSet, this.readBlob);
    const day = opts.now.toISOString().slice(0, 10);
    const key = `${doc.blobOid}:${RENDERER_VERSION}:${docSet.commit}:${opts.prefix}:${doc.sourcePath}`;
    let entry = this.cache.get(key);
    if (entry && entry.day !== undefined && entry.day !== day) entry = undefined;
    this.counters[entry ? 'hits' : 'misses']++;
    if (!entry) {
      const source = new TextDecoder().decode(await this.readBlob(doc.blobOid));
      const page = await renderPage(
        source,
        { file: doc.sourcePath, docId: doc.id, permalink: doc.permalink, frontMatter: doc.frontMatter, docSet, prefix: opts.prefix, data, rawFiles: new Map(), now: opts.now, docCards: opts.docCards },
        (path) => this.readFile(docSet, path),
      );
      entry = { page, day: page.dateDependent ? day : undefined };
      this.cache.set(key, entry);
      for (const warning of page.warnings) console.warn(JSON.stringify({ level: 'warn', msg: 'render', ...warning }));
    }
    const bannerHtml = pageBannerHtml({ frontMatter: doc.frontMatter, sourcePath: doc.sourcePath, editUrl: docSet.config.editUrl }, data, opts.now);
    return { ...entry.page, bannerHtml };
  }

  /** Entries and bytes held, for benchmarks and metrics. */
  stats(): { entries: number; bytes: number } {
    return { entries: this.cache.size, bytes: this.cache.calculatedSize };
  }

  private async readFile(docSet: DocSet, path: string): Promise<string | undefined> {
    const entry = docSet.tree.get(path);
    return entry ? new TextDecoder().decode(await this.readBlob(entry.oid)) : undefined;
  }
}

function pageBytes(page: RenderedPage): number {
  const headings = page.headings.reduce((n, h) => n + 48 + (h.text.length + h.id.length) * 2, 0);
  return 256 + page.html.length * 2 + headings + page.toc.length * 16 + (page.description?.length ?? 0) * 2;
}
