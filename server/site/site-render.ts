// Rendering for the site: pages on the render threads (cached by blob, renderer version and link
// context), each page's links for the link report, rendered diffs, and the data and link table
// every page of a commit renders against.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { instanceById } from '../config/site-config.js';
import { markdownOptions, type MarkdownOptions } from '../config/markdown-config.js';
import { docSetKey, type Doc, type DocSet } from '../content/doc-set.js';
import { docCardsOf } from '../content/sidebars/navigation.js';
import type { SiteSidebars } from '../content/sidebars/sidebars.js';
import { docEditUrl } from '../docs/edit-url.js';
import type { Repository } from '../git/repository.js';
import { linkTableBytes, linkTableOf, PageRenderer, type PageView, type RenderedDisk, type RenderedEntry, type RenderOptions } from '../markdown/page-renderer.js';
import type { LinkTable } from '../markdown/render-job.js';
import { RenderPool } from '../markdown/render-pool.js';
import { pageLinks, pageLinksBytes, type PageLinks } from '../markdown/link-check.js';
import { pageBanner, problemsFor, SITE_COMPONENTS, type PresetData } from '../presets/index.js';
import type { Problem } from '../problem.js';
import { diffHtml, type HtmlDiff } from '../review/html-diff.js';
import type { PageInput } from '../search/page-types.js';
import { buildSegment, type Segment } from '../search/segment.js';
import type { Caches } from './caches/caches.js';
import type { DiskCache } from './caches/disk-cache.js';
import { renderThreadHeapMb, renderThreadYoungMb, type ServerConfig } from './env.js';
import type { Logger } from './log.js';
import { isWorkStop } from '../work-context.js';
import { permalinkOnRef } from '../urls.js';
import type { Sandbox } from '../sandbox/sandbox.js';
import { siteSandbox } from './site-code.js';
import { IslandRenderer, type IslandSite } from '../sandbox/islands.js';
import { treeFiles } from '../sandbox/site-files.js';
import { RemarkPluginRunner } from '../sandbox/remark-plugins.js';

/** What rendering needs of the site. */
export interface RenderHost {
  repository(): Repository;
  caches: Caches;
  log: Logger;
  now(): Date;
  /** The default ref, which the pages' banners link their edit URL on. */
  defaultRef(): string;
  /** A doc set's sidebars, which `<DocCardList />` lists the categories of. */
  sidebars(docSet: DocSet): Promise<SiteSidebars>;
  /** The presets' data of a doc set's commit: banners, components and links read it. */
  presetData(docSet: DocSet): Promise<PresetData>;
  /** The sandbox the site's components in pages render in (none: a thread of their own, which exits when idle). */
  sandbox?: Sandbox;
  /** What the site's code reads of the site at a doc set's commit (island-site.ts); none: its title, URL and folder only. */
  islandSite?(docSet: DocSet): Promise<Omit<IslandSite, 'permalink'>>;
}

/** The site's rendering: one pool of render threads and the page renderer in front of it. */
export class SiteRenderer {
  /** The render threads: pages, the link report's reading of pages, and rendered diffs. */
  readonly pool: RenderPool;
  private readonly pages: PageRenderer;
  /** The site's own components in pages, rendered in the sandbox (started on first use). */
  readonly islands: IslandRenderer;
  /** The site's own remark plugins, run over pages' trees in the same sandbox. */
  readonly plugins: RemarkPluginRunner;

  /** With `disk`, rendered articles are also kept there and read back after a restart. */
  constructor(
    private readonly host: RenderHost,
    config: ServerConfig,
    disk?: DiskCache,
  ) {
    const sandbox = host.sandbox ?? siteSandbox(config);
    this.islands = new IslandRenderer(sandbox);
    this.plugins = new RemarkPluginRunner(sandbox);
    this.pool = new RenderPool({
      threads: config.renderThreads,
      timeoutMs: config.renderTimeoutMs,
      workerFile: renderWorkerFile(),
      components: SITE_COMPONENTS,
      heapMb: renderThreadHeapMb(config.memoryMb),
      youngMb: renderThreadYoungMb(config.memoryMb),
      idleMs: config.renderIdleSeconds * 1000,
    });
    // Through the host: a re-clone swaps the repository, and the renderer must follow it.
    this.pages = new PageRenderer(
      (oid) => host.repository().readBlob(oid),
      host.caches.rendered,
      this.pool,
      (msg, problem) => host.log.warn(problem, msg),
      disk && renderedOnDisk(disk),
      async (specs, doc, docSet, now) => {
        const files = treeFiles(docSet.tree, (oid) => host.repository().readBlob(oid));
        const site = (await host.islandSite?.(docSet)) ?? { baseUrl: '/', title: docSet.config.title, url: docSet.config.url ?? '', siteDir: docSet.config.siteDir };
        return this.islands.render(files, specs, { ...site, permalink: doc.permalink }, now);
      },
      (tree, plugins, doc, docSet, source, now) => {
        const files = treeFiles(docSet.tree, (oid) => host.repository().readBlob(oid));
        return this.plugins.run(files, { path: doc.sourcePath, source, frontMatter: doc.frontMatter, siteDir: docSet.config.siteDir }, tree, plugins, now);
      },
    );
  }

  /** Pages rendered since start, as opposed to read from a cache in memory or on disk (for /metrics). */
  get renders(): number {
    return this.pages.renders;
  }

