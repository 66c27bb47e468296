// The worker-thread side of the render pool (piscina loads this file's default export). Link
// tables are kept per link context and commit, so the main thread sends one only when this worker lacks it.
import type { MessagePort } from 'node:worker_threads';
import { linkedDocSet, renderJob, type LinkTable, type RenderJob } from './render-job.js';
import type { RenderedPage } from './render.js';

/** A task: a job, the key of its link table, and the table itself when the worker may lack it. */
export interface WorkerTask {
  job: RenderJob;
  key: string;
  table?: LinkTable;
  /** Told when the task starts, so the time budget counts rendering only. */
  started: MessagePort;
}

/** Asks the main thread to send the task again with its link table. */
export const NEED_TABLE = 'need-table';

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
  return renderJob(task.job, entry.docSet, entry.table.data);
}
