// The worker-thread side of the render pool (piscina loads this file's default export; the build
// makes it build/render-worker.js). It lives in the site layer because it combines the generic
// renderer with the presets' components. Link tables are kept per link context and commit, so the
// main thread sends one only when this worker lacks it.
import { linkedDocSet, NEED_TABLE, renderJob, type LinkTable, type LinksTask, type WorkerTask } from '../markdown/render-job.js';
import { pageLinks, type PageLinks } from '../markdown/link-check.js';
import type { RenderedPage } from '../markdown/render.js';
import { SITE_COMPONENTS } from '../presets/index.js';
import { diffHtml, type HtmlDiff } from '../review/html-diff.js';
import type { PageInput } from '../search/page-types.js';
import { buildSegment, type Segment } from '../search/segment.js';
import type { MessagePort } from 'node:worker_threads';

const TABLES_KEPT = 4;
const tables = new Map<string, { docSet: ReturnType<typeof linkedDocSet>; table: LinkTable }>();

/** Renders one task; answers NEED_TABLE when the link table is neither sent nor cached. */
export default async function render(task: WorkerTask): Promise<RenderedPage | typeof NEED_TABLE> {
  task.started.postMessage('started');
  task.started.close();
  let entry = tables.get(task.key);
  if (!entry && !task.table) return NEED_TABLE;
  if (!entry) {
    entry = { docSet: linkedDocSet(task.table!), table: task.table! };
    tables.set(task.key, entry);
    if (tables.size > TABLES_KEPT) tables.delete(tables.keys().next().value!);
  }
  return renderJob(task.job, entry.docSet, entry.table.data, SITE_COMPONENTS);
}

/** Reads one page's links and anchors (the link report). */
export function links(task: LinksTask): PageLinks {
  task.started.postMessage('started');
  task.started.close();
  return pageLinks(task.source, task.file, SITE_COMPONENTS, task.markdown);
}

/** Compares two rendered pages (server/review/html-diff.ts) off the main thread, under the render budget. */
export function diff(task: { oldHtml: string; newHtml: string; started: MessagePort }): HtmlDiff {
  task.started.postMessage('started');
  task.started.close();
  return diffHtml(task.oldHtml, task.newHtml);
}

/** Packs pages into a search index segment (server/search/segment.ts) off the main thread, under the render budget. */
export function segment(task: { pages: PageInput[]; started: MessagePort }): Segment {
  task.started.postMessage('started');
  task.started.close();
  return buildSegment(task.pages);
}
