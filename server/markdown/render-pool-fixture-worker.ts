// A stand-in render worker for render-pool.test.ts: it answers which thread ran the task, after
// waiting `job.source` milliseconds when that is a number.
import { threadId, type MessagePort } from 'node:worker_threads';

/** Says it started, waits if asked, and answers its thread id as the page's HTML. */
export default async function render(task: { job: { source: string }; started: MessagePort }): Promise<{ html: string }> {
  task.started.postMessage('started');
  task.started.close();
  const wait = Number(task.job.source);
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  return { html: String(threadId) };
}
