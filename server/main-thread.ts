// Sharing the main thread (docs/decisions/030-cost-model.md). Git objects are read from a pack held
// in memory, so a walk of thousands of them (a doc set, a history) awaits only promises that are
// already settled and never lets the event loop turn: one cold commit held every other request,
// cached pages included, for up to half a second. Each step of such a walk calls `shareTheLoop()`.
// Past a few milliseconds of work, the steps of every walk wait in line and go on one step per turn
// of the event loop, so requests waiting in between (readers) are answered first. A walk alone goes
// on for a few milliseconds at a time. A published version's reader never waits in that line.
import { perProcess } from './per-process.js';
import { currentWork, LANES, type Lane } from './work-context.js';

/** How long the steps of background walks may run in one turn of the event loop. */
const SLICE_MS = 4;

/** The line: one for the process, whichever bundle's code walks (per-process.ts). */
const line = perProcess('main-thread', () => ({
  /** Steps waiting for their turn, first come first served. */
  waiting: [] as (() => void)[],
  turnStarted: performance.now(),
  scheduled: false,
  /** Steps taken since start, by the lane of their work (for /metrics). */
  steps: Object.fromEntries(LANES.map((lane) => [lane, 0])) as Record<Lane, number>,
}));

/** Returns at once within the current slice (or for a published version's reader); else waits for a later turn of the event loop. */
export function shareTheLoop(): Promise<void> | undefined {
  const { lane } = currentWork();
  line.steps[lane]++;
  if (lane === 'reader') return;
  if (!line.waiting.length && performance.now() - line.turnStarted < SLICE_MS) return;
  return new Promise<void>((resolve) => {
    line.waiting.push(resolve);
    if (!line.scheduled) {
      line.scheduled = true;
      setImmediate(release);
    }
  });
}

/** The steps of walks taken since start, by lane. */
export function loopSteps(): Readonly<Record<Lane, number>> {
  return line.steps;
}

/**
 * One turn: lets the first waiting step go on (for up to a slice, if nobody else waits by then); the
 * next waits for the next turn. One at a time, because a step let go runs in microtasks after this
 * returns: the clock cannot tell how long several let go together would run.
 */
function release(): void {
  line.turnStarted = performance.now();
  line.waiting.shift()!();
  line.scheduled = line.waiting.length > 0;
  if (line.scheduled) setImmediate(release);
}