  /**
   * A doc rendered to HTML for a ref's URL prefix, cached by blob, renderer version and link
   * context; its banner is computed for `now()` on every call. Every caller (a reader's page, a
   * review diff, the search index) gets the same HTML for the same page and prefix, as they share
   * one cache entry.
   */
  async renderDoc(
    doc: Doc,
    docSet: DocSet,
    opts: Pick<Partial<RenderOptions>, 'prefix' | 'excerpt'> & { sidebars?: SiteSidebars } = {},
  ): Promise<PageView & { problems: Problem[] }> {
    const now = this.host.now();
    const prefix = opts.prefix ?? `/${docSet.location.base}`;
    // <DocCardList /> shows the items of the sidebar category this page is the link of, on the reader's ref.
    // A request passes the sidebars it read already (request-reads.ts).
    const sidebars = opts.sidebars ?? (await this.host.sidebars(docSet));
    const docCards = (docId: string) =>
      docCardsOf(sidebars.sidebars, docSet, docId).flatMap((card) =>
        card.permalink ? [{ title: card.label, href: permalinkOnRef(card.permalink, docSet.location.base, prefix), description: card.description }] : [],
      );
    const presetData = await this.host.presetData(docSet);
    const instance = instanceById(docSet.config, docSet.instance);
    const editUrl = docEditUrl(instance, doc, this.host.defaultRef());
    const banner = pageBanner({ frontMatter: doc.frontMatter, sourcePath: doc.sourcePath, editUrl }, presetData, now);
    const page = await this.pages.render(doc, docSet, {
      prefix,
      now,
      docCards,
      banner,
      table: await this.linkTable(docSet),
      excerpt: opts.excerpt,
    });
    return { ...page, problems: [...(doc.error ? [doc.error] : []), ...problemsFor(presetData, { components: page.components, banner: banner.length > 0 })] };
  }

  /**
   * A doc's links and anchors, read in a render thread once per blob and kept in the derived cache.
   * A page the budget stopped has no links (its error says why).
   */
  docLinks(doc: Doc, markdown?: MarkdownOptions): Promise<PageLinks> {
    // Keyed by blob, and by the Markdown options when a site sets them (markdown.format, mdx1Compat).
    const read = markdown && JSON.stringify(markdown) !== JSON.stringify(markdownOptions({})) ? `:${JSON.stringify(markdown)}` : '';
    return this.host.caches.derive(
      doc.blobOid + read,
      'page-links',
      async () => {
        const source = new TextDecoder().decode(await this.host.repository().readBlob(doc.blobOid));
        return (
          this.pool
            .call('links', { source, file: doc.sourcePath, markdown }, (task) => pageLinks(task.source, task.file, SITE_COMPONENTS, task.markdown))
            // A page over the render budget has no links; work stopped because its client left is not kept at all.
            .catch((error: Error) => (isWorkStop(error) ? Promise.reject(error) : { links: [], ids: [], error: error.message }))
        );
      },
      pageLinksBytes,
    );
  }

  /**
   * Two rendered pages compared (server/review/html-diff.ts) on a render thread, under the render
   * time budget: a diff past it is a RenderBudgetError, like a page.
   */
  diffRendered(oldHtml: string, newHtml: string): Promise<HtmlDiff> {
    return this.pool.call('diff', { oldHtml, newHtml }, ({ oldHtml: before, newHtml: after }) => diffHtml(before, after));
  }

  /** Pages packed into a search index segment on a render thread, under the render time budget (here, with no threads). */
  indexSegment(pages: PageInput[]): Promise<Segment> {
    return this.pool.call('segment', { pages }, ({ pages: inputs }) => buildSegment(inputs));
  }

  /**
   * Renders a doc set's first page once on every render thread in turn, so that no reader (nor a
   * push's first page, on a replica that a cache in front kept idle) pays for a thread's first run.
   * Answers that page's permalink; rejects when the page fails to render (RenderPool.warmUp stops there).
   */
  async warmUp(docSet: DocSet): Promise<string | undefined> {
    const doc = docSet.docs.find((candidate) => !candidate.error);
    if (!doc) return undefined;
    const table = await this.linkTable(docSet);
    await this.pages.warmUp(doc, docSet, { prefix: `/${docSet.location.base}`, now: this.host.now(), table });
    return doc.permalink;
  }

  /** What every page of a doc set links against, sent to the render workers. */
  private linkTable(docSet: DocSet): Promise<LinkTable> {
    return this.host.caches.derive(docSetKey(docSet.commit, docSet), 'link-table', async () => linkTableOf(docSet, (await this.host.presetData(docSet)).data), linkTableBytes);
  }
}

/** Rendered articles in the disk cache: gzipped, as HTML shrinks to a fifth. */
function renderedOnDisk(disk: DiskCache): RenderedDisk {
  return {
    read: async (key) => (await disk.read(`rendered:${key}`)) as RenderedEntry | undefined,
    write: (key, entry) => disk.write(`rendered:${key}`, entry, { compress: true }),
    touch: (key) => disk.touch(`rendered:${key}`),
  };
}

/** The render worker: build/render-worker.js beside the built server, or the source file under tsx and vitest. */
function renderWorkerFile(): string {
  const here = fileURLToPath(import.meta.url);
  return here.endsWith('.ts') ? path.join(path.dirname(here), 'render-worker.ts') : path.join(path.dirname(here), 'render-worker.js');
}
