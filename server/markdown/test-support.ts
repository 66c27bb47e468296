// Builds a render context from a few files in memory, for the renderer's unit tests.
import { parseSiteConfig } from '../config/site-config.js';
import type { Doc } from '../content/doc-set.js';
import type { RenderContext } from './context.js';
import { DOCUSAURUS_COMPONENTS, type ComponentSet } from './components/index.js';
import { PageRenderer, type RenderedCache, type RenderedEntry } from './page-renderer.js';
import { RenderPool } from './render-pool.js';
import { renderPage, type RenderedPage } from './render.js';

/** Renders `source` as `general/page.md` with `docs` (path -> title) and `files` (path -> text) in the repo. */
export async function renderTest(
  source: string,
  opts: {
    docs?: Record<string, string>;
    files?: Record<string, string>;
    data?: Record<string, unknown>;
    components?: ComponentSet;
    prefix?: string;
    config?: string;
    frontMatter?: Record<string, unknown>;
    file?: string;
    imageSizes?: RenderContext['imageSizes'];
    islands?: RenderContext['islands'];
    markdown?: RenderContext['markdown'];
    pluginTree?: RenderContext['pluginTree'];
  } = {},
): Promise<RenderedPage> {
  const file = opts.file ?? 'general/page.md';
  const docs: Doc[] = Object.entries({ [file]: 'Page', ...opts.docs }).map(([sourcePath, title]) => {
    const id = sourcePath.replace(/^general\//, '').replace(/\.mdx?$/, '');
    const slug = id.replace(/\/index$/, '');
    return {
      id,
      title,
      permalink: `/general/${slug}`,
      sourcePath,
      relativePath: sourcePath.slice(8),
      sourceDirName: id.split('/').slice(0, -1).join('/') || '.',
      blobOid: 'x',
      frontMatter: {},
      tags: [],
      unlisted: false,
    };
  });
  const files = { ...opts.files };
  const tree = new Map(
    Object.keys({ ...files, ...Object.fromEntries(docs.map((d) => [d.sourcePath, ''])) }).map((path, i) => [path, { oid: i.toString(16).padStart(40, '0'), mode: '100644' }]),
  );
  const context: RenderContext = {
    file,
    docId: docs[0].id,
    permalink: docs[0].permalink,
    frontMatter: opts.frontMatter ?? {},
    docSet: {
      tree: tree as never,
      docs,
      byId: new Map(docs.map((d) => [d.id, d])),
      bySourcePath: new Map(docs.map((d) => [d.sourcePath, d])),
      location: { path: 'general', base: 'general' },
      config: parseSiteConfig(opts.config),
    },
    prefix: opts.prefix ?? '/general',
    data: opts.data ?? {},
    components: opts.components ?? DOCUSAURUS_COMPONENTS,
    rawFiles: new Map(),
    now: new Date('2026-11-22T12:00:00Z'),
    imageSizes: opts.imageSizes,
    islands: opts.islands,
    markdown: opts.markdown,
    pluginTree: opts.pluginTree,
  };
  return renderPage(source, context, async (path) => files[path]);
}

/** The oid renderTest gives a repository file. */
export function testOid(opts: { files?: Record<string, string> }, path: string): string {
  return Object.keys(opts.files ?? {})
    .indexOf(path)
    .toString(16)
    .padStart(40, '0');
}

/** A page renderer for unit tests: on the calling thread, with Docusaurus's components, an unbounded cache whose lookups are counted, logging nothing. */
export function testPageRenderer(readBlob: (oid: string) => Promise<Uint8Array>): { renderer: PageRenderer; counters: { hits: number; misses: number } } {
  const pool = new RenderPool({ threads: 0, timeoutMs: 10_000, workerFile: '', components: DOCUSAURUS_COMPONENTS });
  const entries = new Map<string, RenderedEntry>();
  const counters = { hits: 0, misses: 0 };
  const cache: RenderedCache = { get: (key) => entries.get(key), set: (key, entry) => void entries.set(key, entry), count: (hit) => void counters[hit ? 'hits' : 'misses']++ };
  return { renderer: new PageRenderer(readBlob, cache, pool, () => undefined), counters };
}
