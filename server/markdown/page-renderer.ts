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
import { toHtml } from 'hast-util-to-html';
import type { ElementContent, Root } from 'hast';
import { isDocFile, type Doc, type DocSet } from '../content/doc-set.js';
import type { Problem } from '../problem.js';
import { renderErrorBlock, RENDERER_VERSION, type RenderedPage } from './render.js';
import { linkTable, markdownImports, type LinkTable, type RenderJob } from './render-job.js';
import type { IslandSpec, RenderedIslands } from '../sandbox/islands.js';
import { RenderBudgetError, type RenderPool } from './render-pool.js';
import { h } from './components/hast.js';
import { sanitize } from './sanitize.js';
import { sharedLoad } from '../work-context.js';
import { JobFiles } from './job-files.js';
import { isUnreadableFile, readFileContent } from '../git/file-content.js';
import type { DocCard } from './context.js';
import { pluginRound, type RunPlugins } from './plugin-round.js';

/** A rendered page plus the banner for the date it was asked for. */
export interface PageView extends RenderedPage {
  /** The page banner (draft, unsupported version...) for the date: sanitized HTML, '' for none. */
  bannerHtml: string;
}

/** The options of one render: ref prefix, date, the commit's link table, banner and sidebar cards. */
export interface RenderOptions {
  prefix: string;
  now: Date;
  /** The commit's link table (linkTableOf), built once per commit by the caller's cache. */
  table: LinkTable;
  /** Notices to show above the page on this date (sanitized here). */
  banner?: ElementContent[];
  docCards?: (docId: string) => DocCard[];
  /** Renders only what comes before this marker (a blog post's truncated form on list pages). */
  excerpt?: RegExp;
}

/** What the page renderer needs of its cache: read, write, and count lookups. */
export interface RenderedCache {
  get(key: string): RenderedEntry | undefined;
  set(key: string, entry: RenderedEntry): void;
  count(hit: boolean): void;
}

/** A slower tier behind the cache (rendered pages on disk): read on a miss, written after a render, told of hits; never rejects. */
export interface RenderedDisk {
  read(key: string): Promise<RenderedEntry | undefined>;
  write(key: string, entry: RenderedEntry): Promise<void>;
  /** A hit in memory: the disk keeps the entry as recently used. */
  touch(key: string): void;
}

/** Renders a page's islands (the site's own components) at a doc set's commit, for a date (server/sandbox/islands.ts). */
export type IslandsOf = (specs: IslandSpec[], doc: Doc, docSet: DocSet, now: Date) => Promise<RenderedIslands>;

/** Where a rendering problem goes: the request's logger. */
export type ProblemLog = (message: string, problem: Problem) => void;

/** A rendered page as the cache keeps it. */
export interface RenderedEntry {
  page: RenderedPage;
  /** The day a date-dependent page was rendered for. */
  day?: string;
  /** The commit a page that lists other docs was rendered for. */
  commit?: string;
  /** Until when (ms since the epoch) a page a limit stopped part of is kept: then it is rendered again. */
  until?: number;
}

/**
 * The link table of a commit: what every page links against. Its `context` hashes everything
 * outside a page's own source that its HTML depends on (the site configuration, where every doc is
 * served, and the content of every other file: assets, raw imports, data files); `key` adds the
 * commit, because the table also carries doc titles (DocCardList).
 */
export function linkTableOf(docSet: DocSet, data: Readonly<Record<string, unknown>>): LinkTable {
  const hash = crypto.createHash('sha256').update(JSON.stringify(docSet.config));
  const docsPrefix = `${docSet.location.path}/`;
  for (const [path, entry] of docSet.tree) {
    const doc = path.startsWith(docsPrefix) && isDocFile(path.slice(docsPrefix.length)) ? docSet.bySourcePath.get(path) : undefined;
    hash.update(`\n${path}\0${doc ? doc.permalink : entry.oid}`);
  }
  const context = hash.digest('base64url').slice(0, 22);
  return linkTable(docSet, context, `${context}:${docSet.commit}`, data);
}

/** Rough bytes of a link table, for the cache budget. */
export function linkTableBytes(table: LinkTable): number {
  return 1000 + table.files.length * 150 + table.docs.length * 400;
}

/** Renders docs with a byte-bounded cache. */
export class PageRenderer {
  /** Pages that failed a limit or the time budget, by blob oid and renderer version. */
  private readonly failures = new LRUCache<string, Problem>({ max: 10_000 });
  /** The islands (the site's own components) each page source needed when it last rendered, by blob and path. */
  private readonly islandsByBlob = new LRUCache<string, IslandSpec[]>({ max: 2_000 });
  /** Pages rendered since start (not read from a cache): what /metrics reports as renders. */
  renders = 0;
  /** Loads under way (from disk or rendered), by key, commit and day. */
  private readonly loading = new Map<string, Promise<RenderedEntry>>();

