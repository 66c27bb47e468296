// Sharing the main thread (docs/decisions/030-cost-model.md). Git objects are read from a pack held
// in memory, so a walk of thousands of them (a doc set, a history) awaits only promises that are
// already settled and never lets the event loop turn: one cold commit held every other request,
// cached pages included, for up to half a second. Each step of such a walk calls `shareTheLoop()`.
// Past a few milliseconds of work, the steps of every walk wait in line and go on one step per turn
// of the event loop, so requests waiting in between (readers) are answered first. A walk alone goes
// on for a few milliseconds at a time. A published version's reader never waits in that line.
import { currentWork } from './work-context.js';

/** How long the steps of background walks may run in one turn of the event loop. */
const SLICE_MS = 4;

/** Steps waiting for their turn, first come first served. */
const waiting: (() => void)[] = [];
let turnStarted = performance.now();
let scheduled = false;

/** Returns at once within the current slice (or for a published version's reader); else waits for a later turn of the event loop. */
export function shareTheLoop(): Promise<void> | undefined {
  if (currentWork().lane === 'reader') return;
  if (!waiting.length && performance.now() - turnStarted < SLICE_MS) return;
  return new Promise<void>((resolve) => {
    waiting.push(resolve);
    if (!scheduled) {
      scheduled = true;
      setImmediate(release);
    }
  });
}

/**
 * One turn: lets the first waiting step go on (for up to a slice, if nobody else waits by then); the
 * next waits for the next turn. One at a time, because a step let go runs in microtasks after this
 * returns: the clock cannot tell how long several let go together would run.
 */
function release(): void {
  turnStarted = performance.now();
  waiting.shift()!();
  scheduled = waiting.length > 0;
  if (scheduled) setImmediate(release);
}
