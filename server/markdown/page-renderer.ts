// Rendered pages cached by what determines them: the blob, the renderer version and the link
// context (what links, assets, data and configuration resolve against, plus the URL prefix),
// never the request. A push that edits page text leaves every other page's entry valid, and
// branches that share the rest share entries. Pages that list other docs (DocCardList) are good
// for their commit only, date-dependent ones for their day; the banner is computed per request.
import crypto from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { isDocFile, type Doc, type DocSet } from '../content/doc-set.js';
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
  /** The commit a page that lists other docs was rendered for. */
  commit?: string;
}

const linkContexts = new WeakMap<DocSet, string>();

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
    const key = `${doc.blobOid}:${RENDERER_VERSION}:${linkContextKey(docSet)}:${opts.prefix}:${doc.sourcePath}`;
    let entry = this.cache.get(key);
    if (entry && entry.day !== undefined && entry.day !== day) entry = undefined;
    if (entry && entry.commit !== undefined && entry.commit !== docSet.commit) entry = undefined;
    this.counters[entry ? 'hits' : 'misses']++;
    if (!entry) {
      const source = new TextDecoder().decode(await this.readBlob(doc.blobOid));
      const page = await renderPage(
        source,
        { file: doc.sourcePath, docId: doc.id, permalink: doc.permalink, frontMatter: doc.frontMatter, docSet, prefix: opts.prefix, data, rawFiles: new Map(), now: opts.now, docCards: opts.docCards },
        (path) => this.readFile(docSet, path),
      );
      entry = { page, day: page.dateDependent ? day : undefined, commit: page.listsOtherDocs ? docSet.commit : undefined };
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
