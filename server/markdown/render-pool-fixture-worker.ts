// A stand-in render worker for render-pool.test.ts: it answers which thread ran the task, after
// waiting `job.source` milliseconds when that is a number; `log:FILE` appends it to FILE, and
// `fail:FILE` does too and then throws.
import fs from 'node:fs';
import { threadId, type MessagePort } from 'node:worker_threads';

/** Says it started, waits or logs if asked, and answers its thread id as the page's HTML. */
export default async function render(task: { job: { source: string }; started: MessagePort }): Promise<{ html: string }> {
  task.started.postMessage('started');
  task.started.close();
  const [, action, file] = /^(log|fail):(.*)$/.exec(task.job.source) ?? [];
  if (file) fs.appendFileSync(file, `${threadId}\n`);
  if (action === 'fail') throw new Error('this page breaks the renderer');
  const wait = Number(task.job.source);
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  return { html: String(threadId) };
}