  constructor(
    private readonly readBlob: (oid: string) => Promise<Uint8Array>,
    /** The byte-bounded cache of rendered pages; its owner sizes it with `renderedEntryBytes`. */
    private readonly cache: RenderedCache,
    private readonly pool: RenderPool,
    private readonly log: ProblemLog,
    /** Where rendered pages are kept beyond the memory cache (none: only memory). */
    private readonly disk?: RenderedDisk,
    /** Renders the site's own components in the sandbox (none: pages show their children, as for an unknown component). */
    private readonly islandsOf?: IslandsOf,
    /** Runs a page's tree through its instance's remark plugins in the sandbox (none: pages are rendered without them). */
    private readonly pluginsOf?: RunPlugins,
  ) {}

  /** Renders a doc of a DocSet for a ref prefix and date, from the cache when possible. */
  async render(doc: Doc, docSet: DocSet, opts: RenderOptions): Promise<PageView> {
    const day = opts.now.toISOString().slice(0, 10);
    const key = `${doc.blobOid}:${RENDERER_VERSION}:${opts.table.context}:${opts.prefix}:${doc.sourcePath}${opts.excerpt ? `:excerpt:${opts.excerpt.source}` : ''}`;
    const failureKey = `${doc.blobOid}:${RENDERER_VERSION}`;
    const failure = this.failures.get(failureKey);
    // A date-dependent page is good for its day, a page that lists other docs for its commit.
    const valid = (entry: RenderedEntry | undefined) =>
      entry &&
      (entry.day === undefined || entry.day === day) &&
      (entry.commit === undefined || entry.commit === docSet.commit) &&
      (entry.until === undefined || entry.until > Date.now())
        ? entry
        : undefined;
    let entry = failure ? { page: failedPage({ ...failure, file: doc.sourcePath }) } : valid(this.cache.get(key));
    this.cache.count(!!entry);
    if (entry && !failure) this.disk?.touch(key);
    // Concurrent callers (readers, the search index after a push) share one load of a page.
    entry ??= await sharedLoad(this.loading, `${key}:${docSet.commit}:${day}`, async () => {
      const kept = valid(await this.disk?.read(key));
      if (kept) {
        this.cache.set(key, kept);
        return kept;
      }
      this.renders++;
      const page = await this.renderFresh(doc, docSet, opts);
      for (const warning of page.warnings) this.log('render', warning);
      if (page.error?.code === 'limit') {
        this.log('render refused', page.error);
        this.failures.set(failureKey, page.error);
        return { page };
      }
      const fresh = {
        page,
        day: page.dateDependent ? day : undefined,
        commit: page.listsOtherDocs || page.usesSiteCode ? docSet.commit : undefined,
        until: page.retryAt,
      };
      this.cache.set(key, fresh);
      // A page that lacks a file is not kept for the next start: a fetch may bring the file.
      if (!page.incomplete) void this.disk?.write(key, fresh);
      return fresh;
    });
    const bannerHtml = opts.banner?.length ? toHtml(sanitize({ type: 'root', children: [h('div', { className: ['page-banner'] }, opts.banner)] } as Root)) : '';
    return { ...entry.page, bannerHtml };
  }

  /**
   * Renders a doc on every render thread in turn and drops the results, so each thread has run the
   * whole pipeline before a reader's page needs it (a first run costs several times a warm one).
   */
  async warmUp(doc: Doc, docSet: DocSet, opts: RenderOptions): Promise<void> {
    await this.pool.warmUp(await this.jobOf(doc, docSet, opts, new JobFiles(this.readBlob, docSet.tree, docSet.config.siteDir)), opts.table);
  }

