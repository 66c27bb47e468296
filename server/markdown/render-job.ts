// One page render as plain data, so it can cross into a worker thread: the page's source, what
// it links against (a compact link table instead of the whole DocSet), and the files and doc
// cards it needs, prefetched on the main thread.
import type { MessagePort } from 'node:worker_threads';
import type { Doc, DocSet } from '../content/doc-set.js';
import { sourcePathsOf } from '../content/localized-paths.js';
import type { DocCard, RenderContext } from './context.js';
import { renderPage, type RenderedPage } from './render.js';
import { importPath } from './import-path.js';
import { lineAt } from './images.js';
import type { ComponentSet } from './components/index.js';
import type { ImageSize } from './image-size.js';
import type { MarkdownOptions } from '../config/markdown-config.js';
import type { IslandOutcome } from '../sandbox/islands.js';
import type { PluginTree } from './plugged-tree.js';

/** The doc fields rendering reads (links resolve to permalinks, DocCardList shows titles). */
export type LinkedDoc = Pick<Doc, 'id' | 'sourcePath' | 'permalink' | 'title' | 'sidebarLabel' | 'description'>;

/** Everything outside a page that its HTML depends on, for one link context. Plain data. */
export interface LinkTable {
  /** Identifies the table: the link-context hash and the commit (workers cache tables by it). */
  key: string;
  /** The link-context hash alone: rendered pages that do not list other docs are shared across commits by it. */
  context: string;
  config: DocSet['config'];
  location: DocSet['location'];
  /** Repository path -> blob oid, for asset URLs. */
  files: [string, string][];
  docs: LinkedDoc[];
  /** The presets' data at this commit, by preset name. */
  data: Readonly<Record<string, unknown>>;
}

/** One page to render, as plain data. */
export interface RenderJob {
  source: string;
  file: string;
  docId: string;
  permalink: string;
  frontMatter: Record<string, unknown>;
  prefix: string;
  now: Date;
  /** Raw-loader imports: repository path -> text (missing files absent). */
  rawFiles: Record<string, string>;
  /** The page's sidebar cards, when sidebars are known and the page lists them. */
  docCards?: DocCard[];
  /** Width and height of the Markdown images it names, by repository path. */
  imageSizes?: Record<string, ImageSize>;
  /** The MD4 of each file the page's links name (context.ts `fileHashes`). */
  fileHashes?: Record<string, string>;
  /** The site's own components the page uses, rendered in the sandbox, by island key. */
  islands?: Record<string, IslandOutcome>;
  /** Markdown modules the page and its islands show: repository path -> text. */
  markdown?: Record<string, string>;
  /** The site's own remark plugins: ask for the parsed tree, or what they made of it (plugged-tree.ts). */
  pluginTree?: PluginTree;
  /** Files of the tree whose blobs could not be read (missing, damaged, an LFS pointer): rendered as absent. */
  unreadableFiles?: string[];
}

/** A task for a render worker: a job, the key of its link table, and the table when the worker may lack it. */
export interface WorkerTask {
  job: RenderJob;
  key: string;
  table?: LinkTable;
  /** Told when the task starts, so the time budget counts rendering only. */
  started: MessagePort;
}

/** A task for a render worker's `links` export: one page's source, to read its links and anchors. */
export interface LinksTask {
  source: string;
  file: string;
  /** The site's Markdown options (default: Docusaurus's). */
  markdown?: MarkdownOptions;
  /** Told when the task starts, so the time budget counts reading only. */
  started: MessagePort;
}

/** A worker's answer asking for the task again with its link table. */
export const NEED_TABLE = 'need-table';

/** The compact link table of a DocSet. */
export function linkTable(docSet: DocSet, context: string, key: string, data: Readonly<Record<string, unknown>>): LinkTable {
  const files: [string, string][] = [];
  for (const [file, entry] of docSet.tree) files.push([file, entry.oid]);
  const docs = docSet.docs.map(({ id, sourcePath, permalink, title, sidebarLabel, description }) => ({ id, sourcePath, permalink, title, sidebarLabel, description }));
  return { key, context, config: docSet.config, location: docSet.location, files, docs, data };
}

/** A string literal's text as JavaScript reads it: `'./\_part.md'` names `./_part.md` (an escape that means the character itself). */
function unescapeString(text: string): string {
  return text.replace(/\\(.)/g, '$1');
}

/** The repository paths a page imports with `!!raw-loader!`, found without parsing it. */
export function rawImports(source: string, file: string, siteDir = ''): { path: string; line: number }[] {
  const paths: { path: string; line: number }[] = [];
  for (const match of source.matchAll(/['"]!!raw-loader!([^'"\n]+)['"]/g)) {
    const target = importPath(file, unescapeString(match[1]), siteDir);
    if (target) paths.push({ path: target, line: lineAt(source, match.index!) });
  }
  return paths;
}

/** The repository paths of the Markdown modules a source imports (`import Part from './part.mdx'`), found without parsing it. */
export function markdownImports(source: string, file: string, siteDir = ''): { path: string; line: number }[] {
  const paths: { path: string; line: number }[] = [];
  for (const match of source.matchAll(/^\s*import\s+[\w$]+\s+from\s+['"]((?:\.{1,2}\/|@site\/)[^'"\n]+\.mdx?)['"]/gm)) {
    const target = importPath(file, unescapeString(match[1]), siteDir);
    // The line of the `import` itself: the match may start on the blank lines before it.
    if (target) paths.push({ path: target, line: lineAt(source, match.index! + match[0].length - match[0].trimStart().length) });
  }
  return paths;
}

/** The RenderContext's doc set view of a link table (what links.ts and DocCardList read). */
export function linkedDocSet(table: LinkTable): RenderContext['docSet'] {
  const docs = table.docs as Doc[];
  return {
    config: table.config,
    location: table.location,
    tree: new Map(table.files.map(([file, oid]) => [file, { oid, mode: '100644' }])) as unknown as DocSet['tree'],
    docs,
    byId: new Map(docs.map((doc) => [doc.id, doc])),
    // A locale's page links its neighbours by either folder's path, translated or not (doc-set.ts sourcePathsOf).
    bySourcePath: new Map(docs.flatMap((doc) => sourcePathsOf(table.location, doc.sourcePath).map((path) => [path, doc] as const))),
  };
}

/** A doc set view whose tree lacks `paths`: files that cannot be read are shown as missing files are. */
function withoutFiles(docSet: RenderContext['docSet'], paths: readonly string[]): RenderContext['docSet'] {
  const tree = new Map(docSet.tree);
  for (const path of paths) tree.delete(path);
  return { ...docSet, tree };
}

/** Renders a job against a link table's doc set view; pure, so it runs the same in a worker. */
export function renderJob(job: RenderJob, linked: RenderContext['docSet'], data: Readonly<Record<string, unknown>>, components: ComponentSet): Promise<RenderedPage> {
  const cards = job.docCards;
  const docSet = job.unreadableFiles?.length ? withoutFiles(linked, job.unreadableFiles) : linked;
  const context: RenderContext = {
    file: job.file,
    docId: job.docId,
    permalink: job.permalink,
    frontMatter: job.frontMatter,
    docSet,
    prefix: job.prefix,
    data,
    components,
    rawFiles: new Map(),
    now: job.now,
    docCards: cards ? () => cards : undefined,
    imageSizes: job.imageSizes,
    fileHashes: job.fileHashes,
    islands: job.islands,
    markdown: job.markdown,
    pluginTree: job.pluginTree,
  };
  return renderPage(job.source, context, async (file) => (Object.hasOwn(job.rawFiles, file) ? job.rawFiles[file] : undefined));
}