  /**
   * Renders a doc in the worker pool; when it uses the site's own components, has them rendered in
   * the sandbox and renders it again with them (three rounds at most: a Markdown module an island
   * shows may use islands of its own). Files it names that cannot be read are shown as missing and
   * become its warnings; a page whose own file cannot be read is a notice naming it.
   */
  private async renderFresh(doc: Doc, docSet: DocSet, opts: RenderOptions): Promise<RenderedPage> {
    const files = new JobFiles(this.readBlob, docSet.tree, docSet.config.siteDir);
    let job: RenderJob;
    try {
      job = await this.jobOf(doc, docSet, opts, files);
    } catch (error) {
      if (!isUnreadableFile(error)) throw error;
      return { ...failedPage({ code: 'missing-file', file: doc.sourcePath, message: `This page's file ${error.reason}, so it cannot be shown.` }), incomplete: true };
    }
    let clock = false;
    let retryAt: number | undefined;
    const withIslands = async (specs: IslandSpec[]) => {
      const rendered = await this.islandsOf!(specs, doc, docSet, opts.now);
      clock ||= rendered.clock;
      if (rendered.retryAt !== undefined) retryAt = Math.min(retryAt ?? rendered.retryAt, rendered.retryAt);
      job.islands = { ...job.islands, ...rendered.islands };
      job.markdown = await files.markdownModules(Object.keys(rendered.markdown), doc.sourcePath, { ...job.markdown, ...rendered.markdown });
    };
    // The islands this source needed last time (at another commit or prefix) are had first: one render, not two.
    const known = this.islandsOf && this.islandsByBlob.get(`${doc.blobOid}:${doc.sourcePath}`);
    if (known) await withIslands(known);
    const render = () => this.renderJob(doc, { ...job, unreadableFiles: files.unreadablePaths.size ? [...files.unreadablePaths] : undefined }, opts);
    // The site's remark plugins: a first render gives the parsed trees, the sandbox what they make of them (plugin-round.ts).
    const plugins = this.pluginsOf && docSet.config.sitePlugins?.[docSet.instance];
    let page: RenderedPage | undefined;
    let readsDocs = false;
    if (plugins?.length) {
      job.pluginTree = 'wanted';
      page = await render();
    }
    if (plugins?.length && page?.pluginTreeNeeded !== undefined) {
      const round = await pluginRound(this.pluginsOf!, page.pluginTreeNeeded, plugins, doc, docSet, { page: job.source, markdown: job.markdown }, opts.now);
      clock ||= round.clock;
      if (round.retryAt !== undefined) retryAt = Math.min(retryAt ?? round.retryAt, round.retryAt);
      readsDocs = round.readsDocs;
      job.pluginTree = round.pluginTree;
    }
    page = page && page.pluginTreeNeeded === undefined ? page : await render();
    const needed: IslandSpec[] = [...(known ?? [])];
    for (let round = 0; round < 3 && page.islandsNeeded && this.islandsOf && !page.error; round++) {
      needed.push(...page.islandsNeeded);
      await withIslands(page.islandsNeeded);
      page = await render();
    }
    if (needed.length) this.islandsByBlob.set(`${doc.blobOid}:${doc.sourcePath}`, needed);
    if (files.unreadable.length) page = { ...page, warnings: [...page.warnings, ...files.unreadable], incomplete: true };
    // Plugins that read other pages' text make the page good for its commit only (the link context hashes docs by permalink).
    if (readsDocs) page = { ...page, usesSiteCode: true };
    // A limit stopped one of its islands: kept a while in memory only, and not by the page cache (incomplete).
    if (retryAt !== undefined) page = { ...page, incomplete: true, retryAt };
    // Islands that read the clock make the page good for its day only.
    return clock ? { ...page, dateDependent: true, islandsNeeded: undefined } : { ...page, islandsNeeded: undefined };
  }

  /** Renders a job in the worker pool; a render over the time budget becomes a `limit` failure. */
  private async renderJob(doc: Doc, job: RenderJob, opts: RenderOptions): Promise<RenderedPage> {
    try {
      return await this.pool.render(job, opts.table);
    } catch (error) {
      if (!(error instanceof RenderBudgetError)) throw error;
      const message =
        error.reason === 'timeout'
          ? `This page took too long to render (more than ${this.pool.timeoutMs / 1000} s) and is not shown.`
          : `This page stopped the renderer (${error.message}) and is not shown.`;
      return failedPage({ code: 'limit', file: doc.sourcePath, message });
    }
  }

  /** A doc's render job: its source (an UnreadableFileError when it cannot be read), and what it names read through `files`. */
  private async jobOf(doc: Doc, docSet: DocSet, opts: RenderOptions, files: JobFiles): Promise<RenderJob> {
    const whole = doc.source ?? new TextDecoder().decode(await readFileContent({ readBlob: this.readBlob }, doc.blobOid));
    // The front matter is above the marker, so the excerpt keeps it.
    const source = opts.excerpt ? (whole.split(opts.excerpt, 1)[0] ?? '') : whole;
    // Cards are computed here (the sidebars live on this thread), and only for pages that list them.
    const docCards = opts.docCards && source.includes('DocCardList') ? opts.docCards(doc.id) : undefined;
    const imported = markdownImports(source, doc.sourcePath, docSet.config.siteDir);
    return {
      source,
      file: doc.sourcePath,
      docId: doc.id,
      permalink: doc.permalink,
      frontMatter: doc.frontMatter,
      prefix: opts.prefix,
      now: opts.now,
      rawFiles: await files.rawFiles(source, doc.sourcePath),
      docCards,
      imageSizes: await files.imageSizes(source, doc, docSet, opts.prefix),
      fileHashes: await files.fileHashes(source, doc, docSet, opts.prefix),
      markdown: imported.length ? await files.markdownModules(imported, doc.sourcePath) : undefined,
    };
  }
}

/** The page shown for a failure: the notice naming the file, nothing else. */
function failedPage(error: Problem): RenderedPage {
  return { html: renderErrorBlock(error), headings: [], toc: [], warnings: [], error, dateDependent: false, listsOtherDocs: false, components: [] };
}

/** Rough bytes of a rendered page, for the cache budget. */
export function renderedEntryBytes({ page }: RenderedEntry): number {
  const headings = page.headings.reduce((n, h) => n + 48 + (h.text.length + h.id.length) * 2, 0);
  return 256 + page.html.length * 2 + headings + page.toc.length * 16 + (page.description?.length ?? 0) * 2;
}
